import { beforeAll, describe, expect, it } from 'vitest';
import type { AMMCreate, AMMInfoResponse, Amount, IssuedCurrencyAmount, Payment, TransactionMetadata, TxResponse } from 'xrpl';
import { AccountSetAsfFlags, AMMDepositFlags, AMMWithdrawFlags, PaymentFlags, Wallet, xrpToDrops } from 'xrpl';
import { useServerWithClient } from '../../test-support/server-under-test.js';
import { fundWallets, submitBatch } from '../../test-support/wallets.js';

const TRADING_FEE = 500;
const FEE = TRADING_FEE / 100_000;

function resultOf(response: TxResponse): string {
  return (response.result.meta as TransactionMetadata).TransactionResult;
}

function delivered(response: TxResponse): unknown {
  return (response.result.meta as TransactionMetadata).delivered_amount;
}

describe('AMM: create, swap through the pool, deposit and withdraw', () => {
  const sandbox = useServerWithClient();
  let issuer: Wallet;
  let provider: Wallet;
  let trader: Wallet;
  let usd: { currency: string; issuer: string };

  beforeAll(async () => {
    [issuer, provider, trader] = (await fundWallets(sandbox.client, sandbox.server.genesis, 3, 1000)) as [Wallet, Wallet, Wallet];
    usd = { currency: 'USD', issuer: issuer.address };
    await submitBatch(sandbox.client, issuer, [{ TransactionType: 'AccountSet', Account: issuer.address, SetFlag: AccountSetAsfFlags.asfDefaultRipple }]);
    await Promise.all(
      [provider, trader].map((holder) =>
        submitBatch(sandbox.client, holder, [{ TransactionType: 'TrustSet', Account: holder.address, LimitAmount: { ...usd, value: '1000000' } }]),
      ),
    );
    await submitBatch(sandbox.client, issuer, [
      { TransactionType: 'Payment', Account: issuer.address, Destination: provider.address, Amount: { ...usd, value: '10000' } },
      { TransactionType: 'Payment', Account: issuer.address, Destination: trader.address, Amount: { ...usd, value: '500' } },
    ]);
  });

  /** The trader pays itself `amount`, spending at most `sendMax` of the other asset: a swap through the pool. */
  function swapThroughPool(amount: Amount, sendMax: Amount, flags?: number): Payment {
    return {
      TransactionType: 'Payment',
      Account: trader.address,
      Destination: trader.address,
      Amount: amount,
      SendMax: sendMax,
      ...(flags === undefined ? {} : { Flags: flags }),
    };
  }

  async function pool(): Promise<AMMInfoResponse['result']['amm']> {
    const { result } = await sandbox.client.request({
      command: 'amm_info',
      asset: { currency: 'XRP' },
      asset2: usd,
      ledger_index: 'validated',
    });
    return result.amm;
  }

  async function xrpDrops(address: string): Promise<number> {
    const { result } = await sandbox.client.request({ command: 'account_info', account: address, ledger_index: 'validated' });
    return Number(result.account_data.Balance);
  }

  it('creates the pool with sqrt(amount1 * amount2) LP tokens', async () => {
    const create: AMMCreate = {
      TransactionType: 'AMMCreate',
      Account: provider.address,
      Amount: xrpToDrops(100),
      Amount2: { ...usd, value: '1000' },
      TradingFee: TRADING_FEE,
    };
    const response = await sandbox.client.submitAndWait(create, { wallet: provider });
    expect(resultOf(response)).toBe('tesSUCCESS');
    // AMMCreate costs one owner reserve, which autofill reads from server_state.
    expect(response.result.tx_json.Fee).toBe('200000');

    const amm = await pool();
    expect(amm.amount).toBe(xrpToDrops(100));
    expect(amm.amount2).toEqual({ ...usd, value: '1000' });
    expect(amm.trading_fee).toBe(TRADING_FEE);
    const lp = amm.lp_token;
    expect(lp.issuer).toBe(amm.account);
    expect(lp.currency).toMatch(/^03[0-9A-F]{38}$/);
    expect(Number(lp.value)).toBeCloseTo(Math.sqrt(100_000_000 * 1000), 6);
    expect(amm.auction_slot?.account).toBe(provider.address);
    expect(amm.auction_slot?.discounted_fee).toBe(TRADING_FEE / 10);
    expect(amm.vote_slots).toEqual([{ account: provider.address, trading_fee: TRADING_FEE, vote_weight: 100_000 }]);

    const byAccount = await sandbox.client.request({ command: 'amm_info', amm_account: amm.account });
    expect(byAccount.result.amm.lp_token).toEqual(lp);
    const lines = await sandbox.client.request({ command: 'account_lines', account: provider.address, peer: amm.account });
    expect(lines.result.lines[0]?.balance).toBe(lp.value);
  });

  it('delivers exactly the constant-product quote through a cross-currency payment', async () => {
    const before = await pool();
    const poolXrp = Number(before.amount);
    const poolUsd = Number((before.amount2 as IssuedCurrencyAmount).value);

    const want = 10;
    const buy = swapThroughPool({ ...usd, value: String(want) }, xrpToDrops(5));
    const traderBefore = await xrpDrops(trader.address);
    const bought = await sandbox.client.submitAndWait(buy, { wallet: trader });
    expect(resultOf(bought)).toBe('tesSUCCESS');
    expect(delivered(bought)).toEqual({ ...usd, value: '10' });
    const paid = traderBefore - (await xrpDrops(trader.address)) - Number(bought.result.tx_json.Fee);
    // in = poolIn * out / ((poolOut - out) * (1 - fee)), rounded up to a drop
    const quotedIn = (poolXrp * want) / ((poolUsd - want) * (1 - FEE));
    expect(Math.abs(paid - quotedIn)).toBeLessThanOrEqual(1);

    const middle = await pool();
    const poolIn = Number(middle.amount);
    const poolOut = Number((middle.amount2 as IssuedCurrencyAmount).value);
    const spend = 5_000_000;
    const partial = swapThroughPool({ ...usd, value: '1000' }, String(spend), PaymentFlags.tfPartialPayment);
    const swapped = await sandbox.client.submitAndWait(partial, { wallet: trader });
    expect(resultOf(swapped)).toBe('tesSUCCESS');
    const got = Number((delivered(swapped) as IssuedCurrencyAmount).value);
    const quotedOut = poolOut * (1 - poolIn / (poolIn + spend * (1 - FEE)));
    expect(Math.abs(got - quotedOut) / quotedOut).toBeLessThan(1e-12);

    const after = await pool();
    expect(Number(after.amount)).toBe(poolIn + spend);

    const tooGreedy = await sandbox.client.submitAndWait({ ...partial, SendMax: '1000000', DeliverMin: { ...usd, value: '50' } }, { wallet: trader });
    expect(resultOf(tooGreedy)).toBe('tecPATH_PARTIAL');
  });

  it('sells tokens for XRP through the pool', async () => {
    const before = await pool();
    const poolUsd = Number((before.amount2 as IssuedCurrencyAmount).value);
    const poolXrp = Number(before.amount);
    const sell = swapThroughPool(xrpToDrops(1000), { ...usd, value: '20' }, PaymentFlags.tfPartialPayment);
    const response = await sandbox.client.submitAndWait(sell, { wallet: trader });
    expect(resultOf(response)).toBe('tesSUCCESS');
    const got = Number(delivered(response));
    const quoted = poolXrp * (1 - poolUsd / (poolUsd + 20 * (1 - FEE)));
    expect(Math.abs(got - quoted)).toBeLessThanOrEqual(1);
  });

  it('deposits a single asset and withdraws everything again', async () => {
    const before = await pool();
    const deposit = await sandbox.client.submitAndWait(
      {
        TransactionType: 'AMMDeposit',
        Account: trader.address,
        Asset: { currency: 'XRP' },
        Asset2: usd,
        Amount: xrpToDrops(10),
        Flags: AMMDepositFlags.tfSingleAsset,
      },
      { wallet: trader },
    );
    expect(resultOf(deposit)).toBe('tesSUCCESS');
    const mine = await sandbox.client.request({
      command: 'amm_info',
      asset: { currency: 'XRP' },
      asset2: usd,
      account: trader.address,
      ledger_index: 'validated',
    });
    const tokens = Number(mine.result.amm.lp_token.value);
    // Single-sided deposits pay half the trading fee on the swapped half, so slightly fewer tokens.
    const proportional = (Number(before.lp_token.value) * 10_000_000) / Number(before.amount);
    expect(tokens).toBeGreaterThan(0);
    expect(tokens).toBeLessThan(proportional / 2 + 1);
    expect(Number(mine.result.amm.amount)).toBe(Number(before.amount) + 10_000_000);

    const withdraw = await sandbox.client.submitAndWait(
      {
        TransactionType: 'AMMWithdraw',
        Account: trader.address,
        Asset: { currency: 'XRP' },
        Asset2: usd,
        Flags: AMMWithdrawFlags.tfWithdrawAll,
      },
      { wallet: trader },
    );
    expect(resultOf(withdraw)).toBe('tesSUCCESS');
    const lines = await sandbox.client.request({ command: 'account_lines', account: trader.address, ledger_index: 'validated' });
    expect(lines.result.lines.map((line) => line.currency)).toEqual(['USD']);
    const after = await pool();
    expect(Number(after.lp_token.value)).toBeCloseTo(Number(before.lp_token.value), 6);
  });

  it('rejects a second pool for the same pair', async () => {
    const response = await sandbox.client.submitAndWait(
      {
        TransactionType: 'AMMCreate',
        Account: provider.address,
        Amount: xrpToDrops(10),
        Amount2: { ...usd, value: '10' },
        TradingFee: 0,
      },
      { wallet: provider },
    );
    expect(resultOf(response)).toBe('tecDUPLICATE');
  });
});
