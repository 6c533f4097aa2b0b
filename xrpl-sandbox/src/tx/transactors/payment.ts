import { Sle } from '../../ledger/sle.js';
import { accountReserve } from '../../ledger/view.js';
import type { Amount } from '../../protocol/amount.js';
import { amountFromJson, compareAmounts, issueEquals, issueOf, signum, xrp } from '../../protocol/amount.js';
import { lsf, tf } from '../../protocol/flags.js';
import { accountKey } from '../../protocol/keylets.js';
import type { Ter } from '../../protocol/ter.js';
import type { ApplyContext, PreclaimContext, Transactor, Tx } from '../transactor.js';
import { ripplePayment } from './payment-flow.js';

function amounts(tx: Tx): { amount: Amount | undefined; sendMax: Amount | undefined; deliverMin: Amount | undefined } {
  return {
    amount: amountFromJson(tx.get('Amount')),
    sendMax: tx.has('SendMax') ? amountFromJson(tx.get('SendMax')) : undefined,
    deliverMin: tx.has('DeliverMin') ? amountFromJson(tx.get('DeliverMin')) : undefined,
  };
}

export const payment: Transactor = {
  allowedFlags: tf.noRippleDirect | tf.partialPayment | tf.limitQuality,

  preflight(tx) {
    const { amount, sendMax, deliverMin } = amounts(tx);
    const destination = tx.getString('Destination');
    if (destination === undefined) return 'temDST_NEEDED';
    if (amount === undefined || signum(amount) <= 0) return 'temBAD_AMOUNT';
    if (tx.has('SendMax') && (sendMax === undefined || signum(sendMax) <= 0)) return 'temBAD_AMOUNT';
    for (const value of [amount, sendMax]) {
      if (value?.kind === 'iou' && value.currency === 'XRP') return 'temBAD_CURRENCY';
    }
    const source = sendMax ?? amount;
    const xrpDirect = source.kind === 'xrp' && amount.kind === 'xrp';
    const partial = (tx.getU32('Flags') & tf.partialPayment) !== 0;
    const hasPaths = tx.has('Paths');
    if (tx.account === destination && issueEquals(issueOf(source), issueOf(amount)) && !hasPaths) {
      return 'temREDUNDANT';
    }
    if (xrpDirect && sendMax !== undefined) return 'temBAD_SEND_XRP_MAX';
    if (xrpDirect && hasPaths) return 'temBAD_SEND_XRP_PATHS';
    if (xrpDirect && partial) return 'temBAD_SEND_XRP_PARTIAL';
    if (xrpDirect && (tx.getU32('Flags') & tf.limitQuality) !== 0) return 'temBAD_SEND_XRP_LIMIT';
    if (xrpDirect && (tx.getU32('Flags') & tf.noRippleDirect) !== 0) return 'temBAD_SEND_XRP_NO_DIRECT';
    if (tx.has('DeliverMin')) {
      if (!partial || deliverMin === undefined || signum(deliverMin) <= 0) return 'temBAD_AMOUNT';
      if (!issueEquals(issueOf(deliverMin), issueOf(amount))) return 'temBAD_AMOUNT';
      if (compareAmounts(deliverMin, amount) > 0) return 'temBAD_AMOUNT';
    }
    return 'tesSUCCESS';
  },

  preclaim({ view, tx }: PreclaimContext): Ter {
    const destination = tx.getAccount('Destination');
    const amount = amountFromJson(tx.get('Amount'));
    if (amount === undefined) return 'temBAD_AMOUNT';
    const dst = view.read(accountKey(destination));
    if (dst === undefined) {
      if (amount.kind !== 'xrp') return 'tecNO_DST';
      if ((tx.getU32('Flags') & tf.partialPayment) !== 0) return 'telNO_DST_PARTIAL';
      if (amount.drops < accountReserve(view.fees, 0)) return 'tecNO_DST_INSUF_XRP';
    } else if (dst.isFlag(lsf.requireDestTag) && !tx.has('DestinationTag')) {
      return 'tecDST_TAG_NEEDED';
    }
    return 'tesSUCCESS';
  },

  doApply(ctx: ApplyContext): Ter {
    const { view, tx, account } = ctx;
    const destination = tx.getAccount('Destination');
    const { amount, sendMax, deliverMin } = amounts(tx);
    if (amount === undefined) return 'temBAD_AMOUNT';

    let dst = view.peek(accountKey(destination));
    if (dst === undefined) {
      // Accounts created by a payment start at the current ledger sequence (DeletableAccounts).
      dst = Sle.create('AccountRoot', accountKey(destination));
      dst.set('Account', destination);
      dst.setAmount('Balance', xrp(0n));
      dst.setU32('OwnerCount', 0);
      dst.setU32('Sequence', view.info.seq);
      view.insert(dst);
    }

    // Deposit authorization (DepositPreauth entries are not supported, only the self case).
    const depositAuth = dst.isFlag(lsf.depositAuth) && destination !== account;
    const source = sendMax ?? amount;
    if (source.kind === 'xrp' && amount.kind === 'xrp') {
      const src = view.peek(accountKey(account));
      if (src === undefined) return 'tefINTERNAL';
      const reserve = accountReserve(view.fees, src.getU32('OwnerCount'));
      const fee = amountFromJson(tx.get('Fee'));
      const feeDrops = fee?.kind === 'xrp' ? fee.drops : 0n;
      const needed = reserve > feeDrops ? reserve : feeDrops;
      if (ctx.priorBalance < amount.drops + needed) return 'tecUNFUNDED_PAYMENT';
      if (dst.has('AMMID')) return 'tecNO_PERMISSION';
      if (depositAuth) {
        // Small payments may still top up an account that is below the reserve.
        const floor = accountReserve(view.fees, 0);
        const dstDrops = dst.getAmount('Balance');
        if (amount.drops > floor || (dstDrops.kind === 'xrp' && dstDrops.drops > floor)) return 'tecNO_PERMISSION';
      }
      src.setAmount('Balance', xrp(ctx.sourceBalance - amount.drops));
      view.update(src);
      const dstBalance = dst.getAmount('Balance');
      dst.setAmount('Balance', xrp((dstBalance.kind === 'xrp' ? dstBalance.drops : 0n) + amount.drops));
      if (dst.isFlag(lsf.passwordSpent)) dst.clearFlag(lsf.passwordSpent);
      view.update(dst);
      return 'tesSUCCESS';
    }

    if (depositAuth) return 'tecNO_PERMISSION';
    const partial = (tx.getU32('Flags') & tf.partialPayment) !== 0;
    const outcome = ripplePayment(view, {
      source: account,
      destination,
      deliver: amount,
      sendMax: sendMax,
      partial,
      tradingAccount: account,
    });
    if (outcome.ter !== 'tesSUCCESS') return outcome.ter;
    if (compareAmounts(outcome.delivered, amount) !== 0) {
      if (deliverMin !== undefined && compareAmounts(outcome.delivered, deliverMin) < 0) return 'tecPATH_PARTIAL';
      ctx.deliver(outcome.delivered);
    }
    return 'tesSUCCESS';
  },
};
