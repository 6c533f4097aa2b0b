import { isFundsEvent, type Position, type RecordedEvent } from '@carbon-ledger/contracts';
import { applyEach, exhaustive, insertOnce, type Projection, type ProjectionWriter } from '../runtime/projection.js';
import type { Updateable } from 'kysely';
import type { HeldDepositsTable } from '../read-model-database.js';

/** Text that sorts in log order. */
function logOrder(position: Position): string {
  return `${position.commit.toString().padStart(20, '0')}:${position.prepare.toString().padStart(20, '0')}`;
}

/** Marks a held deposit's row with what its stream decided since it was held. */
async function mark(db: ProjectionWriter, txHash: string, changes: Updateable<HeldDepositsTable>): Promise<true> {
  await db.updateTable('held_deposits').set(changes).where('tx_hash', '=', txHash).execute();
  return true;
}

async function apply(event: RecordedEvent, db: ProjectionWriter): Promise<boolean> {
  if (!isFundsEvent(event)) return false;
  switch (event.type) {
    case 'DepositHeld': {
      const { data } = event;
      // A replayed batch finds the row there already.
      await insertOnce(db, 'held_deposits', 'tx_hash', {
        tx_hash: data.txHash,
        sender: data.sender,
        destination_tag: data.destinationTag ?? null,
        amount_cents: data.amountCents,
        currency: data.currency,
        issuer: data.issuer,
        reason: data.reason,
        ledger_index: data.ledgerIndex,
        held_at: data.heldAt,
        status: 'held',
        log_order: logOrder(event.position),
      });
      return true;
    }
    case 'HeldDepositAssigned': {
      const { data } = event;
      return mark(db, data.txHash, { status: 'assigned', assigned_to: data.userId, assigned_by: data.assignedBy, assigned_at: data.assignedAt });
    }
    case 'HeldDepositRefundRequested': {
      const { data } = event;
      return mark(db, data.txHash, { status: 'refunding', refund_requested_by: data.requestedBy, refund_requested_at: data.requestedAt, refund_failure: null });
    }
    case 'HeldDepositRefunded':
      return mark(db, event.data.txHash, { status: 'refunded', refund_tx_hash: event.data.refundTxHash, refunded_at: event.data.refundedAt });
    case 'HeldDepositRefundFailed':
      // Held again: compliance may assign it or try the refund again.
      return mark(db, event.data.txHash, { status: 'held', refund_failure: event.data.reason });
    case 'FundsDeposited':
    case 'FundsReserved':
    case 'FundsReservationVoided':
    case 'WithdrawalRequested':
    case 'WithdrawalPosted':
    case 'WithdrawalVoided':
    case 'DepositTagClaimed':
      return false;
    default:
      return exhaustive(event);
  }
}

/** Payments held for compliance review (docs/funds.md): one row per transaction hash, marked when assigned or sent back. */
export const heldDepositsProjection: Projection = {
  name: 'held-deposits',
  eventTypes: new Set(['DepositHeld', 'HeldDepositAssigned', 'HeldDepositRefundRequested', 'HeldDepositRefunded', 'HeldDepositRefundFailed']),
  views: ['funds'],
  tables: ['held_deposits'],
  // In log order: an assignment follows its hold, possibly in the same batch.
  applyBatch: applyEach(apply),
};
