import type { Amount, Issue } from '../../protocol/amount.js';
import { amountFromNum, amountToNum, iou, issueEquals, issueOf, signum } from '../../protocol/amount.js';
import { tf } from '../../protocol/flags.js';
import type { Num } from '../../protocol/number.js';
import type { Ter } from '../../protocol/ter.js';
import type { ApplyContext, Transactor, Tx } from '../transactor.js';
import { accountSend, rippleCredit } from '../trust-lines.js';
import type { PoolState } from './amm-common.js';
import { checkAssets, deleteAmm, invalidAmmAmount, optionalAmount, popcount, sideOf, txPool } from './amm-common.js';
import { ammAssetOut, lpTokensIn } from './amm-math.js';
import { lpHolds, tradingFeeFor } from './amm-pool.js';

const MODES = tf.lpToken | tf.withdrawAll | tf.oneAssetWithdrawAll | tf.singleAsset | tf.twoAsset | tf.oneAssetLPToken | tf.limitLPToken;

function fieldsValid(tx: Tx, mode: number): boolean {
  const amount = tx.has('Amount');
  const amount2 = tx.has('Amount2');
  const ePrice = tx.has('EPrice');
  const tokens = tx.has('LPTokenIn');
  switch (mode) {
    case tf.lpToken:
      return tokens && !amount && !amount2 && !ePrice;
    case tf.withdrawAll:
      return !tokens && !amount && !amount2 && !ePrice;
    case tf.oneAssetWithdrawAll:
    case tf.singleAsset:
      return amount && !amount2 && !ePrice && !tokens;
    case tf.twoAsset:
      return amount && amount2 && !ePrice && !tokens;
    case tf.oneAssetLPToken:
      return amount && tokens && !amount2 && !ePrice;
    case tf.limitLPToken:
      return amount && ePrice && !amount2 && !tokens;
    default:
      return false;
  }
}

interface Withdrawal {
  amounts: Amount[];
  tokens: Num;
}

function amountOf(issue: Issue, value: Num): Amount {
  return amountFromNum(issue, value, 'downward');
}

function computeWithdrawal(ctx: ApplyContext, pool: PoolState, mode: number, held: Num): Withdrawal | Ter {
  const { tx } = ctx;
  const lpt = amountToNum(pool.lpTokens);
  const b1 = amountToNum(pool.balances[0]);
  const b2 = amountToNum(pool.balances[1]);
  const fee = tradingFeeFor(ctx.view, pool.amm, ctx.account);
  const amount = optionalAmount(tx, 'Amount');
  const amount2 = optionalAmount(tx, 'Amount2');
  const tokensIn = optionalAmount(tx, 'LPTokenIn');

  if (mode === tf.lpToken || mode === tf.withdrawAll) {
    const tokens = mode === tf.withdrawAll ? held : amountToNum(tokensIn ?? pool.lpTokens);
    // Redeeming every outstanding token empties the pool exactly.
    const frac = tokens.div(lpt);
    const all = tokens.eq(lpt);
    return {
      amounts: [
        all ? pool.balances[0] : amountOf(pool.assets[0], b1.mul(frac, 'downward')),
        all ? pool.balances[1] : amountOf(pool.assets[1], b2.mul(frac, 'downward')),
      ],
      tokens,
    };
  }
  if (mode === tf.twoAsset && amount !== undefined && amount2 !== undefined) {
    const [a1, a2] = sideOf(pool, amount) === 0 ? [amount, amount2] : [amount2, amount];
    let frac = amountToNum(a1).div(b1);
    const w2 = b2.mul(frac, 'downward');
    if (w2.lte(amountToNum(a2))) {
      return { amounts: [a1, amountOf(pool.assets[1], w2)], tokens: lpt.mul(frac, 'upward') };
    }
    frac = amountToNum(a2).div(b2);
    return { amounts: [amountOf(pool.assets[0], b1.mul(frac, 'downward')), a2], tokens: lpt.mul(frac, 'upward') };
  }
  if ((mode === tf.singleAsset || mode === tf.limitLPToken) && amount !== undefined) {
    const balance = sideOf(pool, amount) === 0 ? b1 : b2;
    const tokens = lpTokensIn(balance, amountToNum(amount), lpt, fee);
    const ePrice = optionalAmount(tx, 'EPrice');
    if (mode === tf.limitLPToken && ePrice !== undefined && tokens.div(amountToNum(amount)).gt(amountToNum(ePrice))) {
      return 'tecAMM_FAILED';
    }
    return { amounts: [amount], tokens };
  }
  if ((mode === tf.oneAssetWithdrawAll || mode === tf.oneAssetLPToken) && amount !== undefined) {
    const side = sideOf(pool, amount);
    const tokens = mode === tf.oneAssetWithdrawAll ? held : amountToNum(tokensIn ?? pool.lpTokens);
    const out = ammAssetOut(side === 0 ? b1 : b2, lpt, tokens, fee);
    if (mode === tf.oneAssetLPToken && out.lt(amountToNum(amount))) return 'tecAMM_FAILED';
    return { amounts: [amountOf(pool.assets[side], out)], tokens };
  }
  return 'temMALFORMED';
}

