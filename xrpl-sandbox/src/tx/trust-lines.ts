import type { ApplyView } from '../ledger/apply-view.js';
import { dirInsert, dirRemove } from '../ledger/directory.js';
import { Sle } from '../ledger/sle.js';
import type { ReadView } from '../ledger/view.js';
import { accountReserve } from '../ledger/view.js';
import { ACCOUNT_ONE, compareAccounts } from '../protocol/accounts.js';
import type { Amount, IouAmount, Issue } from '../protocol/amount.js';
import { amountFromJson, iou, isXrpIssue, xrp } from '../protocol/amount.js';
import { lsf } from '../protocol/flags.js';
import { accountKey, trustLineKey } from '../protocol/keylets.js';
import { Num } from '../protocol/number.js';
import type { Ter } from '../protocol/ter.js';

export function adjustOwnerCount(view: ApplyView, account: Sle, delta: number): void {
  const next = Math.max(0, account.getU32('OwnerCount') + delta);
  account.setU32('OwnerCount', next);
  view.update(account);
}

/** XRP above the reserve (rippled's xrpLiquid), never negative. */
export function xrpLiquid(view: ReadView, address: string, ownerCountAdjust = 0): bigint {
  const root = view.read(accountKey(address));
  if (root === undefined) return 0n;
  const balance = root.getAmount('Balance');
  if (balance.kind !== 'xrp') return 0n;
  const ownerCount = Math.max(0, root.getU32('OwnerCount') + ownerCountAdjust);
  // Pseudo-accounts (AMM) hold no reserve.
  const reserve = root.has('AMMID') ? 0n : accountReserve(view.fees, ownerCount);
  const liquid = balance.drops - reserve;
  return liquid > 0n ? liquid : 0n;
}

export function isHigh(account: string, peer: string): boolean {
  return compareAccounts(account, peer) > 0;
}

export function readLine(view: ReadView, a: string, b: string, currency: string): Sle | undefined {
  return view.read(trustLineKey(a, b, currency));
}

/** Balance from `account`'s side: positive when it holds the peer's IOUs. */
export function lineBalance(line: Sle, account: string, peer: string): Num {
  const balance = line.getAmount('Balance');
  const value = balance.kind === 'iou' ? balance.value : Num.zero;
  return isHigh(account, peer) ? value.negate() : value;
}

/** The trust limit `account` set on this line. */
export function lineLimit(line: Sle, account: string, peer: string): Num {
  const limit = line.getAmount(isHigh(account, peer) ? 'HighLimit' : 'LowLimit');
  return limit.kind === 'iou' ? limit.value : Num.zero;
}

export function lineNoRipple(line: Sle, account: string, peer: string): boolean {
  return line.isFlag(isHigh(account, peer) ? lsf.highNoRipple : lsf.lowNoRipple);
}

export function lineFrozen(line: Sle): boolean {
  return line.isFlag(lsf.lowFreeze) || line.isFlag(lsf.highFreeze);
}

/** What `account` holds of an asset (accountHolds, zero if frozen). */
export function accountHolds(view: ReadView, account: string, issue: Issue): Amount {
  if (isXrpIssue(issue)) return xrp(xrpLiquid(view, account));
  if (account === issue.issuer) return iou(issue, Num.zero);
  const line = readLine(view, account, issue.issuer, issue.currency);
  if (line === undefined || lineFrozen(line)) return iou(issue, Num.zero);
  const balance = lineBalance(line, account, issue.issuer);
  return iou(issue, balance.signum() > 0 ? balance : Num.zero);
}

export interface TrustCreateArgs {
  srcHigh: boolean;
  src: string;
  dst: string;
  key: string;
  /** The account whose limit is being set (it pays the reserve). */
  account: Sle;
  auth: boolean;
  noRipple: boolean;
  freeze: boolean;
  balance: IouAmount;
  limit: IouAmount;
  qualityIn: number;
  qualityOut: number;
}

/** Port of rippled's trustCreate. */
export function trustCreate(view: ApplyView, args: TrustCreateArgs): Ter {
  const low = args.srcHigh ? args.dst : args.src;
  const high = args.srcHigh ? args.src : args.dst;
  const line = Sle.create('RippleState', args.key);
  view.insert(line);
  const lowNode = dirInsert(view, low, args.key);
  if (lowNode === undefined) return 'tecDIR_FULL';
  const highNode = dirInsert(view, high, args.key);
  if (highNode === undefined) return 'tecDIR_FULL';
  const setDst = args.limit.issuer === args.dst;
  const setHigh = args.srcHigh !== setDst;
  const peer = view.peek(accountKey(setHigh ? low : high));
  if (peer === undefined) return 'tecNO_TARGET';
  line.setU64('LowNode', lowNode);
  line.setU64('HighNode', highNode);
  line.setAmount(setHigh ? 'HighLimit' : 'LowLimit', args.limit);
  line.setAmount(setHigh ? 'LowLimit' : 'HighLimit', iou({ currency: args.balance.currency, issuer: setDst ? args.src : args.dst }, Num.zero));
  if (args.qualityIn !== 0) line.setU32(setHigh ? 'HighQualityIn' : 'LowQualityIn', args.qualityIn);
  if (args.qualityOut !== 0) line.setU32(setHigh ? 'HighQualityOut' : 'LowQualityOut', args.qualityOut);
  let flags = setHigh ? lsf.highReserve : lsf.lowReserve;
  if (args.auth) flags |= setHigh ? lsf.highAuth : lsf.lowAuth;
  if (args.noRipple) flags |= setHigh ? lsf.highNoRipple : lsf.lowNoRipple;
  if (args.freeze) flags |= setHigh ? lsf.highFreeze : lsf.lowFreeze;
  // The other side's default is no rippling.
  if (!peer.isFlag(lsf.defaultRipple)) flags |= setHigh ? lsf.lowNoRipple : lsf.highNoRipple;
  line.flags = flags;
  adjustOwnerCount(view, args.account, 1);
  line.setAmount('Balance', setHigh ? iou(args.balance, args.balance.value.negate()) : args.balance);
  view.update(line);
  return 'tesSUCCESS';
}

