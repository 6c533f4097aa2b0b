import type { ApplyView } from '../../ledger/apply-view.js';
import { dirRemove, ownerDirEntries } from '../../ledger/directory.js';
import type { Sle } from '../../ledger/sle.js';
import type { ReadView } from '../../ledger/view.js';
import type { Amount, Issue } from '../../protocol/amount.js';
import { amountFromJson, amountToNum, issueEquals, issueFromJson, issueOf, isXrpIssue, signum } from '../../protocol/amount.js';
import { accountKey, ammKey } from '../../protocol/keylets.js';
import type { Num } from '../../protocol/number.js';
import type { Ter } from '../../protocol/ter.js';
import type { Tx } from '../transactor.js';
import { accountHolds, trustDelete, xrpLiquid } from '../trust-lines.js';
import { ammHolds } from './amm-pool.js';

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
