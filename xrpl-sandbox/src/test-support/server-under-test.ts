import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { Client, Wallet } from 'xrpl';
import { GENESIS_SEED, startSandbox } from '../sandbox.js';
import type { Sandbox } from '../sandbox.js';

/** Ledger close cadence in tests: fast enough for submitAndWait, slow enough to batch a few txs. */
const TEST_CLOSE_INTERVAL_MS = 100;

export interface ServerUnderTest {
  readonly url: string;
  readonly genesis: Wallet;
  /** False when XRPL_URL points the suite at an external rippled. */
  readonly isSandbox: boolean;
  /** Restarts a sandbox on the same data directory (sandbox only). */
  restart(): Promise<void>;
  /** The sandbox's data directory (undefined for an external server). */
  readonly dataDir: string | undefined;
  close(): Promise<void>;
}

/**
 * The set-up most suites share: the server and one client connected to it. Closing this server disconnects
 * the client first.
 */
export async function startServerWithClient(): Promise<{ server: ServerUnderTest; client: Client }> {
  const server = await startServerUnderTest();
  const client = new Client(server.url);
  await client.connect();
  const closeServer = server.close;
  server.close = async () => {
    await client.disconnect();
    await closeServer();
  };
  return { server, client };
}

/**
 * For a describe block: the server and its client, started before the block's tests and closed after
 * them. Read `server` and `client` inside tests and hooks (they are there once the block has started).
 */
export function useServerWithClient(): { readonly server: ServerUnderTest; readonly client: Client } {
  let started: { server: ServerUnderTest; client: Client } | undefined;
  beforeAll(async () => {
    started = await startServerWithClient();
  });
  afterAll(() => started?.server.close());
  const running = (): { server: ServerUnderTest; client: Client } => {
    if (started === undefined) throw new Error('the server starts in beforeAll');
    return started;
  };
  return {
    get server() {
      return running().server;
    },
    get client() {
      return running().client;
    },
  };
}

/**
 * The one place the suite gets its server: a fresh sandbox on a random port, or the rippled
 * at XRPL_URL (a standalone node; ledgers are closed with ledger_accept on a timer).
 */
export async function startServerUnderTest(): Promise<ServerUnderTest> {
  const external = process.env.XRPL_URL;
  const genesis = Wallet.fromSeed(GENESIS_SEED);
  if (external !== undefined && external !== '') return externalServer(external, genesis);

  const dataDir = mkdtempSync(join(tmpdir(), 'xrpl-sandbox-test-'));
  let sandbox: Sandbox = await startSandbox({ port: 0, dataDir, ledgerCloseIntervalMs: TEST_CLOSE_INTERVAL_MS });
  let url = sandbox.url;
  const port = Number(new URL(url).port);
  return {
    get url() {
      return url;
    },
    genesis,
    isSandbox: true,
    dataDir,
    restart: async () => {
      await sandbox.close();
      sandbox = await startSandbox({ port, dataDir, ledgerCloseIntervalMs: TEST_CLOSE_INTERVAL_MS });
      url = sandbox.url;
    },
    close: async () => {
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function externalServer(url: string, genesis: Wallet): Promise<ServerUnderTest> {
  const closer = new Client(url);
  await closer.connect();
  const timer = setInterval(() => {
    closer.connection.request({ command: 'ledger_accept' }).catch(() => undefined);
  }, TEST_CLOSE_INTERVAL_MS);
  return {
    url,
    genesis,
    isSandbox: false,
    dataDir: undefined,
    restart: () => Promise.reject(new Error('Cannot restart an external server')),
    close: async () => {
      clearInterval(timer);
      await closer.disconnect();
    },
  };
}
