import { isFundsEvent, type Position, type RecordedEvent } from '@carbon-ledger/contracts';
import { type Insertable, sql, type Updateable } from 'kysely';
import { applyEach, exhaustive, type Projection, type ProjectionWriter } from '../runtime/projection.js';
import type { HeldDepositsTable } from '../read-model-database.js';

/** Text that sorts in log order. */
function logOrder(position: Position): string {
  return `${position.commit.toString().padStart(20, '0')}:${position.prepare.toString().padStart(20, '0')}`;
}

/**
 * Moves each status's count in `held_deposit_totals` by what `changed` (a statement's rows, as
 * `before` and `after` statuses; `before` null for a row it stored) did, in that same statement:
 * a row already there, or already in its status, moves nothing, so a redelivered event counts
 * nothing twice and the counts stay what the rows hold.
 */
function countChanges(db: ProjectionWriter, changes: Parameters<ProjectionWriter['with']>[1]) {
  return db
    .with('changed', changes)
    .insertInto('held_deposit_totals')
    .columns(['status', 'deposits'])
    .expression(
      sql`select status, sum(delta)::bigint from (
        select after as status, 1 as delta from changed where before is distinct from after
        union all
        select before as status, -1 as delta from changed where before is not null and before <> after
      ) as moves group by status`,
    )
    .onConflict((conflict) => conflict.column('status').doUpdateSet({ deposits: sql`held_deposit_totals.deposits + excluded.deposits` }))
    .execute();
}

/** Stores a held deposit once, counted as held. */
async function hold(db: ProjectionWriter, row: Insertable<HeldDepositsTable>): Promise<void> {
  const stored = db
    .insertInto('held_deposits')
    .values(row)
    .onConflict((conflict) => conflict.column('tx_hash').doNothing())
    .returning([sql<null>`null::text`.as('before'), 'status as after']);
  await countChanges(db, () => stored);
}

/** Marks a held deposit's row with what its stream decided since it was held, moving the counts of the statuses it left and entered. */
async function mark(db: ProjectionWriter, txHash: string, changes: Updateable<HeldDepositsTable> & { status: HeldDepositsTable['status'] }): Promise<true> {
  // `was` reads the row as the statement found it: the update's RETURNING sees the new status only.
  const was = db.selectFrom('held_deposits').select(['tx_hash', 'status']).where('tx_hash', '=', txHash);
  const moved = db
    .updateTable('held_deposits')
    .from(was.as('was'))
    .set(changes)
    .whereRef('held_deposits.tx_hash', '=', 'was.tx_hash')
    .returning(['was.status as before', 'held_deposits.status as after']);
  await countChanges(db, () => moved);
  return true;
}

async function apply(event: RecordedEvent, db: ProjectionWriter): Promise<boolean> {
  if (!isFundsEvent(event)) return false;
  switch (event.type) {
    case 'DepositHeld': {
      const { data } = event;
      // A replayed batch finds the row there already.
      await hold(db, {
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

/** Payments held for compliance review (docs/funds.md): one row per transaction hash, marked when assigned or sent back, and how many are in each status. */
export const heldDepositsProjection: Projection = {
  name: 'held-deposits',
  eventTypes: new Set(['DepositHeld', 'HeldDepositAssigned', 'HeldDepositRefundRequested', 'HeldDepositRefunded', 'HeldDepositRefundFailed']),
  views: ['funds'],
  tables: ['held_deposits', 'held_deposit_totals'],
  // In log order: an assignment follows its hold, possibly in the same batch.
  applyBatch: applyEach(apply),
};
