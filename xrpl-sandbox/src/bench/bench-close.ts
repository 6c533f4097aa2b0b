/**
 * `npm run bench:xrpl-close`: what a ledger close costs a long-lived sandbox. The close runs on
 * the service's event loop in embedded mode, so its time is time every request waits.
 *
 * Builds, on a fresh node persisted to a temporary directory like `npm start`'s, a ledger
 * with BENCH_ACCOUNTS accounts (default 20,000), each created by its own payment, so the
 * state holds that many entries and the history that many transactions (500 per ledger).
 * Then closes 20 ledgers of one payment each and prints the close time, next to what the
 * two parts it replaced cost at this size: rehashing the whole state tree, and writing the
 * whole state and history.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadAverage, machineSummary, median, runBench } from '@carbon-ledger/bench-kit';
import { Wallet, xrpToDrops } from 'xrpl';
import { stateLeafHash, stateTreeHashFromLeaves } from '../ledger/hashing.js';
import { StateFile } from '../ledger/persistence.js';
import { DEFAULT_FEES, GENESIS_SEED } from '../sandbox.js';
import { SandboxNode } from '../server/sandbox-node.js';

const CLOSES = 20;
const PER_LEDGER = 500;

function timed(run: () => void): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

async function main(): Promise<void> {
  const accounts = Number(process.env['BENCH_ACCOUNTS'] ?? 20_000);
  if (!Number.isInteger(accounts) || accounts < 1) throw new Error(`BENCH_ACCOUNTS must be a positive integer, got "${process.env['BENCH_ACCOUNTS']}"`);
  const dir = mkdtempSync(join(os.tmpdir(), 'bench-xrpl-close-'));
  try {
    const genesis = Wallet.fromSeed(GENESIS_SEED);
    const stateFile = new StateFile(dir);
    const node = new SandboxNode({ genesis: { address: genesis.address, seed: GENESIS_SEED }, fees: DEFAULT_FEES, stateFile });
    let sequence = 1;
    const pay = (destination: string): void => {
      const { tx_blob: blob } = genesis.sign({
        TransactionType: 'Payment',
        Account: genesis.address,
        Destination: destination,
        Amount: xrpToDrops(20),
        Fee: '10',
        Sequence: sequence,
        Flags: 0,
        SigningPubKey: genesis.publicKey,
      });
      sequence += 1;
      const outcome = node.submit(blob);
      if (outcome.kind !== 'processed' || outcome.ter !== 'tesSUCCESS') {
        throw new Error(`payment ${sequence - 1}: ${outcome.kind === 'processed' ? outcome.ter : outcome.reason}`);
      }
    };

    const building = performance.now();
    for (let account = 0; account < accounts; account += 1) {
      pay(Wallet.generate().address);
      if (account % PER_LEDGER === PER_LEDGER - 1) node.closeLedger();
    }
    node.closeLedger();
    process.stderr.write(`built ${accounts.toLocaleString('en-US')} accounts in ${((performance.now() - building) / 1000).toFixed(1)} s\n`);

    const closes: number[] = [];
    const destination = Wallet.generate().address;
    for (let close = 0; close < CLOSES; close += 1) {
      pay(destination);
      closes.push(timed(() => node.closeLedger()));
    }
    const state = [...node.chain.snapshot().state];
    const leaves = new Map(state.map(([key, fields]) => [key, stateLeafHash(key, fields)]));
    const rehash = timed(() => stateTreeHashFromLeaves(leaves));
    const write = timed(() => node.persist());
    const stateBytes = statSync(stateFile.path).size;

    const rows = [
      ['close of a ledger with one payment (median / max of 20)', `${median(closes).toFixed(2)} / ${Math.max(...closes).toFixed(2)} ms`],
      ['  replaced: rehash of the whole state tree', `${rehash.toFixed(1)} ms`],
      ['  replaced: write of the whole state and history', `${write.toFixed(1)} ms (${(stateBytes / 1e6).toFixed(1)} MB)`],
    ];
    const width = Math.max(...rows.map(([label]) => label!.length));
    console.log(`bench:xrpl-close  ${new Date().toISOString()}`);
    console.log(`machine: ${machineSummary()}, load ${loadAverage()}`);
    console.log(`ledger: ${state.length.toLocaleString('en-US')} state entries, ${accounts.toLocaleString('en-US')} transactions of history\n`);
    for (const [label, value] of rows) console.log(`${label!.padEnd(width)}  ${value}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

runBench(import.meta.url, 'bench:xrpl-close', main);
