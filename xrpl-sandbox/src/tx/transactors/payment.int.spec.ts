import { describe, expect, it } from 'vitest';
import type { Amount, IssuedCurrencyAmount, Payment, TransactionMetadata } from 'xrpl';
import { AccountSetAsfFlags, getBalanceChanges, RippledError, Wallet, xrpToDrops } from 'xrpl';
import { useServerWithClient } from '../../test-support/server-under-test.js';
import { fundWallets, submitBatch, waitForValidation } from '../../test-support/wallets.js';

function resultOf(meta: unknown): string {
  return (meta as TransactionMetadata).TransactionResult;
}

describe('Payment, TrustSet and AccountSet', () => {
  const sandbox = useServerWithClient();

  async function balanceDrops(address: string): Promise<bigint> {
    const { result } = await sandbox.client.request({ command: 'account_info', account: address, ledger_index: 'validated' });
    return BigInt(result.account_data.Balance);
  }

  function payment(from: Wallet, to: Wallet, amount: Amount): Payment {
    return { TransactionType: 'Payment', Account: from.address, Destination: to.address, Amount: amount };
  }

  it('creates accounts funded from the genesis account', async () => {
    const ledgerBefore = await sandbox.client.getLedgerIndex();
    const [alice] = await fundWallets(sandbox.client, sandbox.server.genesis, 1, 250);
    const { result } = await sandbox.client.request({ command: 'account_info', account: alice!.address, ledger_index: 'validated' });
    expect(result.account_data.Balance).toBe(xrpToDrops(250));
    expect(result.account_data.OwnerCount).toBe(0);
    expect(result.account_data.Flags).toBe(0);
    // DeletableAccounts: a new account's Sequence is the ledger that created it.
    expect(result.account_data.Sequence).toBeGreaterThan(ledgerBefore);
    expect(result.validated).toBe(true);
    expect(await sandbox.client.getXrpBalance(alice!.address)).toBe(250);
  });

  it('moves XRP and reports metadata that xrpl.js can read', async () => {
    const [alice, bob] = await fundWallets(sandbox.client, sandbox.server.genesis, 2, 100);
    const response = await sandbox.client.submitAndWait(payment(alice!, bob!, xrpToDrops(25)), { wallet: alice! });
    expect(response.result.validated).toBe(true);
    const meta = response.result.meta as TransactionMetadata;
    expect(meta.TransactionResult).toBe('tesSUCCESS');
    expect(meta.delivered_amount).toBe(xrpToDrops(25));
    expect(response.result.tx_json.DeliverMax).toBe(xrpToDrops(25));
    expect(response.result.ledger_index).toBeLessThanOrEqual(response.result.tx_json.LastLedgerSequence!);
    expect(response.result.close_time_iso).toMatch(/Z$/);

    const fee = BigInt(response.result.tx_json.Fee!);
    expect(await balanceDrops(alice!.address)).toBe(100_000_000n - 25_000_000n - fee);
    expect(await balanceDrops(bob!.address)).toBe(125_000_000n);

    const changes = getBalanceChanges(meta);
    const bobChange = changes.find((change) => change.account === bob!.address);
    expect(bobChange?.balances[0]).toEqual({ currency: 'XRP', value: '25' });

    const history = await sandbox.client.request({ command: 'account_tx', account: bob!.address });
    expect(history.result.transactions.map((entry) => entry.hash)).toContain(response.result.hash);
  });

  it('claims the fee and sequence for tecUNFUNDED_PAYMENT', async () => {
    const [poor, rich] = await fundWallets(sandbox.client, sandbox.server.genesis, 2, 10);
    const before = await sandbox.client.request({ command: 'account_info', account: poor!.address });
    const response = await sandbox.client.submitAndWait(payment(poor!, rich!, xrpToDrops(50)), { wallet: poor! });
    expect(resultOf(response.result.meta)).toBe('tecUNFUNDED_PAYMENT');
    const after = await sandbox.client.request({ command: 'account_info', account: poor!.address, ledger_index: 'validated' });
    expect(after.result.account_data.Sequence).toBe(before.result.account_data.Sequence + 1);
    expect(BigInt(after.result.account_data.Balance)).toBe(10_000_000n - BigInt(response.result.tx_json.Fee!));
  });

  it('rejects a bad signature and an old sequence', async () => {
    const [alice] = await fundWallets(sandbox.client, sandbox.server.genesis, 1, 50);
    const impostor = Wallet.generate();
    const prepared = await sandbox.client.autofill(payment(alice!, sandbox.server.genesis, '1000'));
    const forged = impostor.sign(prepared);
    const badSignature = await sandbox.client.submit(forged.tx_blob).then(
      (response) => response.result.engine_result,
      (error: unknown) => error,
    );
    // A key that is not the account's: signature valid, authorization not.
    expect(badSignature).toBe('tefBAD_AUTH');

    const tampered = alice!.sign(prepared).tx_blob.replace(/E8$/, 'E9');
    const invalid = await sandbox.client.request({ command: 'submit', tx_blob: tampered }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(RippledError);
    expect((invalid as RippledError).data).toMatchObject({ error: 'invalidTransaction', status: 'error' });

    const first = await sandbox.client.submitAndWait(prepared, { wallet: alice! });
    expect(resultOf(first.result.meta)).toBe('tesSUCCESS');
    const replay = await sandbox.client.submit(alice!.sign({ ...prepared, Amount: '2000' }).tx_blob);
    expect(replay.result.engine_result).toBe('tefPAST_SEQ');
    expect(replay.result.engine_result_code).toBe(-190);
    expect(replay.result.applied).toBe(false);
  });

  it('holds a transaction with a future sequence and applies it once the gap is filled', async () => {
    const [alice] = await fundWallets(sandbox.client, sandbox.server.genesis, 1, 50);
    const first = await sandbox.client.autofill(payment(alice!, sandbox.server.genesis, '1000'));
    const second: Payment = { ...first, Sequence: (first.Sequence ?? 0) + 1, Amount: '2000' };
    const early = await sandbox.client.submit(alice!.sign(second).tx_blob);
    expect(early.result.engine_result).toBe('terPRE_SEQ');
    expect(early.result.kept).toBe(true);
    expect(early.result.applied).toBe(false);
    await sandbox.client.submit(alice!.sign(first).tx_blob);
    const later = await waitForValidation(sandbox.client, alice!.sign(second).hash);
    expect(resultOf(later.result.meta)).toBe('tesSUCCESS');
  });

  it('refuses to create an account below the reserve', async () => {
    const newcomer = Wallet.generate();
    const response = await sandbox.client.submitAndWait(
      { TransactionType: 'Payment', Account: sandbox.server.genesis.address, Destination: newcomer.address, Amount: '500000' },
      { wallet: sandbox.server.genesis },
    );
    expect(resultOf(response.result.meta)).toBe('tecNO_DST_INSUF_XRP');
  });

  /** Opens a trust line of 1000 of the issuer's currency from each holder. */
  async function trustIssuer(issuer: Wallet, currency: string, holders: Wallet[]): Promise<void> {
    await Promise.all(
      holders.map((holder) =>
        submitBatch(sandbox.client, holder, [
          { TransactionType: 'TrustSet', Account: holder.address, LimitAmount: { currency, issuer: issuer.address, value: '1000' } },
        ]),
      ),
    );
  }

  it('pays issued currency over trust lines, rippling through an issuer with DefaultRipple', async () => {
    const [issuer, alice, bob] = await fundWallets(sandbox.client, sandbox.server.genesis, 3, 100);
    await sandbox.client.submitAndWait(
      { TransactionType: 'AccountSet', Account: issuer!.address, SetFlag: AccountSetAsfFlags.asfDefaultRipple },
      { wallet: issuer! },
    );
    await trustIssuer(issuer!, 'USD', [alice!, bob!]);
    const usd = (value: string): IssuedCurrencyAmount => ({ currency: 'USD', issuer: issuer!.address, value });

    const issue = await sandbox.client.submitAndWait(payment(issuer!, alice!, usd('100')), { wallet: issuer! });
    expect(resultOf(issue.result.meta)).toBe('tesSUCCESS');

    const transfer = await sandbox.client.submitAndWait(payment(alice!, bob!, usd('40')), { wallet: alice! });
    expect(resultOf(transfer.result.meta)).toBe('tesSUCCESS');
    expect((transfer.result.meta as TransactionMetadata).delivered_amount).toEqual({
      currency: 'USD',
      issuer: issuer!.address,
      value: '40',
    });

    const aliceLines = await sandbox.client.request({ command: 'account_lines', account: alice!.address, ledger_index: 'validated' });
    expect(aliceLines.result.lines).toEqual([
      expect.objectContaining({ account: issuer!.address, balance: '60', currency: 'USD', limit: '1000', limit_peer: '0' }),
    ]);
    const issuerLines = await sandbox.client.request({ command: 'account_lines', account: issuer!.address, ledger_index: 'validated' });
    const bobLine = issuerLines.result.lines.find((line) => line.account === bob!.address);
    expect(bobLine?.balance).toBe('-40');
    expect(await sandbox.client.getBalances(bob!.address)).toContainEqual({
      currency: 'USD',
      issuer: issuer!.address,
      value: '40',
    });

    const overdraft = await sandbox.client.submitAndWait(payment(alice!, bob!, usd('500')), { wallet: alice! });
    expect(resultOf(overdraft.result.meta)).toBe('tecPATH_PARTIAL');
  });

  it('does not ripple between holders when the issuer lacks DefaultRipple', async () => {
    const [issuer, alice, bob] = await fundWallets(sandbox.client, sandbox.server.genesis, 3, 100);
    await trustIssuer(issuer!, 'EUR', [alice!, bob!]);
    const eur = (value: string): IssuedCurrencyAmount => ({ currency: 'EUR', issuer: issuer!.address, value });
    await submitBatch(sandbox.client, issuer!, [payment(issuer!, alice!, eur('10'))]);
    const response = await sandbox.client.submitAndWait(payment(alice!, bob!, eur('5')), { wallet: alice! });
    expect(resultOf(response.result.meta)).toBe('tecPATH_DRY');
  });
});
