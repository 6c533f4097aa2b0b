import { describe, expect, it } from 'vitest';
import { Client, xrpToDrops } from 'xrpl';
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
