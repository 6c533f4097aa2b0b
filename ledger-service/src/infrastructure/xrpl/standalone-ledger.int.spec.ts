import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type Sandbox, startSandbox } from '@carbon-ledger/xrpl-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from 'xrpl';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database.js';
import { loadConfig } from '../../config/config.js';
import { createApp } from '../../create-app.js';
import { type OpenedRuntime, openRuntime } from '../../open-runtime.js';
import { ammExists } from './sandbox-provisioning.js';
import { XrplConnection } from './xrpl-connection.js';
import type { XrplGateway } from './xrpl-gateway.js';
import { XRPL_GATEWAY } from './xrpl.tokens.js';

/**
 * The compose stack's ledger: a standalone node the service reaches at XRPL_URL (here a sandbox
 * started apart from the service, standing in for rippled -a), with XRPL_GENESIS_SEED.
 */
describe('a standalone ledger at XRPL_URL with XRPL_GENESIS_SEED', () => {
  let node: Sandbox;
  let database: TestDatabase;
  let dataDir: string;
  let opened: OpenedRuntime;
  let app: NestExpressApplication;

  beforeAll(async () => {
    node = await startSandbox({ port: 0, ledgerCloseIntervalMs: 100 });
    database = await createTestDatabase('standalone');
    dataDir = mkdtempSync(join(tmpdir(), 'standalone-ledger-'));
    const config = loadConfig({
      DATABASE_URL: database.connectionString,
      DATA_DIR: dataDir,
      XRPL_URL: node.url,
      XRPL_GENESIS_SEED: node.genesis.seed,
      SEAL_INTERVAL_MS: '0',
      KYC_EXPIRY_CHECK_INTERVAL_MS: '0',
      LOG_LEVEL: 'error',
    });
    opened = await openRuntime(config);
    app = await createApp(opened.runtime, { logs: false });
    await app.init();
  });
  afterAll(async () => {
    await app?.close();
    await opened?.close();
    await node?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('funds the four platform wallets and opens the XRP/NXCC pool on that node, as the embedded sandbox does', async () => {
    await app.get(XrplConnection).ready;
    const gateway = app.get<XrplGateway>(XRPL_GATEWAY);
    const client = new Client(node.url);
    await client.connect();
    try {
      for (const wallet of Object.values(gateway.wallets)) {
        const info = await client.request({ command: 'account_info', account: wallet.address, ledger_index: 'validated' });
        expect(Number(info.result.account_data.Balance)).toBeGreaterThan(0);
      }
    } finally {
      await client.disconnect();
    }
    expect(await ammExists(gateway)).toBe(true);
  });

  it('is refused on a real network', () => {
    expect(() => loadConfig({ XRPL_NETWORK: 'testnet', XRPL_URL: 'wss://s.altnet.rippletest.net:51233', XRPL_GENESIS_SEED: node.genesis.seed })).toThrow(
      'XRPL_GENESIS_SEED',
    );
  });
});
