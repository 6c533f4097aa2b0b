import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type DepositHeld, formatUsdCents, type HeldDepositsParams, type HeldDepositsResponse, type HeldDepositView, pageOf } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import type { HeldDepositState } from '../held-deposits.decider.js';

export class ListHeldDepositsQuery extends Query<HeldDepositsResponse> {
  constructor(readonly params: HeldDepositsParams) {
    super();
  }
}

function statusOf(state: HeldDepositState): HeldDepositView['status'] {
  if (state.assigned) return 'assigned';
  if (state.refunded) return 'refunded';
  return state.refunding ? 'refunding' : 'held';
}

/** A held deposit as compliance sees it, from its stream (the answers to assign and refund read no read model). */
export function heldDepositViewOf(held: DepositHeld['data'], state: HeldDepositState): HeldDepositView {
  const { assigned, refunded, lastRefundRequest } = state;
  return {
    txHash: held.txHash,
    sender: held.sender,
    destinationTag: held.destinationTag ?? null,
    amount: formatUsdCents(held.amountCents),
    currency: held.currency,
    issuer: held.issuer,
    reason: held.reason,
    ledgerIndex: held.ledgerIndex,
    heldAt: held.heldAt,
    status: statusOf(state),
    assignedTo: assigned?.userId ?? null,
    assignedBy: assigned?.assignedBy ?? null,
    assignedAt: assigned?.assignedAt ?? null,
    refundRequestedBy: lastRefundRequest?.requestedBy ?? null,
    refundRequestedAt: lastRefundRequest?.requestedAt ?? null,
    refundTxHash: refunded?.refundTxHash ?? null,
    refundedAt: refunded?.refundedAt ?? null,
    refundFailure: state.lastRefundFailure ?? null,
  };
}

/** Held deposits, newest first (log order, then transaction hash), one page at a time after a cursor's row. */
@QueryHandler(ListHeldDepositsQuery)
export class ListHeldDepositsHandler implements IQueryHandler<ListHeldDepositsQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ params }: ListHeldDepositsQuery): Promise<HeldDepositsResponse> {
    const { status, limit, cursor } = params;
    let rows = this.db.selectFrom('held_deposits');
    if (status !== 'all') rows = rows.where('status', '=', status);
    const totals = this.db.selectFrom('held_deposit_totals');
    const after = cursor ? rows.where(sql<boolean>`(log_order, tx_hash) < (${cursor[0]}, ${cursor[1]})`) : rows;
    const [found, count] = await Promise.all([
      after
        .selectAll()
        .orderBy('log_order', 'desc')
        .orderBy('tx_hash', 'desc')
        .limit(limit + 1)
        .execute(),
      // Kept per status by the held-deposits projection as it moves the rows: at most four rows, whatever the log's size.
      (status === 'all' ? totals : totals.where('status', '=', status))
        .select((eb) => eb.fn.sum<string | null>('deposits').as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    const { rows: deposits, nextCursor } = pageOf(found, limit, 'held-deposits', (row) => [row.log_order, row.tx_hash]);
    return {
      deposits: deposits.map((row): HeldDepositView => ({
        txHash: row.tx_hash,
        sender: row.sender,
        destinationTag: row.destination_tag === null ? null : Number(row.destination_tag),
        amount: formatUsdCents(Number(row.amount_cents)),
        currency: row.currency,
        issuer: row.issuer,
        reason: row.reason,
        ledgerIndex: Number(row.ledger_index),
        heldAt: row.held_at.toISOString(),
        status: row.status,
        assignedTo: row.assigned_to,
        assignedBy: row.assigned_by,
        assignedAt: row.assigned_at?.toISOString() ?? null,
        refundRequestedBy: row.refund_requested_by,
        refundRequestedAt: row.refund_requested_at?.toISOString() ?? null,
        refundTxHash: row.refund_tx_hash,
        refundedAt: row.refunded_at?.toISOString() ?? null,
        refundFailure: row.refund_failure,
      })),
      total: Number(count.total ?? 0),
      nextCursor,
    };
  }
}
