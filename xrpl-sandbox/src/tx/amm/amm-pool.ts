import type { Sle } from '../../ledger/sle.js';
import type { ReadView } from '../../ledger/view.js';
import type { Amount, Issue } from '../../protocol/amount.js';
import { compareCurrencies, currencyBytes, iou, issueFromJson, isXrpIssue, xrp } from '../../protocol/amount.js';
import { addressFromHashInput } from '../../protocol/accounts.js';
import { concatBytes, hexToBytes, sha512Half } from '../../protocol/hash.js';
import { accountKey, ammKey } from '../../protocol/keylets.js';
import { Num } from '../../protocol/number.js';
import { lineBalance, readLine } from '../trust-lines.js';

/** ammLPTCurrency: 0x03 followed by the first 19 bytes of sha512Half(minCurrency, maxCurrency). */
export function lpTokenCurrency(a: string, b: string): string {
  const [min, max] = compareCurrencies(a, b) <= 0 ? [a, b] : [b, a];
  const hash = sha512Half(concatBytes(currencyBytes(min), currencyBytes(max)));
  return `03${hash.slice(0, 38)}`;
}

export function lpTokenIssue(a: Issue, b: Issue, ammAccount: string): Issue {
  return { currency: lpTokenCurrency(a.currency, b.currency), issuer: ammAccount };
}

export function readAmm(view: ReadView, a: Issue, b: Issue): Sle | undefined {
  return view.read(ammKey(a, b));
}

export function ammAssets(amm: Sle): [Issue, Issue] | undefined {
  const asset = issueFromJson(amm.get('Asset'));
  const asset2 = issueFromJson(amm.get('Asset2'));
  return asset === undefined || asset2 === undefined ? undefined : [asset, asset2];
}

/** What the AMM account holds of one pool asset (ammAccountHolds). */
export function ammHolds(view: ReadView, ammAccount: string, issue: Issue): Amount {
  if (isXrpIssue(issue)) {
    const root = view.read(accountKey(ammAccount));
    const balance = root?.getAmount('Balance');
    return xrp(balance?.kind === 'xrp' ? balance.drops : 0n);
  }
  const line = readLine(view, ammAccount, issue.issuer, issue.currency);
  if (line === undefined) return iou(issue, Num.zero);
  const balance = lineBalance(line, ammAccount, issue.issuer);
  return iou(issue, balance.signum() > 0 ? balance : Num.zero);
}

/** LP tokens an account holds in this AMM. */
export function lpHolds(view: ReadView, amm: Sle, account: string): Num {
  const lpt = amm.getAmount('LPTokenBalance');
  if (lpt.kind !== 'iou') return Num.zero;
  const line = readLine(view, account, lpt.issuer, lpt.currency);
  if (line === undefined) return Num.zero;
  const balance = lineBalance(line, account, lpt.issuer);
  return balance.signum() > 0 ? balance : Num.zero;
}

/** getTradingFee: the auction slot holder trades at the discounted fee until the slot expires. */
export function tradingFeeFor(view: ReadView, amm: Sle, account: string): number {
  const slot = amm.getObject('AuctionSlot');
  if (slot !== undefined) {
    const expiration = typeof slot.Expiration === 'number' ? slot.Expiration : 0;
    if (view.info.parentCloseTime < expiration) {
      const discounted = typeof slot.DiscountedFee === 'number' ? slot.DiscountedFee : 0;
      if (slot.Account === account) return discounted;
      const authorized = Array.isArray(slot.AuthAccounts) ? slot.AuthAccounts : [];
      for (const entry of authorized) {
        if (typeof entry === 'object' && entry !== null && !Array.isArray(entry)) {
          const inner = entry.AuthAccount;
          if (typeof inner === 'object' && inner !== null && !Array.isArray(inner) && inner.Account === account) {
            return discounted;
          }
        }
      }
    }
  }
  return amm.getU32('TradingFee');
}

/** pseudoAccountAddress: RIPEMD160(SHA256(sha512Half(attempt, parentHash, ammKey))). */
export function pseudoAccountCandidate(attempt: number, parentHash: string, ammId: string): string {
  const prefix = Uint8Array.of((attempt >>> 8) & 0xff, attempt & 0xff);
  return addressFromHashInput(sha512Half(prefix, hexToBytes(parentHash), hexToBytes(ammId)));
}
