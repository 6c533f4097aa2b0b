import type { Amount, Issue } from '../../protocol/amount.js';
import { amountFromNum, amountToNum, iou, issueEquals, issueOf } from '../../protocol/amount.js';
import { tf } from '../../protocol/flags.js';
import type { Num } from '../../protocol/number.js';
import type { Ter } from '../../protocol/ter.js';
import type { ApplyContext, Transactor, Tx } from '../transactor.js';
import { accountSend, rippleCredit } from '../trust-lines.js';
import type { PoolState } from './amm-common.js';
import { checkAssets, deleteAmm, optionalAmount, popcount, sideOf, txPool } from './amm-common.js';
import { liquidityAmounts, liquidityFields, malformedLiquidity, poolFigures, sharedModeFieldsValid } from './amm-liquidity.js';
import type { LiquidityChange } from './amm-liquidity.js';
import { ammAssetOut, lpTokensIn } from './amm-math.js';
import { lpHolds } from './amm-pool.js';

const MODES = tf.lpToken | tf.withdrawAll | tf.oneAssetWithdrawAll | tf.singleAsset | tf.twoAsset | tf.oneAssetLPToken | tf.limitLPToken;

function fieldsValid(tx: Tx, mode: number): boolean {
  const fields = liquidityFields(tx, 'LPTokenIn');
  const { amount, amount2, ePrice, tokens } = fields;
  switch (mode) {
    case tf.lpToken:
      return tokens && !amount && !amount2 && !ePrice;
    case tf.withdrawAll:
      return !tokens && !amount && !amount2 && !ePrice;
    case tf.oneAssetWithdrawAll:
      return sharedModeFieldsValid(tf.singleAsset, fields);
    default:
      return sharedModeFieldsValid(mode, fields);
  }
}

function amountOf(issue: Issue, value: Num): Amount {
  return amountFromNum(issue, value, 'downward');
}

function computeWithdrawal(ctx: ApplyContext, pool: PoolState, mode: number, held: Num): LiquidityChange | Ter {
  const { tx } = ctx;
  const { lpt, b1, b2, fee } = poolFigures(ctx, pool);
  const { amount, amount2, tokens: tokensIn } = liquidityAmounts(tx, 'LPTokenIn');

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
    const amounts = liquidityAmounts(tx, 'LPTokenIn');
    // tfOneAssetWithdrawAll names the asset with a zero amount.
    const malformed = malformedLiquidity(tx, 'LPTokenIn', amounts, mode === tf.oneAssetWithdrawAll);
    if (malformed !== undefined) return malformed;
    return checkAssets(tx, [amounts.amount, amounts.amount2]) ?? 'tesSUCCESS';
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
