import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client, Wallet, xrpToDrops } from 'xrpl';
import { GENESIS_SEED, startSandbox } from './sandbox.js';

describe('startSandbox', () => {
  it('closes ledgers only on demand when the interval is 0', async (context) => {
    if (process.env.XRPL_URL) context.skip();
    const sandbox = await startSandbox({ port: 0, ledgerCloseIntervalMs: 0 });
    const client = new Client(sandbox.url);
    try {
      await client.connect();
      expect(sandbox.genesis.seed).toBe(GENESIS_SEED);
      expect(sandbox.genesis.address).toBe('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh');
      // rippled standalone starts with ledger 2 closed and ledger 3 open.
      expect(await client.getLedgerIndex()).toBe(2);
      const info = await client.request({ command: 'account_info', account: sandbox.genesis.address });
      expect(info.result.account_data.Balance).toBe(xrpToDrops(100_000_000_000));
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(await client.getLedgerIndex()).toBe(2);
      expect(await sandbox.ledgerAccept()).toBe(3);
      await client.connection.request({ command: 'ledger_accept' });
      expect(await client.getLedgerIndex()).toBe(4);
    } finally {
      await client.disconnect();
      await sandbox.close();
    }
  });
});

describe('startSandbox({ dataDir })', () => {
  it('journals each close instead of rewriting the state file, so a node stopped without saving restarts where it was', async (context) => {
    if (process.env.XRPL_URL) context.skip();
    const dataDir = mkdtempSync(join(tmpdir(), 'xrpl-sandbox-journal-'));
    const writer = await startSandbox({ port: 0, dataDir, ledgerCloseIntervalMs: 0 });
    try {
      const client = new Client(writer.url);
      await client.connect();
      const destination = Wallet.generate().address;
      const payment = await client.autofill({ TransactionType: 'Payment', Account: writer.genesis.address, Destination: destination, Amount: xrpToDrops(50) });
      const signed = Wallet.fromSeed(GENESIS_SEED).sign(payment);
      await client.submit(signed.tx_blob);
      const closedAt = await writer.ledgerAccept();
      await client.disconnect();
      expect(readdirSync(dataDir).sort()).toEqual(['ledger.journal', 'ledger.json']);
      expect((JSON.parse(readFileSync(join(dataDir, 'ledger.json'), 'utf8')) as { chain: { txs: unknown[] } }).chain.txs).toEqual([]);

      // As after a crash: the writer never saved its state; a node opened on the same files has the close.
      const reader = await startSandbox({ port: 0, dataDir, readOnly: true });
      const readClient = new Client(reader.url);
      try {
        await readClient.connect();
        const tx = await readClient.request({ command: 'tx', transaction: signed.hash });
        expect(tx.result).toMatchObject({ validated: true, ledger_index: closedAt });
        expect(await readClient.getXrpBalance(destination)).toBe(50);
        expect(await readClient.getLedgerIndex()).toBe(closedAt);
      } finally {
        await readClient.disconnect();
        await reader.close();
      }
    } finally {
      await writer.close();
      // Closing folds the journal into the state file.
      expect(readdirSync(dataDir)).toEqual(['ledger.json']);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('startSandbox({ readOnly })', () => {
  it('serves a saved ledger without closing ledgers, taking transactions or writing the state file', async (context) => {
    if (process.env.XRPL_URL) context.skip();
    const dataDir = mkdtempSync(join(tmpdir(), 'xrpl-sandbox-readonly-'));
    try {
      const writer = await startSandbox({ port: 0, dataDir, ledgerCloseIntervalMs: 0 });
      const client = new Client(writer.url);
      await client.connect();
      const payment = await client.autofill({
        TransactionType: 'Payment',
        Account: writer.genesis.address,
        Destination: Wallet.generate().address,
        Amount: xrpToDrops(50),
      });
      const signed = Wallet.fromSeed(GENESIS_SEED).sign(payment);
      await client.submit(signed.tx_blob);
      const closedAt = await writer.ledgerAccept();
      await client.disconnect();
      await writer.close();
      const stateFile = join(dataDir, 'ledger.json');
      const saved = readFileSync(stateFile, 'utf8');
      const modified = statSync(stateFile).mtimeMs;

      const reader = await startSandbox({ port: 0, dataDir, ledgerCloseIntervalMs: 10, readOnly: true });
      const readClient = new Client(reader.url);
      try {
        await readClient.connect();
        expect(reader.savedAt).toBe(JSON.parse(saved).savedAt);
        const tx = await readClient.request({ command: 'tx', transaction: signed.hash });
        expect(tx.result).toMatchObject({ validated: true, ledger_index: closedAt });
        // The interval is ignored: no ledger closes.
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(await readClient.getLedgerIndex()).toBe(closedAt);
        await expect(readClient.request({ command: 'ledger_accept' } as never)).rejects.toThrow(/read-only/);
        await expect(readClient.submit(signed.tx_blob)).rejects.toThrow(/read-only/);
        await expect(reader.ledgerAccept()).rejects.toThrow(/read-only/);
      } finally {
        await readClient.disconnect();
        await reader.close();
      }
      expect(readFileSync(stateFile, 'utf8')).toBe(saved);
      expect(statSync(stateFile).mtimeMs).toBe(modified);
      expect(readdirSync(dataDir)).toEqual(['ledger.json']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses to start read-only without a saved ledger, and creates nothing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'xrpl-sandbox-readonly-'));
    try {
      await expect(startSandbox({ port: 0, dataDir, readOnly: true })).rejects.toThrow(/no saved sandbox ledger/);
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
