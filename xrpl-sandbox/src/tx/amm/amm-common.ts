import type { ApplyView } from '../../ledger/apply-view.js';
import { dirRemove, ownerDirEntries } from '../../ledger/directory.js';
import type { Sle } from '../../ledger/sle.js';
import type { ReadView } from '../../ledger/view.js';
import type { Amount, Issue } from '../../protocol/amount.js';
import { amountFromJson, amountToNum, issueEquals, issueFromJson, issueOf, isXrpIssue, signum } from '../../protocol/amount.js';
import { accountKey, ammKey } from '../../protocol/keylets.js';
import type { Num } from '../../protocol/number.js';
import type { Ter } from '../../protocol/ter.js';
import { tf } from '../../protocol/flags.js';
import type { ApplyContext, Tx } from '../transactor.js';
import { accountHolds, trustDelete, xrpLiquid } from '../trust-lines.js';
import { ammHolds, tradingFeeFor } from './amm-pool.js';

/** TRADING_FEE_THRESHOLD: at most 1%. */
export const MAX_TRADING_FEE = 1000;
export const VOTE_WEIGHT_SCALE = 100_000;
export const AUCTION_SLOT_SECONDS = 86_400;

/** invalidAMMAmount: a positive amount of a valid asset. */
export function invalidAmmAmount(amount: Amount | undefined): Ter | undefined {
  if (amount === undefined) return 'temMALFORMED';
  if (amount.kind === 'iou' && amount.currency === 'XRP') return 'temBAD_CURRENCY';
  if (signum(amount) <= 0) return 'temBAD_AMOUNT';
  return undefined;
}

export function optionalAmount(tx: Tx, field: string): Amount | undefined {
  return tx.has(field) ? amountFromJson(tx.get(field)) : undefined;
}

export function txAssets(tx: Tx): [Issue, Issue] | undefined {
  const asset = issueFromJson(tx.get('Asset'));
  const asset2 = issueFromJson(tx.get('Asset2'));
  return asset === undefined || asset2 === undefined ? undefined : [asset, asset2];
}

/** Checks Asset/Asset2 and that each given amount is of one of them. */
export function checkAssets(tx: Tx, amounts: Array<Amount | undefined>): Ter | undefined {
  const assets = txAssets(tx);
  if (assets === undefined) return 'temMALFORMED';
  if (issueEquals(assets[0], assets[1])) return 'temBAD_AMM_TOKENS';
  for (const amount of amounts) {
    if (amount === undefined) continue;
    const issue = issueOf(amount);
    if (!issueEquals(issue, assets[0]) && !issueEquals(issue, assets[1])) return 'temBAD_AMM_TOKENS';
  }
  return undefined;
}

export interface PoolState {
  amm: Sle;
  account: string;
  assets: [Issue, Issue];
  balances: [Amount, Amount];
  lpTokens: Amount;
}

export function readPool(view: ReadView, assets: [Issue, Issue]): PoolState | undefined {
  const amm = view.read(ammKey(assets[0], assets[1]));
  if (amm === undefined) return undefined;
  const account = amm.getAccount('Account');
  return {
    amm,
    account,
    assets,
    balances: [ammHolds(view, account, assets[0]), ammHolds(view, account, assets[1])],
    lpTokens: amm.getAmount('LPTokenBalance'),
  };
}

/** The pool of the transaction's Asset/Asset2, or undefined when there is none. */
export function txPool(view: ReadView, tx: Tx): PoolState | undefined {
  const assets = txAssets(tx);
  return assets === undefined ? undefined : readPool(view, assets);
}

/** How many bits are set: deposit and withdraw take exactly one mode flag. */
export function popcount(value: number): number {
  let count = 0;
  for (let bits = value >>> 0; bits !== 0; bits &= bits - 1) count += 1;
  return count;
}

/** Which pool side an amount belongs to. */
export function sideOf(pool: PoolState, amount: Amount): 0 | 1 {
  return issueEquals(issueOf(amount), pool.assets[0]) ? 0 : 1;
}

/** What `account` can put into the pool of this asset (XRP above reserve; issuers are unlimited). */
export function depositable(view: ReadView, account: string, issue: Issue): Num | undefined {
  if (isXrpIssue(issue)) return amountToNum({ kind: 'xrp', drops: xrpLiquid(view, account) });
  if (issue.issuer === account) return undefined;
  return amountToNum(accountHolds(view, account, issue));
}