export const ammWithdraw: Transactor = {
  allowedFlags: MODES,

  preflight(tx) {
    const mode = tx.getU32('Flags') & MODES;
    if (popcount(mode) !== 1 || !fieldsValid(tx, mode)) return 'temMALFORMED';
    const amount = optionalAmount(tx, 'Amount');
    const amount2 = optionalAmount(tx, 'Amount2');
    const tokens = optionalAmount(tx, 'LPTokenIn');
    if (tx.has('LPTokenIn') && (tokens === undefined || signum(tokens) <= 0)) return 'temBAD_AMM_TOKENS';
    for (const value of [amount, amount2]) {
      if (value === undefined) continue;
      // tfOneAssetWithdrawAll names the asset with a zero amount.
      if (mode === tf.oneAssetWithdrawAll && signum(value) === 0) continue;
      const invalid = invalidAmmAmount(value);
      if (invalid !== undefined) return invalid;
    }
    if (amount !== undefined && amount2 !== undefined && issueEquals(issueOf(amount), issueOf(amount2))) {
      return 'temBAD_AMM_TOKENS';
    }
    return checkAssets(tx, [amount, amount2]) ?? 'tesSUCCESS';
  },

  preclaim({ view, tx }) {
    const pool = txPool(view, tx);
    if (pool === undefined) return 'terNO_AMM';
    if (amountToNum(pool.lpTokens).isZero()) return 'tecAMM_EMPTY';
    const tokens = optionalAmount(tx, 'LPTokenIn');
    if (tokens !== undefined && !issueEquals(issueOf(tokens), issueOf(pool.lpTokens))) return 'temBAD_AMM_TOKENS';
    const held = lpHolds(view, pool.amm, tx.account);
    if (held.isZero()) return 'tecAMM_BALANCE';
    if (tokens !== undefined && amountToNum(tokens).gt(held)) return 'tecAMM_INVALID_TOKENS';
    return 'tesSUCCESS';
  },

  doApply(ctx): Ter {
    const pool = txPool(ctx.view, ctx.tx);
    if (pool === undefined) return 'terNO_AMM';
    const held = lpHolds(ctx.view, pool.amm, ctx.account);
    const withdrawal = computeWithdrawal(ctx, pool, ctx.tx.getU32('Flags') & MODES, held);
    if (typeof withdrawal === 'string') return withdrawal;
    const lpt = amountToNum(pool.lpTokens);
    if (withdrawal.tokens.signum() <= 0 || withdrawal.tokens.gt(held)) return 'tecAMM_INVALID_TOKENS';
    const emptying = withdrawal.tokens.eq(lpt);
    for (const amount of withdrawal.amounts) {
      const balance = amountToNum(pool.balances[sideOf(pool, amount)]);
      const value = amountToNum(amount);
      if (value.signum() < 0 || value.gt(balance) || (!emptying && value.eq(balance))) return 'tecAMM_BALANCE';
    }
    for (const amount of withdrawal.amounts) {
      const sent = accountSend(ctx.view, pool.account, ctx.account, amount);
      if (sent !== 'tesSUCCESS') return sent;
    }
    const lptIssue = issueOf(pool.lpTokens);
    const redeemed = rippleCredit(ctx.view, ctx.account, pool.account, iou(lptIssue, withdrawal.tokens));
    if (redeemed !== 'tesSUCCESS') return redeemed;
    const amm = ctx.view.peek(pool.amm.key);
    if (amm === undefined) return 'tecINTERNAL';
    if (emptying) return deleteAmm(ctx.view, amm);
    amm.setAmount('LPTokenBalance', iou(lptIssue, lpt.sub(withdrawal.tokens)));
    ctx.view.update(amm);
    return 'tesSUCCESS';
  },
};
