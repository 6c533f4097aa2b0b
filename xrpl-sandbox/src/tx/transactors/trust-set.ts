import type { Sle } from '../../ledger/sle.js';
import { accountReserve } from '../../ledger/view.js';
import { ACCOUNT_ONE } from '../../protocol/accounts.js';
import type { Amount } from '../../protocol/amount.js';
import { amountFromJson, iou } from '../../protocol/amount.js';
import { lsf, tf } from '../../protocol/flags.js';
import { accountKey, trustLineKey } from '../../protocol/keylets.js';
import { Num } from '../../protocol/number.js';
import type { Transactor } from '../transactor.js';
import { adjustOwnerCount, isHigh, trustCreate, trustDelete } from '../trust-lines.js';

const QUALITY_ONE = 1_000_000_000;

/** One side of a trust line: its quality fields and its flags (rippled's bLow / bHigh). */
interface LineSide {
  readonly qualityIn: string;
  readonly qualityOut: string;
  readonly noRipple: number;
  readonly freeze: number;
  readonly reserve: number;
  readonly auth: number;
}

const LOW: LineSide = {
  qualityIn: 'LowQualityIn',
  qualityOut: 'LowQualityOut',
  noRipple: lsf.lowNoRipple,
  freeze: lsf.lowFreeze,
  reserve: lsf.lowReserve,
  auth: lsf.lowAuth,
};
const HIGH: LineSide = {
  qualityIn: 'HighQualityIn',
  qualityOut: 'HighQualityOut',
  noRipple: lsf.highNoRipple,
  freeze: lsf.highFreeze,
  reserve: lsf.highReserve,
  auth: lsf.highAuth,
};

/** Whether a side holds anything its owner reserves for: a quality, a NoRipple off its default, a freeze, a limit or a positive balance. */
function needsReserve(line: Sle, side: LineSide, flags: number, defaultRipple: boolean, limit: Amount, balance: Num): boolean {
  return (
    line.getU32(side.qualityIn) !== 0 ||
    line.getU32(side.qualityOut) !== 0 ||
    ((flags & side.noRipple) === 0) !== defaultRipple ||
    (flags & side.freeze) !== 0 ||
    (limit.kind === 'iou' && !limit.value.isZero()) ||
    balance.signum() > 0
  );
}

