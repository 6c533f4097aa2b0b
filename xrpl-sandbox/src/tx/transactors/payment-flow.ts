import type { ApplyView } from '../../ledger/apply-view.js';
import type { Amount, IouAmount, Issue } from '../../protocol/amount.js';
import { amountFromNum, amountToNum, iou, issueOf, isXrpIssue, zeroAmount } from '../../protocol/amount.js';
import { accountKey } from '../../protocol/keylets.js';
import { Num } from '../../protocol/number.js';
import type { Ter } from '../../protocol/ter.js';
import { swapAssetIn, swapAssetOut } from '../amm/amm-math.js';
import { ammAssets, ammHolds, readAmm, tradingFeeFor } from '../amm/amm-pool.js';
import { lineBalance, lineLimit, lineNoRipple, readLine, rippleCredit, rippleSend, transferXrp, xrpLiquid } from '../trust-lines.js';

export interface FlowRequest {
  source: string;
  destination: string;
  deliver: Amount;
  sendMax: Amount | undefined;
  partial: boolean;
  /** The transaction's account, which gets the AMM auction-slot discount. */
  tradingAccount: string;
}

export interface FlowResult {
  ter: Ter;
  delivered: Amount;
}

const QUALITY_ONE = 1_000_000_000n;

/**
 * The default path of rippled's payment engine for the cases the sandbox supports:
 * one issuer between holders of the same currency, or one AMM pool between two assets.
 * Explicit Paths and order books are not used.
 */
export function ripplePayment(view: ApplyView, request: FlowRequest): FlowResult {
  const dstIssue = issueOf(request.deliver);
  const srcIssue = request.sendMax === undefined ? dstIssue : issueOf(request.sendMax);
  const sameCurrency = !isXrpIssue(srcIssue) && !isXrpIssue(dstIssue) && srcIssue.currency === dstIssue.currency;
  if (sameCurrency && (srcIssue.issuer === dstIssue.issuer || srcIssue.issuer === request.source)) {
    return issuedFlow(view, request, dstIssue);
  }
  return ammFlow(view, request, srcIssue, dstIssue);
}

const dry = (deliver: Amount): FlowResult => ({ ter: 'tecPATH_DRY', delivered: zeroAmount(issueOf(deliver)) });

/** Capacity of a hop over the sender/receiver line: sender's balance plus receiver's limit. */
function hopCapacity(view: ApplyView, sender: string, receiver: string, currency: string): Num {
  const line = readLine(view, sender, receiver, currency);
  if (line === undefined) return Num.zero;
  const capacity = lineBalance(line, sender, receiver).add(lineLimit(line, receiver, sender));
  return capacity.signum() > 0 ? capacity : Num.zero;
}

function transferRate(view: ApplyView, issuer: string): bigint {
  const root = view.read(accountKey(issuer));
  const rate = root?.getU32('TransferRate') ?? 0;
  return rate === 0 ? QUALITY_ONE : BigInt(rate);
}

function issuedFlow(view: ApplyView, request: FlowRequest, issue: Issue): FlowResult {
  const { source, destination } = request;
  const wanted = amountToNum(request.deliver);
  const direct = source === issue.issuer || destination === issue.issuer;
  let rate = Num.one;
  let capacity: Num;
  if (direct) {
    capacity = source === issue.issuer && destination === issue.issuer ? wanted : hopCapacity(view, source, destination, issue.currency);
  } else {
    const inbound = readLine(view, source, issue.issuer, issue.currency);
    const outbound = readLine(view, issue.issuer, destination, issue.currency);
    if (inbound === undefined || outbound === undefined) return dry(request.deliver);
    if (lineNoRipple(inbound, issue.issuer, source) && lineNoRipple(outbound, issue.issuer, destination)) {
      return dry(request.deliver);
    }
    rate = Num.fromBigInt(transferRate(view, issue.issuer)).div(Num.fromBigInt(QUALITY_ONE));
    const sendable = hopCapacity(view, source, issue.issuer, issue.currency).div(rate, 'downward');
    capacity = Num.min(sendable, hopCapacity(view, issue.issuer, destination, issue.currency));
  }
  const sendMax = request.sendMax === undefined ? wanted : amountToNum(request.sendMax);
  capacity = Num.min(capacity, sendMax.div(rate, 'downward'));
  const delivered = Num.min(wanted, capacity);
  if (delivered.signum() <= 0) return dry(request.deliver);
  if (!request.partial && delivered.lt(wanted)) return { ter: 'tecPATH_PARTIAL', delivered: iou(issue, delivered) };
  const out = iou(issue, delivered);
  let ter: Ter;
  if (direct) ter = rippleCredit(view, source, destination, out);
  else {
    ter = rippleCredit(view, issue.issuer, destination, out);
    if (ter === 'tesSUCCESS') ter = rippleCredit(view, source, issue.issuer, iou(issue, delivered.mul(rate, 'upward')));
  }
  return { ter, delivered: out };
}