export function trustDelete(view: ApplyView, line: Sle, low: string, high: string): Ter {
  if (!dirRemove(view, low, line.getU64('LowNode'), line.key)) return 'tefBAD_LEDGER';
  if (!dirRemove(view, high, line.getU64('HighNode'), line.key)) return 'tefBAD_LEDGER';
  view.erase(line);
  return 'tesSUCCESS';
}

/** Port of rippleCreditIOU: moves `amount` over the sender/receiver line, creating it if needed. */
export function rippleCredit(view: ApplyView, sender: string, receiver: string, amount: IouAmount): Ter {
  const senderHigh = isHigh(sender, receiver);
  const key = trustLineKey(sender, receiver, amount.currency);
  const line = view.peek(key);
  if (line !== undefined) {
    const before = lineBalance(line, sender, receiver);
    const after = before.sub(amount.value);
    const flags = line.flags;
    let remove = false;
    const senderAccount = view.read(accountKey(sender));
    const senderDefaultRipple = senderAccount?.isFlag(lsf.defaultRipple) ?? false;
    const limitField = senderHigh ? 'HighLimit' : 'LowLimit';
    const senderLimit = amountFromJson(line.get(limitField));
    if (
      before.signum() > 0 &&
      after.signum() <= 0 &&
      (flags & (senderHigh ? lsf.highReserve : lsf.lowReserve)) !== 0 &&
      ((flags & (senderHigh ? lsf.highNoRipple : lsf.lowNoRipple)) !== 0) !== senderDefaultRipple &&
      (flags & (senderHigh ? lsf.highFreeze : lsf.lowFreeze)) === 0 &&
      (senderLimit === undefined || senderLimit.kind !== 'iou' || senderLimit.value.isZero()) &&
      line.getU32(senderHigh ? 'HighQualityIn' : 'LowQualityIn') === 0 &&
      line.getU32(senderHigh ? 'HighQualityOut' : 'LowQualityOut') === 0
    ) {
      const senderRoot = view.peek(accountKey(sender));
      if (senderRoot !== undefined) adjustOwnerCount(view, senderRoot, -1);
      line.flags = (flags & ~(senderHigh ? lsf.highReserve : lsf.lowReserve)) >>> 0;
      remove = after.isZero() && (flags & (senderHigh ? lsf.lowReserve : lsf.highReserve)) === 0;
    }
    const stored = senderHigh ? after.negate() : after;
    line.setAmount('Balance', iou({ currency: amount.currency, issuer: ACCOUNT_ONE }, stored));
    view.update(line);
    if (remove) {
      return trustDelete(view, line, senderHigh ? receiver : sender, senderHigh ? sender : receiver);
    }
    return 'tesSUCCESS';
  }
  const receiverRoot = view.peek(accountKey(receiver));
  if (receiverRoot === undefined) return 'tefINTERNAL';
  return trustCreate(view, {
    srcHigh: senderHigh,
    src: sender,
    dst: receiver,
    key,
    account: receiverRoot,
    auth: false,
    noRipple: !receiverRoot.isFlag(lsf.defaultRipple),
    freeze: false,
    balance: iou({ currency: amount.currency, issuer: ACCOUNT_ONE }, amount.value),
    limit: iou({ currency: amount.currency, issuer: receiver }, Num.zero),
    qualityIn: 0,
    qualityOut: 0,
  });
}

/** rippleSendIOU with the transfer fee waived: via the issuer unless one side is the issuer. */
export function rippleSend(view: ApplyView, sender: string, receiver: string, amount: IouAmount): Ter {
  if (sender === amount.issuer || receiver === amount.issuer) {
    return rippleCredit(view, sender, receiver, amount);
  }
  const first = rippleCredit(view, amount.issuer, receiver, amount);
  if (first !== 'tesSUCCESS') return first;
  return rippleCredit(view, sender, amount.issuer, amount);
}

export function transferXrp(view: ApplyView, from: string, to: string, drops: bigint): Ter {
  if (drops === 0n || from === to) return 'tesSUCCESS';
  const sender = view.peek(accountKey(from));
  const receiver = view.peek(accountKey(to));
  if (sender === undefined || receiver === undefined) return 'tefINTERNAL';
  const senderBalance = sender.getAmount('Balance');
  const receiverBalance = receiver.getAmount('Balance');
  if (senderBalance.kind !== 'xrp' || receiverBalance.kind !== 'xrp') return 'tefINTERNAL';
  if (senderBalance.drops < drops) return 'tecFAILED_PROCESSING';
  sender.setAmount('Balance', xrp(senderBalance.drops - drops));
  receiver.setAmount('Balance', xrp(receiverBalance.drops + drops));
  view.update(sender);
  view.update(receiver);
  return 'tesSUCCESS';
}

/** accountSend: XRP between balances, IOUs via rippleSend. */
export function accountSend(view: ApplyView, from: string, to: string, amount: Amount): Ter {
  if (from === to) return 'tesSUCCESS';
  if (amount.kind === 'xrp') return transferXrp(view, from, to, amount.drops);
  if (amount.value.isZero()) return 'tesSUCCESS';
  return rippleSend(view, from, to, amount);
}
