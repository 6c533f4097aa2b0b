import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ANCHORS_STREAM, type AuditAnchoredData, chainContent, xrplWalletStreamId } from '@carbon-ledger/contracts';
import { type Sandbox, startSandbox } from '@carbon-ledger/xrpl-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database.js';
import { LedgerSealer } from '../audit/sealing/ledger-sealer.js';
import { type AppConfig, loadConfig } from '../config/config.js';
import { createApp } from '../create-app.js';
import type { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import type { ServiceRuntime } from '../infrastructure/service-runtime.js';
import { openPostgresRuntime } from '../open-runtime.js';
import { readPublishedSandbox, sandboxUrlFile } from '../infrastructure/xrpl/sandbox-url-file.js';
import { XrplConnection } from '../infrastructure/xrpl/xrpl-connection.js';
import { openAnchorLedger } from './open-tool-runtime.js';
import { runVerify, VERIFY_EXIT } from './verify-log.js';
import { sampleEvent } from '../test-support/sample-events.js';

/** A TCP port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 1;
}

describe('npm run verify: hash chains, seals, and anchors read back from the ledger', () => {
  let database: TestDatabase;
  let dataDir: string;
  let config: AppConfig;
  let opened: Awaited<ReturnType<typeof openPostgresRuntime>>;
  let pool: ServiceRuntime['pool'];
  let eventStore: PostgresEventStore;
  let sandbox: Sandbox;
  let app: NestExpressApplication;
  let serviceStopped = false;

  const event = sampleEvent;

  async function anchors() {
    return (await eventStore.readStream(ANCHORS_STREAM)).filter((recorded) => recorded.type === 'AuditAnchored');
  }

  async function sealAndAnchor(sealNumber: number): Promise<void> {
    const seal = await app.get(LedgerSealer).sealNow();
    expect(seal?.sealNumber).toBe(sealNumber);
    const deadline = Date.now() + 20_000;
    while ((await anchors()).length < sealNumber && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await anchors()).toHaveLength(sealNumber);
  }

  /**
   * Rewrites the last anchor's tx hash in the database the way a careful tamperer
   * would: its stored hash is recomputed, so the hash chain still matches and only
   * the ledger can tell. Restored afterwards.
   */
  async function withLastAnchorPointingAt<T>(txHash: string, check: () => Promise<T>): Promise<T> {
    const stream = await eventStore.readStream(ANCHORS_STREAM);
    const original = stream.at(-1)!;
    const previous = stream.at(-2);
    const data = { ...(original.data as AuditAnchoredData), txHash };
    const hash = createHash('sha256')
      .update(previous ? Buffer.from(previous.hash, 'hex') : Buffer.alloc(0))
      .update(chainContent({ ...original, data }), 'utf8')
      .digest();
    const update = (body: unknown, digest: Buffer) =>
      pool.query('update events set data = $2, hash = $3 where event_id = $1', [original.eventId, JSON.stringify(body), digest]);
    await update(data, hash);
    try {
      return await check();
    } finally {
      await update(original.data, Buffer.from(original.hash, 'hex'));
    }
  }

  const verify = (overrides: Partial<AppConfig> = {}) => runVerify({ config: { ...config, ...overrides }, ledgerTimeoutMs: 2_000 });

  beforeAll(async () => {
    database = await createTestDatabase('verifycli');
    dataDir = mkdtempSync(join(tmpdir(), 'carbon-ledger-verify-'));
    config = loadConfig({ DATABASE_URL: database.connectionString, DATA_DIR: dataDir, LOG_LEVEL: 'error', SEAL_INTERVAL_MS: '0' });
    // As `npm start` runs it: the in-process sandbox keeps its ledger under DATA_DIR/xrpl.
    sandbox = await startSandbox({ port: 0, dataDir: join(dataDir, 'xrpl'), ledgerCloseIntervalMs: 100 });
    opened = await openPostgresRuntime(config, database.connectionString, { url: sandbox.url, genesisSeed: sandbox.genesis.seed });
    ({ pool, eventStore } = opened.runtime);
    app = await createApp(opened.runtime, { logs: false });
    await app.init();
    await app.get(XrplConnection).ready;

    await eventStore.appendToStream('order-1', [event(0), event(1)], { expected: 'no_stream' });
    await sealAndAnchor(1);
    await eventStore.appendToStream('order-2', [event(0)], { expected: 'no_stream' });
    await sealAndAnchor(2);
  });
  afterAll(async () => {
    if (!serviceStopped) await app?.close();
    await sandbox?.close();
    await opened?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  describe('while the service runs', () => {
    it('checks every anchor against the running service sandbox node, found through the URL it publishes', async () => {
      expect(readPublishedSandbox(dataDir)).toMatchObject({ url: sandbox.url, pid: process.pid });
      const { code, output } = await verify();
      expect(output).toContain(`2 anchors checked against sandbox (the running service's sandbox node at ${sandbox.url}).`);
      expect(output).toContain('2 seals re-derived');
      expect(output).toMatch(/Cash ledger: \d+ accounts sum to zero \(posted and pending\); none of \d+ user accounts is below zero\./);
      expect(code).toBe(VERIFY_EXIT.ok);
    });

    it('with XRPL_URL, connects to that node', async () => {
      const { code, output } = await verify({ XRPL_URL: sandbox.url });
      expect(output).toContain(`2 anchors checked against sandbox (XRPL node at ${new URL(sandbox.url).host}).`);
      expect(code).toBe(VERIFY_EXIT.ok);
    });

    it('names an anchor whose transaction is not on the ledger', async () => {
      const forged = 'AB'.repeat(32);
      const { code, output } = await withLastAnchorPointingAt(forged, () => verify());
      expect(output).toContain('anchor:   seal 2');
      expect(output).toContain(`problem:  not found on the ledger: there is no validated transaction ${forged}`);
      expect(code).toBe(VERIFY_EXIT.mismatch);
    });

    it('names an anchor that points at a transaction another account sent', async () => {
      const [issuerTx] = await eventStore.readStream(xrplWalletStreamId('issuer'));
      const hash = (issuerTx!.data as { hash: string }).hash;
      const { code, output } = await withLastAnchorPointingAt(hash, () => verify());
      expect(output).toContain('anchor:   seal 2');
      expect(output).toMatch(new RegExp(`problem:  wrong account: transaction ${hash} was sent by r\\w+, not by the audit-anchor account r\\w+`));
      expect(code).toBe(VERIFY_EXIT.mismatch);
    });

    it('names an anchor whose transaction anchors another root', async () => {
      const [first] = await anchors();
      const firstHash = (first!.data as AuditAnchoredData).txHash;
      const { code, output } = await withLastAnchorPointingAt(firstHash, () => verify());
      expect(output).toContain('anchor:   seal 2');
      expect(output).toContain(`problem:  root differs: transaction ${firstHash} anchors root`);
      expect(output).toContain('of seal 1; seal 2');
      expect(code).toBe(VERIFY_EXIT.mismatch);
    });

    it('says the anchors are NOT checked when the running service node does not answer', async () => {
      const file = sandboxUrlFile(dataDir);
      const published = readFileSync(file, 'utf8');
      const deadUrl = `ws://127.0.0.1:${await closedPort()}`;
      writeFileSync(file, JSON.stringify({ url: deadUrl, pid: process.pid, startedAt: new Date().toISOString() }));
      try {
        const { code, output } = await verify();
        expect(output).toContain('ANCHORS NOT CHECKED: 2 of 2 anchors could not be read from sandbox.');
        expect(output).toContain(`the service is running but its sandbox node at ${deadUrl}`);
        expect(output).not.toMatch(/anchors checked against/);
        expect(code).toBe(VERIFY_EXIT.anchorsNotChecked);
      } finally {
        writeFileSync(file, published);
      }
    });

    it('says the anchors are NOT checked when XRPL_URL cannot be reached', async () => {
      const port = await closedPort();
      const { code, output } = await verify({ XRPL_URL: `ws://127.0.0.1:${port}` });
      expect(output).toContain('ANCHORS NOT CHECKED');
      expect(output).toContain(`XRPL node at 127.0.0.1:${port} cannot be reached`);
      expect(code).toBe(VERIFY_EXIT.anchorsNotChecked);
    });
  });

  describe('once the service has stopped', () => {
    let stateFile: string;
    let saved: string;

    beforeAll(async () => {
      await app.close();
      serviceStopped = true;
      await sandbox.close();
      stateFile = join(dataDir, 'xrpl', 'ledger.json');
      saved = readFileSync(stateFile, 'utf8');
    });

    it('withdrew the URL file, and reads the saved sandbox ledger read-only', async () => {
      expect(readPublishedSandbox(dataDir)).toBeUndefined();
      const modified = statSync(stateFile).mtimeMs;
      const { code, output } = await verify();
      expect(output).toMatch(
        /2 anchors checked against sandbox \(the service is not running: its sandbox ledger in .+, saved .+, served read-only on ws:\/\/127\.0\.0\.1:\d+\)\./,
      );
      expect(code).toBe(VERIFY_EXIT.ok);
      expect(readFileSync(stateFile, 'utf8')).toBe(saved);
      expect(statSync(stateFile).mtimeMs).toBe(modified);
    });

    it('catches a forged anchor on the read-only ledger too', async () => {
      const [first] = await anchors();
      const { code, output } = await withLastAnchorPointingAt((first!.data as AuditAnchoredData).txHash, () => verify());
      expect(output).toContain('problem:  root differs');
      expect(output).toContain('ledger:   sandbox (the service is not running');
      expect(code).toBe(VERIFY_EXIT.mismatch);
    });

    it('ignores a URL file a crashed service left behind', async () => {
      const gone = spawnSync(process.execPath, ['-e', '']).pid;
      writeFileSync(sandboxUrlFile(dataDir), JSON.stringify({ url: `ws://127.0.0.1:${await closedPort()}`, pid: gone, startedAt: '' }));
      try {
        const { code, output } = await verify();
        expect(output).toContain(`ignored the stale ${sandboxUrlFile(dataDir)} (pid ${gone} is gone)`);
        expect(output).toContain('2 anchors checked against sandbox');
        expect(code).toBe(VERIFY_EXIT.ok);
      } finally {
        rmSync(sandboxUrlFile(dataDir), { force: true });
      }
    });

    it('does not read the saved ledger while the service holds the data directory but has published no node', async () => {
      const ledger = await openAnchorLedger(config, { serviceRunning: true, timeoutMs: 2_000 });
      try {
        expect(ledger.gateway).toBeUndefined();
        expect(ledger.unreachable).toContain('the service is running but has not published its sandbox node');
      } finally {
        await ledger.close();
      }
    });

    it('says the anchors are NOT checked when there is no ledger or wallet to check them with', async () => {
      const elsewhere = mkdtempSync(join(tmpdir(), 'carbon-ledger-verify-empty-'));
      try {
        const { code, output } = await verify({ dataDir: elsewhere });
        expect(output).toContain('ANCHORS NOT CHECKED');
        expect(output).toContain('the audit-anchor account is unknown');
        expect(code).toBe(VERIFY_EXIT.anchorsNotChecked);
      } finally {
        rmSync(elsewhere, { recursive: true, force: true });
      }
    });
  });
});
