import { ownerDirEntries } from '../../ledger/directory.js';
import { asf, lsf, tf } from '../../protocol/flags.js';
import { accountKey } from '../../protocol/keylets.js';
import type { Ter } from '../../protocol/ter.js';
import type { Transactor } from '../transactor.js';

const QUALITY_ONE = 1_000_000_000;
const MAX_DOMAIN_BYTES = 256;

/** AccountSet flags that map directly onto an AccountRoot flag. */
const simpleFlags = new Map<number, number>([
  [asf.requireDest, lsf.requireDestTag],
  [asf.disallowXRP, lsf.disallowXRP],
  [asf.noFreeze, lsf.noFreeze],
  [asf.globalFreeze, lsf.globalFreeze],
  [asf.defaultRipple, lsf.defaultRipple],
  [asf.depositAuth, lsf.depositAuth],
  [asf.disallowIncomingNFTokenOffer, lsf.disallowIncomingNFTokenOffer],
  [asf.disallowIncomingCheck, lsf.disallowIncomingCheck],
  [asf.disallowIncomingPayChan, lsf.disallowIncomingPayChan],
  [asf.disallowIncomingTrustline, lsf.disallowIncomingTrustline],
  [asf.allowTrustLineClawback, lsf.allowTrustLineClawback],
]);

export const accountSet: Transactor = {
  allowedFlags: tf.requireDestTag | tf.optionalDestTag | tf.requireAuth | tf.optionalAuth | tf.disallowXRP | tf.allowXRP,

  preflight(tx) {
    const flags = tx.getU32('Flags');
    const setFlag = tx.getU32('SetFlag');
    const clearFlag = tx.getU32('ClearFlag');
    if (tx.has('SetFlag') && setFlag === clearFlag) return 'temINVALID_FLAG';
    if ((flags & tf.requireDestTag) !== 0 && (flags & tf.optionalDestTag) !== 0) return 'temINVALID_FLAG';
    if ((flags & tf.requireAuth) !== 0 && (flags & tf.optionalAuth) !== 0) return 'temINVALID_FLAG';
    if ((flags & tf.disallowXRP) !== 0 && (flags & tf.allowXRP) !== 0) return 'temINVALID_FLAG';
    if (tx.has('TransferRate')) {
      const rate = tx.getU32('TransferRate');
      if (rate !== 0 && (rate < QUALITY_ONE || rate > 2 * QUALITY_ONE)) return 'temBAD_TRANSFER_RATE';
    }
    if (tx.has('TickSize')) {
      const tick = tx.getU32('TickSize');
      if (tick !== 0 && (tick < 3 || tick > 15)) return 'temBAD_TICK_SIZE';
    }
    const domain = tx.getString('Domain');
    if (domain !== undefined && domain.length / 2 > MAX_DOMAIN_BYTES) return 'telBAD_DOMAIN';
    if (setFlag === asf.authorizedNFTokenMinter && !tx.has('NFTokenMinter')) return 'temMALFORMED';
    if (tx.has('NFTokenMinter') && setFlag !== asf.authorizedNFTokenMinter) return 'temMALFORMED';
    return 'tesSUCCESS';
  },

  doApply({ view, tx, account }): Ter {
    const root = view.peek(accountKey(account));
    if (root === undefined) return 'tefINTERNAL';
    const flags = tx.getU32('Flags');
    const setFlag = tx.has('SetFlag') ? tx.getU32('SetFlag') : 0;
    const clearFlag = tx.has('ClearFlag') ? tx.getU32('ClearFlag') : 0;

    if (setFlag === asf.requireAuth || (flags & tf.requireAuth) !== 0) {
      if (!root.isFlag(lsf.requireAuth) && ownerDirEntries(view, account).length > 0) return 'tecOWNERS';
      root.setFlag(lsf.requireAuth);
    }
    if (clearFlag === asf.requireAuth || (flags & tf.optionalAuth) !== 0) root.clearFlag(lsf.requireAuth);
    if ((flags & tf.requireDestTag) !== 0) root.setFlag(lsf.requireDestTag);
    if ((flags & tf.optionalDestTag) !== 0) root.clearFlag(lsf.requireDestTag);
    if ((flags & tf.disallowXRP) !== 0) root.setFlag(lsf.disallowXRP);
    if ((flags & tf.allowXRP) !== 0) root.clearFlag(lsf.disallowXRP);

    if (setFlag === asf.disableMaster) {
      if (!root.has('RegularKey')) return 'tecNO_ALTERNATIVE_KEY';
      root.setFlag(lsf.disableMaster);
    }
    if (clearFlag === asf.disableMaster) root.clearFlag(lsf.disableMaster);
    if (setFlag === asf.accountTxnID) root.set('AccountTxnID', tx.getString('AccountTxnID') ?? '0'.repeat(64));
    if (clearFlag === asf.accountTxnID) root.remove('AccountTxnID');
    if (setFlag === asf.allowTrustLineClawback && root.isFlag(lsf.noFreeze)) return 'tecNO_PERMISSION';
    const setBit = simpleFlags.get(setFlag);
    if (setBit !== undefined) root.setFlag(setBit);
    // NoFreeze and AllowTrustLineClawback are permanent; GlobalFreeze stays while NoFreeze is set.
    const permanent = clearFlag === asf.noFreeze || clearFlag === asf.allowTrustLineClawback;
    const frozenForGood = clearFlag === asf.globalFreeze && root.isFlag(lsf.noFreeze);
    const clearBit = simpleFlags.get(clearFlag);
    if (clearBit !== undefined && !permanent && !frozenForGood) root.clearFlag(clearBit);

    if (setFlag === asf.authorizedNFTokenMinter) root.set('NFTokenMinter', tx.getAccount('NFTokenMinter'));
    if (clearFlag === asf.authorizedNFTokenMinter) root.remove('NFTokenMinter');

    const setBlob = (field: string): void => {
      const value = tx.getString(field);
      if (value === undefined) return;
      if (value === '') root.remove(field);
      else root.set(field, value);
    };
    setBlob('Domain');
    setBlob('MessageKey');
    const emailHash = tx.getString('EmailHash');
    if (emailHash !== undefined) {
      if (/^0+$/.test(emailHash)) root.remove('EmailHash');
      else root.set('EmailHash', emailHash);
    }
    if (tx.has('TransferRate')) {
      const rate = tx.getU32('TransferRate');
      if (rate === 0 || rate === QUALITY_ONE) root.remove('TransferRate');
      else root.setU32('TransferRate', rate);
    }
    if (tx.has('TickSize')) {
      const tick = tx.getU32('TickSize');
      if (tick === 0 || tick === 15) root.remove('TickSize');
      else root.setU32('TickSize', tick);
    }
    view.update(root);
    return 'tesSUCCESS';
  },
};

export const setRegularKey: Transactor = {
  allowedFlags: 0,

  preflight(tx) {
    const regularKey = tx.getString('RegularKey');
    if (regularKey !== undefined && regularKey === tx.account) return 'temBAD_REGKEY';
    return 'tesSUCCESS';
  },

  doApply({ view, tx, account }) {
    const root = view.peek(accountKey(account));
    if (root === undefined) return 'tefINTERNAL';
    const regularKey = tx.getString('RegularKey');
    if (regularKey !== undefined) root.set('RegularKey', regularKey);
    else {
      if (root.isFlag(lsf.disableMaster)) return 'tecNO_ALTERNATIVE_KEY';
      root.remove('RegularKey');
    }
    view.update(root);
    return 'tesSUCCESS';
  },
};
