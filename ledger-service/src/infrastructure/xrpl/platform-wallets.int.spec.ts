import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Sandbox, startSandbox } from '@carbon-ledger/xrpl-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, type Payment, type SetRegularKey, Wallet, xrpToDrops } from 'xrpl';
import { ConfigError, loadConfig } from '../../config/config.js';
import { loadPlatformWallets } from './platform-wallets.js';

describe('rotating a platform wallet seed with a regular key (XRPL_<ROLE>_ADDRESS)', () => {
  let sandbox: Sandbox;
  let client: Client;
  let dataDir: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, ledgerCloseIntervalMs: 100 });
    client = new Client(sandbox.url);
    await client.connect();
    dataDir = mkdtempSync(join(tmpdir(), 'platform-wallets-'));
  });
  afterAll(async () => {
    await client?.disconnect();
    await sandbox?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs for the same account with the new key: the address stays and the ledger accepts its payment, signed by the rotated key', async () => {
    const genesis = Wallet.fromSeed(sandbox.genesis.seed);
    const account = Wallet.generate();
    await client.submitAndWait(
      { TransactionType: 'Payment', Account: genesis.address, Destination: account.address, Amount: xrpToDrops(100) } satisfies Payment,
      {
        wallet: genesis,
      },
    );
    const rotated = Wallet.generate();
    const keySet = await client.submitAndWait(
      { TransactionType: 'SetRegularKey', Account: account.address, RegularKey: rotated.address } satisfies SetRegularKey,
      { wallet: account },
    );
    expect((keySet.result.meta as { TransactionResult: string }).TransactionResult).toBe('tesSUCCESS');

    const config = loadConfig({ DATA_DIR: dataDir, XRPL_AUDIT_ANCHOR_SEED: rotated.seed ?? '', XRPL_AUDIT_ANCHOR_ADDRESS: account.address }, dataDir);
    const wallets = loadPlatformWallets(config);
    expect(wallets.audit_anchor.address).toBe(account.address);

    const payment = await client.autofill({
      TransactionType: 'Payment',
      Account: wallets.audit_anchor.address,
      Destination: genesis.address,
      Amount: '1000',
    } satisfies Payment);
    const sent = await client.submitAndWait(wallets.audit_anchor.sign(payment).tx_blob);
    expect((sent.result.meta as { TransactionResult: string }).TransactionResult).toBe('tesSUCCESS');
    expect(sent.result.tx_json.SigningPubKey).toBe(rotated.publicKey);
  });

  it('without an address, the seed is the account’s master key as before', () => {
    const master = Wallet.generate();
    const wallets = loadPlatformWallets(loadConfig({ DATA_DIR: dataDir, XRPL_ISSUER_SEED: master.seed ?? '' }, dataDir));
    expect(wallets.issuer.address).toBe(master.address);
  });

  it('refuses an address without the regular key’s seed, and an address that is not one', () => {
    expect(() => loadConfig({ XRPL_KYC_ISSUER_ADDRESS: Wallet.generate().address })).toThrow('XRPL_KYC_ISSUER_ADDRESS');
    expect(() => loadConfig({ XRPL_KYC_ISSUER_SEED: Wallet.generate().seed ?? '', XRPL_KYC_ISSUER_ADDRESS: 'not-an-address' })).toThrow(ConfigError);
  });
});
