import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NFTokenMint, TransactionMetadata } from 'xrpl';
import { AccountSetAsfFlags, Client, convertStringToHex, getNFTokenID, Wallet, xrpToDrops } from 'xrpl';
import { startSandbox } from '../sandbox.js';
import type { ServerUnderTest } from '../test-support/server-under-test.js';
import { startServerUnderTest } from '../test-support/server-under-test.js';
import { fundWallets, submitBatch } from '../test-support/wallets.js';

describe('persistence', () => {
  let server: ServerUnderTest;

  beforeAll(async () => {
    server = await startServerUnderTest();
  });

  afterAll(async () => {
    await server.close();
  });

  it('keeps accounts, lines, NFTs, AMMs, credentials and history in its journal and across a restart', async (context) => {
    if (!server.isSandbox) context.skip();
    let client = new Client(server.url);
    await client.connect();
    const [issuer, holder] = (await fundWallets(client, server.genesis, 2, 500)) as [Wallet, Wallet];
    const usd = { currency: 'USD', issuer: issuer.address };
    await submitBatch(client, issuer, [{ TransactionType: 'AccountSet', Account: issuer.address, SetFlag: AccountSetAsfFlags.asfDefaultRipple }]);
    await submitBatch(client, holder, [{ TransactionType: 'TrustSet', Account: holder.address, LimitAmount: { ...usd, value: '1000' } }]);
    const mint: NFTokenMint = { TransactionType: 'NFTokenMint', Account: issuer.address, NFTokenTaxon: 7 };
    const [, minted] = await submitBatch(client, issuer, [
      { TransactionType: 'Payment', Account: issuer.address, Destination: holder.address, Amount: { ...usd, value: '250' } },
      mint,
      {
        TransactionType: 'CredentialCreate',
        Account: issuer.address,
        Subject: holder.address,
        CredentialType: convertStringToHex('KYC'),
      },
      { TransactionType: 'AMMCreate', Account: issuer.address, Amount: xrpToDrops(50), Amount2: { ...usd, value: '500' }, TradingFee: 100 },
    ]);
    const nftId = getNFTokenID(minted!.result.meta as TransactionMetadata);
    const ledgerBefore = await client.getLedgerIndex();
    const balanceBefore = await client.getXrpBalance(holder.address);
    await client.disconnect();

    const expectSaved = async (saved: Client): Promise<void> => {
      expect(await saved.getLedgerIndex()).toBeGreaterThanOrEqual(ledgerBefore);
      expect(await saved.getXrpBalance(holder.address)).toBe(balanceBefore);
      expect(await saved.getBalances(holder.address)).toContainEqual({ currency: 'USD', issuer: issuer.address, value: '250' });
      const nfts = await saved.request({ command: 'account_nfts', account: issuer.address });
      expect(nfts.result.account_nfts.map((nft) => nft.NFTokenID)).toEqual([nftId]);
      const amm = await saved.request({ command: 'amm_info', asset: { currency: 'XRP' }, asset2: usd });
      expect(amm.result.amm.amount).toBe(xrpToDrops(50));
      const objects = await saved.request({ command: 'account_objects', account: holder.address, type: 'credential' });
      expect(objects.result.account_objects).toHaveLength(1);
      const tx = await saved.request({ command: 'tx', transaction: minted!.result.hash });
      expect(tx.result.validated).toBe(true);
    };

    // Before any restart the node has written its state file once and journalled every close since:
    // a node opened on those files (as after a crash) has all of it.
    const reader = await startSandbox({ port: 0, dataDir: server.dataDir!, readOnly: true });
    const readClient = new Client(reader.url);
    try {
      await readClient.connect();
      await expectSaved(readClient);
    } finally {
      await readClient.disconnect();
      await reader.close();
    }

    await server.restart();
    client = new Client(server.url);
    await client.connect();
    try {
      await expectSaved(client);

      // The restarted node keeps applying transactions on top of the saved state.
      const after = await client.submitAndWait(
        { TransactionType: 'Payment', Account: holder.address, Destination: issuer.address, Amount: { ...usd, value: '50' } },
        { wallet: holder },
      );
      expect((after.result.meta as TransactionMetadata).TransactionResult).toBe('tesSUCCESS');
    } finally {
      await client.disconnect();
    }
  });
});
