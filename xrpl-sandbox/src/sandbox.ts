import { deriveAddress, deriveKeypair } from 'ripple-keypairs';
import { StateFile } from './ledger/persistence.js';
import type { Fees } from './ledger/view.js';
import { SandboxNode } from './server/sandbox-node.js';
import { startWsServer } from './server/ws-server.js';

/** The seed of rippled's genesis account ("masterpassphrase"). */
export const GENESIS_SEED = 'snoPBrXtMeMyMHUVTgbuqAfg1SUTb';

/** Current mainnet fee settings: 10 drops reference fee, 1 XRP base reserve, 0.2 XRP owner reserve. */
export const DEFAULT_FEES: Fees = { base: 10n, reserve: 1_000_000n, increment: 200_000n };

export interface SandboxOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** Directory for the persisted ledger; in memory when omitted. */
  dataDir?: string;
  /** How often ledgers close; 0 closes only on ledger_accept / ledgerAccept(). */
  ledgerCloseIntervalMs?: number;
  genesisSeed?: string;
  /** NetworkID to report and require on transactions (only above 1024, like rippled). */
  networkId?: number;
  /**
   * Serve the ledger saved in dataDir without changing it: no ledger closes (the interval is
   * ignored), submit and ledger_accept are refused, and nothing is ever written, so it can
   * read the state of a node that is not running. Fails when dataDir holds no saved ledger.
   */
  readOnly?: boolean;
}

export interface Sandbox {
  readonly url: string;
  readonly genesis: { readonly address: string; readonly seed: string };
  /** When the state it started from was saved; undefined for a fresh ledger. */
  readonly savedAt: string | undefined;
  /** Closes the open ledger now; resolves to the index of the ledger just closed (validated). */
  ledgerAccept(): Promise<number>;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const seed = options.genesisSeed ?? GENESIS_SEED;
  const address = deriveAddress(deriveKeypair(seed).publicKey);
  const node = new SandboxNode({
    genesis: { address, seed },
    fees: DEFAULT_FEES,
    networkId: options.networkId,
    stateFile: options.dataDir === undefined ? undefined : new StateFile(options.dataDir),
    readOnly: options.readOnly,
  });
  const server = await startWsServer(node, options.host ?? '127.0.0.1', options.port ?? 0);
  const interval = node.readOnly ? 0 : (options.ledgerCloseIntervalMs ?? 1000);
  const timer = interval > 0 ? setInterval(() => node.closeLedger(), interval) : undefined;
  let closed = false;
  return {
    url: server.url,
    genesis: node.genesis,
    savedAt: node.savedAt,
    ledgerAccept: async () => node.closeLedger().ledgerIndex,
    close: async () => {
      if (closed) return;
      closed = true;
      if (timer !== undefined) clearInterval(timer);
      await server.close();
      node.persist();
    },
  };
}