/** Most of `issue` that `account` can send (XRP above reserve, IOUs over the line to the issuer). */
function sendable(view: ApplyView, account: string, issue: Issue): Num | undefined {
  if (isXrpIssue(issue)) return Num.fromBigInt(xrpLiquid(view, account));
  if (account === issue.issuer) return undefined;
  return hopCapacity(view, account, issue.issuer, issue.currency);
}

/** Most of `issue` that `account` can receive from the issuer (unbounded for XRP and the issuer). */
function receivable(view: ApplyView, account: string, issue: Issue): Num | undefined {
  if (isXrpIssue(issue) || account === issue.issuer) return undefined;
  return hopCapacity(view, issue.issuer, account, issue.currency);
}

function minDefined(...values: Array<Num | undefined>): Num | undefined {
  let out: Num | undefined;
  for (const value of values) if (value !== undefined) out = out === undefined ? value : Num.min(out, value);
  return out;
}

function ammFlow(view: ApplyView, request: FlowRequest, srcIssue: Issue, dstIssue: Issue): FlowResult {
  const amm = readAmm(view, srcIssue, dstIssue);
  const assets = amm === undefined ? undefined : ammAssets(amm);
  if (amm === undefined || assets === undefined) return dry(request.deliver);
  const lpt = amm.getAmount('LPTokenBalance');
  if (lpt.kind !== 'iou' || lpt.value.isZero()) return dry(request.deliver);
  const ammAccount = amm.getAccount('Account');
  const pool = {
    in: amountToNum(ammHolds(view, ammAccount, srcIssue)),
    out: amountToNum(ammHolds(view, ammAccount, dstIssue)),
  };
  if (pool.in.isZero() || pool.out.isZero()) return dry(request.deliver);
  const fee = tradingFeeFor(view, amm, request.tradingAccount);
  const wanted = amountToNum(request.deliver);

  const outCap = minDefined(wanted, receivable(view, request.destination, dstIssue)) ?? wanted;
  const inCap = minDefined(sendable(view, request.source, srcIssue), request.sendMax === undefined ? undefined : amountToNum(request.sendMax));

  const toIn = (value: Num): Amount => amountFromNum(srcIssue, value, 'upward');
  const toOut = (value: Num): Amount => amountFromNum(dstIssue, value, 'downward');
  let outAmount: Amount;
  let inAmount: Amount;
  const needed = outCap.lt(pool.out) ? swapAssetOut(pool, outCap, fee) : undefined;
  if (needed !== undefined && (inCap === undefined || amountToNum(toIn(needed)).lte(inCap))) {
    outAmount = toOut(outCap);
    inAmount = toIn(needed);
  } else {
    if (inCap === undefined) return dry(request.deliver);
    inAmount = toIn(inCap);
    if (isXrpIssue(srcIssue)) inAmount = amountFromNum(srcIssue, inCap, 'downward');
    outAmount = toOut(swapAssetIn(pool, amountToNum(inAmount), fee));
    if (amountToNum(outAmount).gt(outCap)) {
      outAmount = toOut(outCap);
      const input = swapAssetOut(pool, outCap, fee);
      if (input === undefined) return dry(request.deliver);
      inAmount = toIn(input);
    }
  }
  const delivered = amountToNum(outAmount);
  if (delivered.signum() <= 0 || amountToNum(inAmount).signum() <= 0) return dry(request.deliver);
  if (!request.partial && delivered.lt(wanted)) return { ter: 'tecPATH_PARTIAL', delivered: outAmount };

  let ter = sendAsset(view, request.source, ammAccount, inAmount);
  if (ter === 'tesSUCCESS') ter = sendAsset(view, ammAccount, request.destination, outAmount);
  return { ter, delivered: outAmount };
}

function sendAsset(view: ApplyView, from: string, to: string, amount: Amount): Ter {
  if (amount.kind === 'xrp') return transferXrp(view, from, to, amount.drops);
  return rippleSend(view, from, to, amount satisfies IouAmount);
}
