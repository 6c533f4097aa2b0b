import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { XrplNetwork } from '@carbon-ledger/contracts';
import { type Sandbox, startSandbox } from '@carbon-ledger/xrpl-sandbox';
import { type AppConfig, loadConfig } from '../config/config.js';
import { acquireInstanceLock, AlreadyRunning, isAlive } from '../infrastructure/postgres/instance-lock.js';
import { type OpenedRuntime, openPostgresRuntime, openRuntime } from '../open-runtime.js';
import { loadPlatformWallets, platformWalletsFile } from '../infrastructure/xrpl/platform-wallets.js';
import { readPublishedSandbox, sandboxUrlFile } from '../infrastructure/xrpl/sandbox-url-file.js';
import { XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';

export interface ToolRuntime extends OpenedRuntime {
  /** Whether the service holds this data directory; undefined when the tool cannot tell (DATABASE_URL, KurrentDB). */
  readonly serviceRunning: boolean | undefined;
}

/**
 * Command-line tools work with or without a running service: with the service
 * running they use its embedded PostgreSQL; otherwise they start it themselves
 * (and hold the data directory's lock, so the service cannot start meanwhile).
 */
export async function openToolRuntime(config: AppConfig = loadConfig()): Promise<ToolRuntime> {
  if (config.DATABASE_URL || config.EVENT_STORE === 'kurrentdb') {
    return { ...(await openRuntime(config, undefined, { xrpl: false })), serviceRunning: undefined };
  }
  let release: (() => void) | undefined;
  try {
    release = acquireInstanceLock(config.dataDir);
  } catch (error) {
    if (!(error instanceof AlreadyRunning)) throw error;
  }
  if (release) {
    const opened = await openRuntime(config, undefined, { xrpl: false }).catch((error: unknown) => {
      release?.();
      throw error;
    });
    return {
      ...opened,
      serviceRunning: false,
      close: async () => {
        await opened.close();
        release?.();
      },
    };
  }
  // The service is running: its embedded server is up on the configured port.
  const connectionString = `postgres://postgres:carbon-ledger-local@127.0.0.1:${config.EMBEDDED_PG_PORT}/carbon_ledger`;
  const opened = await openPostgresRuntime(config, connectionString, { url: '' }, 4);
  return {
    ...opened,
    xrplLabel: 'not used',
    databaseLabel: `the running service's embedded PostgreSQL on port ${config.EMBEDDED_PG_PORT}`,
    serviceRunning: true,
  };
}

/** The ledger the anchors are read back from, for a tool. */
export interface AnchorLedger {
  readonly network: XrplNetwork;
  /** How it was reached (or would have been), for the report. */
  readonly how: string;
  /** Connected; undefined when the ledger cannot be reached, and `unreachable` says why. */
  readonly gateway: XrplGateway | undefined;
  readonly unreachable?: string;
  close(): Promise<void>;
}

export interface AnchorLedgerOptions {
  /** From openToolRuntime: true means the service holds the data directory and its sandbox state. */
  readonly serviceRunning?: boolean | undefined;
  /** How long to wait for the node to answer; default 15 s for XRPL_URL, 5 s for a local sandbox. */
  readonly timeoutMs?: number;
}

/**
 * Opens the ledger the service anchors on, read-only, with the service's own
 * gateway (xrpl.js): XRPL_URL when set; on the embedded sandbox, the running
 * service's node at the URL it publishes under DATA_DIR, or, when the service is
 * not running, the saved sandbox ledger served read-only on a free port (it
 * closes no ledger and writes nothing).
 */
export async function openAnchorLedger(config: AppConfig, options: AnchorLedgerOptions = {}): Promise<AnchorLedger> {
  const network = config.XRPL_NETWORK;
  const unreachable = (how: string, why: string, close: () => Promise<void> = async () => undefined): AnchorLedger => ({
    network,
    how,
    gateway: undefined,
    unreachable: why,
    close,
  });
  // Generated seeds live under DATA_DIR; without them the anchor account is unknown (and none is made up).
  if (!config.XRPL_AUDIT_ANCHOR_SEED && !existsSync(platformWalletsFile(config))) {
    return unreachable('no wallets', `the audit-anchor account is unknown: XRPL_AUDIT_ANCHOR_SEED is unset and ${platformWalletsFile(config)} does not exist`);
  }
  const wallets = loadPlatformWallets(config);
  /** The gateway retries a failed connect with backoff; a local node that refused once is not there. */
  const connect = async (url: string, timeoutMs: number, retry: boolean): Promise<XrplGateway | string> => {
    const gateway = new XrplGateway(network, url, wallets);
    let timer: NodeJS.Timeout | undefined;
    const givenUp = new Promise<void>((resolve) => {
      const started = Date.now();
      const check = (): void => {
        if (Date.now() - started >= timeoutMs || (!retry && gateway.connectionError !== undefined)) resolve();
        else timer = setTimeout(check, 50);
      };
      check();
    });
    await Promise.race([gateway.connect(), givenUp]);
    clearTimeout(timer);
    if (gateway.connected) return gateway;
    const why = gateway.connectionError ?? `no answer within ${timeoutMs} ms`;
    await gateway.close();
    return why;
  };
  const opened = (how: string, gateway: XrplGateway, after: () => Promise<void> = async () => undefined): AnchorLedger => ({
    network,
    how,
    gateway,
    close: async () => {
      await gateway.close();
      await after();
    },
  });

  if (config.XRPL_URL) {
    const { host, hostname } = new URL(config.XRPL_URL);
    const how = `XRPL node at ${host}`;
    // A remote node may be slow to answer; a refusal on this machine is final.
    const local = hostname === 'localhost' || hostname === '[::1]' || hostname.startsWith('127.');
    const gateway = await connect(config.XRPL_URL, options.timeoutMs ?? 15_000, !local);
    return typeof gateway === 'string' ? unreachable(how, `${how} cannot be reached: ${gateway}`) : opened(how, gateway);
  }

  const timeoutMs = options.timeoutMs ?? 5_000;
  const urlFile = sandboxUrlFile(config.dataDir);
  const published = readPublishedSandbox(config.dataDir);
  let staleNote = '';
  if (published) {
    const how = `the running service's sandbox node at ${published.url}`;
    const gateway = await connect(published.url, timeoutMs, false);
    if (typeof gateway !== 'string') return opened(how, gateway);
    // A file left by a crash names a node that is gone; the service that wrote it must be gone too.
    if (options.serviceRunning || (options.serviceRunning === undefined && isAlive(published.pid))) {
      return unreachable(how, `the service is running but its sandbox node at ${published.url} (from ${urlFile}) does not answer: ${gateway}`);
    }
    staleNote = `; ignored the stale ${urlFile} (pid ${published.pid} is gone)`;
  } else if (options.serviceRunning) {
    return unreachable('the running service', `the service is running but has not published its sandbox node's URL in ${urlFile} (is it still starting?)`);
  }

  // The service is not running: serve its saved ledger read-only. (A tool holding the
  // data directory's lock also keeps the service from starting and writing it meanwhile.)
  const stateDir = join(config.dataDir, 'xrpl');
  let sandbox: Sandbox;
  try {
    sandbox = await startSandbox({ host: '127.0.0.1', port: 0, dataDir: stateDir, readOnly: true });
  } catch (error) {
    return unreachable(`sandbox ledger in ${stateDir}`, `the sandbox ledger cannot be opened: ${error instanceof Error ? error.message : String(error)}`);
  }
  const how = `the service is not running: its sandbox ledger in ${stateDir}, saved ${sandbox.savedAt ?? 'at an unknown time'}, served read-only on ${sandbox.url}${staleNote}`;
  const gateway = await connect(sandbox.url, timeoutMs, false);
  if (typeof gateway === 'string') {
    await sandbox.close();
    return unreachable(how, `the read-only sandbox node does not answer: ${gateway}`);
  }
  return opened(how, gateway, () => sandbox.close());
}
