import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_FEES } from '../sandbox.js';
import { type ClosedLedger, LedgerChain } from './ledger-chain.js';
import { type JournalEntry, StateFile } from './persistence.js';

const GENESIS = { address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', seed: 'snoPBrXtMeMyMHUVTgbuqAfg1SUTb' };

describe('StateFile: the state file and the journal of closes since', () => {
  let dir: string;
  let chain: LedgerChain;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'xrpl-state-file-'));
    chain = LedgerChain.genesis(GENESIS.address, DEFAULT_FEES, Date.now());
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  /** A close of ledger `index` writing `count` entries of `size` characters. */
  function close(index: number, count = 1, size = 10): JournalEntry {
    const ledger: ClosedLedger = { ...chain.latestClosed, ledgerIndex: index, ledgerHash: `H${index}`, txHashes: [`T${index}`] };
    const state: JournalEntry['state'] = Array.from({ length: count }, (_, entry) => [
      `K${index}-${entry}`,
      { LedgerEntryType: 'Test', Memo: 'x'.repeat(size) },
    ]);
    return { ledger, state, txs: [{ hash: `T${index}`, blob: '', tx: {}, meta: {}, result: 'tesSUCCESS', ledgerIndex: index, txIndex: 0, accounts: [] }] };
  }
  const snapshot = () => ({ genesis: GENESIS, chain: chain.snapshot() });

  it('loads the state file with the journal applied, in order, deletions included', () => {
    const file = new StateFile(dir);
    file.save(snapshot());
    file.append(close(3), snapshot);
    file.append(
      {
        ...close(4),
        state: [
          ['K3-0', null],
          ['K4-0', { LedgerEntryType: 'Test', Memo: 'kept' }],
        ],
      },
      snapshot,
    );

    const loaded = new StateFile(dir).load()!;
    const state = new Map(loaded.chain.state);
    expect(state.has('K3-0')).toBe(false);
    expect(state.get('K4-0')).toEqual({ LedgerEntryType: 'Test', Memo: 'kept' });
    expect(loaded.chain.ledgers.map((ledger) => ledger.ledgerIndex)).toEqual([1, 2, 3, 4]);
    expect(loaded.chain.txs.map((tx) => tx.hash)).toEqual(['T3', 'T4']);
    expect(LedgerChain.fromSnapshot(loaded.chain).latestClosed.ledgerIndex).toBe(4);
  });

  it('ignores a last line cut short (the node stopped while writing it) but refuses a damaged one before it', () => {
    const file = new StateFile(dir);
    file.save(snapshot());
    file.append(close(3), snapshot);
    appendFileSync(file.journalPath, '{"savedAt":"2026-11-24T00:00:00.000Z","ledger":{"ledgerIn');
    expect(new StateFile(dir).load()!.chain.ledgers.map((ledger) => ledger.ledgerIndex)).toEqual([1, 2, 3]);

    appendFileSync(file.journalPath, `\n${JSON.stringify({ savedAt: '', ...close(4) })}\n`);
    expect(() => new StateFile(dir).load()).toThrow(/ledger\.journal: line 2 is damaged/);
  });

  it('folds the journal into the state file once it outgrows it, and skips closes the state file already holds', () => {
    const file = new StateFile(dir);
    file.save(snapshot());
    // About 1.2 MiB of journal: more than the state file and than the 1 MiB floor.
    for (let index = 3; index < 15; index += 1) {
      const entry = close(index, 10, 10_000);
      // The chain the node holds by then: the state file with the journal (this close included) applied.
      file.append(entry, () => ({ genesis: GENESIS, chain: new StateFile(dir).load()!.chain }));
      if (!existsSync(file.journalPath)) break;
    }
    expect(existsSync(file.journalPath)).toBe(false);
    const folded = JSON.parse(readFileSync(file.path, 'utf8')) as { chain: { ledgers: ClosedLedger[] } };
    const newest = Math.max(...folded.chain.ledgers.map((ledger) => ledger.ledgerIndex));
    expect(newest).toBeGreaterThan(3);

    // A crash between writing the state file and removing the journal leaves lines it already holds.
    appendFileSync(file.journalPath, `${JSON.stringify({ savedAt: '', ...close(newest) })}\n`);
    appendFileSync(file.journalPath, `${JSON.stringify({ savedAt: '', ...close(newest + 1) })}\n`);
    const loaded = new StateFile(dir).load()!;
    expect(loaded.chain.ledgers.filter((ledger) => ledger.ledgerIndex === newest)).toHaveLength(1);
    expect(loaded.chain.txs.filter((tx) => tx.hash === `T${newest}`)).toHaveLength(1);
    expect(Math.max(...loaded.chain.ledgers.map((ledger) => ledger.ledgerIndex))).toBe(newest + 1);
  });
});