export const trustSet: Transactor = {
  allowedFlags: tf.setfAuth | tf.setNoRipple | tf.clearNoRipple | tf.setFreeze | tf.clearFreeze,

  preflight(tx) {
    const limit = amountFromJson(tx.get('LimitAmount'));
    if (limit === undefined) return 'temBAD_LIMIT';
    if (limit.kind === 'xrp') return 'temBAD_LIMIT';
    if (limit.currency === 'XRP') return 'temBAD_CURRENCY';
    if (limit.value.signum() < 0) return 'temBAD_LIMIT';
    if (limit.issuer === tx.account) return 'temDST_IS_SRC';
    return 'tesSUCCESS';
  },

  preclaim({ view, tx }) {
    const limit = amountFromJson(tx.get('LimitAmount'));
    if (limit?.kind !== 'iou') return 'temBAD_LIMIT';
    const root = view.read(accountKey(tx.account));
    if ((tx.getU32('Flags') & tf.setfAuth) !== 0 && !root?.isFlag(lsf.requireAuth)) return 'tefNO_AUTH_REQUIRED';
    if (view.read(accountKey(limit.issuer)) === undefined) return 'tecNO_DST';
    return 'tesSUCCESS';
  },

  doApply({ view, tx, account, priorBalance }) {
    const limit = amountFromJson(tx.get('LimitAmount'));
    if (limit?.kind !== 'iou') return 'temBAD_LIMIT';
    const peer = limit.issuer;
    const high = isHigh(account, peer);
    const flagsIn = tx.getU32('Flags');
    const hasQualityIn = tx.has('QualityIn');
    const hasQualityOut = tx.has('QualityOut');
    let qualityIn = tx.getU32('QualityIn');
    let qualityOut = tx.getU32('QualityOut');
    if (qualityIn === QUALITY_ONE) qualityIn = 0;
    if (qualityOut === QUALITY_ONE) qualityOut = 0;
    const setAuth = (flagsIn & tf.setfAuth) !== 0;
    const setNoRipple = (flagsIn & tf.setNoRipple) !== 0;
    const clearNoRipple = (flagsIn & tf.clearNoRipple) !== 0;
    const setFreeze = (flagsIn & tf.setFreeze) !== 0;
    const clearFreeze = (flagsIn & tf.clearFreeze) !== 0;

    const root = view.peek(accountKey(account));
    const peerRoot = view.peek(accountKey(peer));
    if (root === undefined) return 'tefINTERNAL';
    if (peerRoot === undefined) return 'tecNO_DST';
    const ownerCount = root.getU32('OwnerCount');
    // The first two owned objects need no reserve for a new trust line.
    const reserveCreate = ownerCount < 2 ? 0n : accountReserve(view.fees, ownerCount + 1);
    const limitAllow = iou({ currency: limit.currency, issuer: account }, limit.value);
    const key = trustLineKey(account, peer, limit.currency);
    const line = view.peek(key);

    if (line !== undefined) {
      const low = high ? peer : account;
      const highAccount = high ? account : peer;
      const lowRoot = high ? peerRoot : root;
      const highRoot = high ? root : peerRoot;
      const balance = line.getAmount('Balance');
      const lowBalance = balance.kind === 'iou' ? balance.value : Num.zero;
      const highBalance = lowBalance.negate();
      line.setAmount(high ? 'HighLimit' : 'LowLimit', limitAllow);
      const lowLimit = line.getAmount('LowLimit');
      const highLimit = line.getAmount('HighLimit');
      const setQuality = (field: string, present: boolean, value: number): void => {
        if (!present) return;
        if (value === 0) line.remove(field);
        else line.setU32(field, value);
      };
      const callerSide = high ? HIGH : LOW;
      setQuality(callerSide.qualityIn, hasQualityIn, qualityIn);
      setQuality(callerSide.qualityOut, hasQualityOut, qualityOut);

      const flagsBefore = line.flags;
      let flags = flagsBefore;
      if (setNoRipple && !clearNoRipple) {
        if ((high ? highBalance : lowBalance).signum() >= 0) flags |= callerSide.noRipple;
        else return 'tecNO_PERMISSION';
      } else if (clearNoRipple && !setNoRipple) {
        flags &= ~callerSide.noRipple;
      }
      if (setFreeze && !clearFreeze && !root.isFlag(lsf.noFreeze)) flags |= callerSide.freeze;
      else if (clearFreeze && !setFreeze) flags &= ~callerSide.freeze;
      if (setAuth) flags |= callerSide.auth;

      const lowReserveSet = needsReserve(line, LOW, flags, lowRoot.isFlag(lsf.defaultRipple), lowLimit, lowBalance);
      const highReserveSet = needsReserve(line, HIGH, flags, highRoot.isFlag(lsf.defaultRipple), highLimit, highBalance);
      let reserveIncrease = false;
      const sides = [
        [LOW, lowRoot, lowReserveSet, !high],
        [HIGH, highRoot, highReserveSet, high],
      ] as const;
      for (const [side, sideRoot, reserveSet, isCaller] of sides) {
        const reserved = (flagsBefore & side.reserve) !== 0;
        if (reserveSet && !reserved) {
          adjustOwnerCount(view, sideRoot, 1);
          flags |= side.reserve;
          if (isCaller) reserveIncrease = true;
        }
        if (!reserveSet && reserved) {
          adjustOwnerCount(view, sideRoot, -1);
          flags &= ~side.reserve;
        }
      }
      if (flags >>> 0 !== flagsBefore >>> 0) line.flags = flags >>> 0;
      if (!lowReserveSet && !highReserveSet) return trustDelete(view, line, low, highAccount);
      if (reserveIncrease && priorBalance < reserveCreate) return 'tecINSUF_RESERVE_LINE';
      view.update(line);
      return 'tesSUCCESS';
    }

    if (limit.value.isZero() && (!hasQualityIn || qualityIn === 0) && (!hasQualityOut || qualityOut === 0) && !setAuth) {
      return 'tecNO_LINE_REDUNDANT';
    }
    if (priorBalance < reserveCreate) return 'tecNO_LINE_INSUF_RESERVE';
    return trustCreate(view, {
      srcHigh: high,
      src: account,
      dst: peer,
      key,
      account: root,
      auth: setAuth,
      noRipple: setNoRipple && !clearNoRipple,
      freeze: setFreeze && !clearFreeze,
      balance: iou({ currency: limit.currency, issuer: ACCOUNT_ONE }, Num.zero),
      limit: limitAllow,
      qualityIn,
      qualityOut,
    });
  },
};
