import { accountReserve } from '../../ledger/view.js';
import { ACCOUNT_ONE } from '../../protocol/accounts.js';
import { amountFromJson, iou } from '../../protocol/amount.js';
import { lsf, tf } from '../../protocol/flags.js';
import { accountKey, trustLineKey } from '../../protocol/keylets.js';
import { Num } from '../../protocol/number.js';
import type { Transactor } from '../transactor.js';
import { adjustOwnerCount, isHigh, trustCreate, trustDelete } from '../trust-lines.js';

const QUALITY_ONE = 1_000_000_000;

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
      setQuality(high ? 'HighQualityIn' : 'LowQualityIn', hasQualityIn, qualityIn);
      setQuality(high ? 'HighQualityOut' : 'LowQualityOut', hasQualityOut, qualityOut);

      const flagsBefore = line.flags;
      let flags = flagsBefore;
      if (setNoRipple && !clearNoRipple) {
        if ((high ? highBalance : lowBalance).signum() >= 0) flags |= high ? lsf.highNoRipple : lsf.lowNoRipple;
        else return 'tecNO_PERMISSION';
      } else if (clearNoRipple && !setNoRipple) {
        flags &= ~(high ? lsf.highNoRipple : lsf.lowNoRipple);
      }
      if (setFreeze && !clearFreeze && !root.isFlag(lsf.noFreeze)) flags |= high ? lsf.highFreeze : lsf.lowFreeze;
      else if (clearFreeze && !setFreeze) flags &= ~(high ? lsf.highFreeze : lsf.lowFreeze);
      if (setAuth) flags |= high ? lsf.highAuth : lsf.lowAuth;

      const lowDefaultRipple = lowRoot.isFlag(lsf.defaultRipple);
      const highDefaultRipple = highRoot.isFlag(lsf.defaultRipple);
      const lowReserveSet =
        line.getU32('LowQualityIn') !== 0 ||
        line.getU32('LowQualityOut') !== 0 ||
        ((flags & lsf.lowNoRipple) === 0) !== lowDefaultRipple ||
        (flags & lsf.lowFreeze) !== 0 ||
        (lowLimit.kind === 'iou' && !lowLimit.value.isZero()) ||
        lowBalance.signum() > 0;
      const highReserveSet =
        line.getU32('HighQualityIn') !== 0 ||
        line.getU32('HighQualityOut') !== 0 ||
        ((flags & lsf.highNoRipple) === 0) !== highDefaultRipple ||
        (flags & lsf.highFreeze) !== 0 ||
        (highLimit.kind === 'iou' && !highLimit.value.isZero()) ||
        highBalance.signum() > 0;
      const lowReserved = (flagsBefore & lsf.lowReserve) !== 0;
      const highReserved = (flagsBefore & lsf.highReserve) !== 0;
      let reserveIncrease = false;
      if (lowReserveSet && !lowReserved) {
        adjustOwnerCount(view, lowRoot, 1);
        flags |= lsf.lowReserve;
        if (!high) reserveIncrease = true;
      }
      if (!lowReserveSet && lowReserved) {
        adjustOwnerCount(view, lowRoot, -1);
        flags &= ~lsf.lowReserve;
      }
      if (highReserveSet && !highReserved) {
        adjustOwnerCount(view, highRoot, 1);
        flags |= lsf.highReserve;
        if (high) reserveIncrease = true;
      }
      if (!highReserveSet && highReserved) {
        adjustOwnerCount(view, highRoot, -1);
        flags &= ~lsf.highReserve;
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
