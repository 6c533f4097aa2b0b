import { resolve } from 'node:path';
import { startSandbox } from './sandbox.js';

const port = Number(process.env.XRPL_SANDBOX_PORT ?? '6006');
const dataDir = resolve(process.env.XRPL_SANDBOX_DATA_DIR ?? './.data/xrpl');
const interval = Number(process.env.XRPL_SANDBOX_LEDGER_INTERVAL_MS ?? '1000');

const sandbox = await startSandbox({ port, dataDir, ledgerCloseIntervalMs: interval });
console.log(`xrpl-sandbox listening on ${sandbox.url}`);
console.log(`data: ${dataDir}`);
console.log(`genesis account: ${sandbox.genesis.address} (seed ${sandbox.genesis.seed})`);

const shutdown = (): void => {
  void sandbox.close().then(() => process.exit(0));
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