/** Removes an emptied AMM: its trust lines, the AMM object and the pseudo-account (deleteAMMAccount). */
export function deleteAmm(view: ApplyView, amm: Sle): Ter {
  const ammAccount = amm.getAccount('Account');
  for (const key of ownerDirEntries(view, ammAccount)) {
    const line = view.peek(key);
    if (line === undefined || line.type !== 'RippleState') continue;
    const low = line.getAmount('LowLimit');
    const high = line.getAmount('HighLimit');
    if (low.kind !== 'iou' || high.kind !== 'iou') return 'tecINTERNAL';
    const deleted = trustDelete(view, line, low.issuer, high.issuer);
    if (deleted !== 'tesSUCCESS') return deleted;
  }
  const ammSle = view.peek(amm.key);
  if (ammSle === undefined) return 'tecINTERNAL';
  if (!dirRemove(view, ammAccount, ammSle.getU64('OwnerNode'), ammSle.key)) return 'tefBAD_LEDGER';
  view.erase(ammSle);
  const root = view.peek(accountKey(ammAccount));
  if (root !== undefined) view.erase(root);
  return 'tesSUCCESS';
}

/** What a deposit puts in a pool (or a withdrawal takes out) and the LP tokens minted (or redeemed) for it. */
export interface LiquidityChange {
  amounts: Amount[];
  tokens: Num;
}

/** The field a deposit names the LP tokens it asks for in, or a withdrawal those it hands in. */
export type LpTokensField = 'LPTokenOut' | 'LPTokenIn';

/** Which of its fields a deposit or withdrawal names. */
export interface LiquidityFields {
  readonly amount: boolean;
  readonly amount2: boolean;
  readonly ePrice: boolean;
  readonly tokens: boolean;
}

export function liquidityFields(tx: Tx, tokensField: LpTokensField): LiquidityFields {
  return { amount: tx.has('Amount'), amount2: tx.has('Amount2'), ePrice: tx.has('EPrice'), tokens: tx.has(tokensField) };
}

/** Whether the fields suit a mode deposits and withdrawals share; false for any other mode. */
export function sharedModeFieldsValid(mode: number, { amount, amount2, ePrice, tokens }: LiquidityFields): boolean {
  switch (mode) {
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

/** The amounts a deposit or withdrawal names. */
export interface LiquidityAmounts {
  readonly amount: Amount | undefined;
  readonly amount2: Amount | undefined;
  readonly tokens: Amount | undefined;
}

export function liquidityAmounts(tx: Tx, tokensField: LpTokensField): LiquidityAmounts {
  return { amount: optionalAmount(tx, 'Amount'), amount2: optionalAmount(tx, 'Amount2'), tokens: optionalAmount(tx, tokensField) };
}

/**
 * The preflight checks deposits and withdrawals share: named LP tokens are positive, each amount is
 * a valid AMM amount (a zero one passes where `zeroAllowed`), and two amounts name different assets.
 */
export function malformedLiquidity(tx: Tx, tokensField: LpTokensField, { amount, amount2, tokens }: LiquidityAmounts, zeroAllowed: boolean): Ter | undefined {
  if (tx.has(tokensField) && (tokens === undefined || signum(tokens) <= 0)) return 'temBAD_AMM_TOKENS';
  for (const value of [amount, amount2]) {
    if (value === undefined) continue;
    if (zeroAllowed && signum(value) === 0) continue;
    const invalid = invalidAmmAmount(value);
    if (invalid !== undefined) return invalid;
  }
  if (amount !== undefined && amount2 !== undefined && issueEquals(issueOf(amount), issueOf(amount2))) return 'temBAD_AMM_TOKENS';
  return undefined;
}

/** The pool in numbers, and the trading fee the account pays (the auction slot's holder pays less). */
export function poolFigures(ctx: ApplyContext, pool: PoolState): { lpt: Num; b1: Num; b2: Num; fee: number } {
  return {
    lpt: amountToNum(pool.lpTokens),
    b1: amountToNum(pool.balances[0]),
    b2: amountToNum(pool.balances[1]),
    fee: tradingFeeFor(ctx.view, pool.amm, ctx.account),
  };
}
