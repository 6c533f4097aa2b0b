import {
  CashFold,
  type CashTransfer,
  type CashWithdrawal,
  type FundsEvent,
  fundsEventTypes,
  isCreditEvent,
  isFundsEvent,
  isOrderEvent,
  type OrderCancelled,
  type Position,
  type RecordedEvent,
  type TradeExecuted,
  tradeHoldKey,
  userCashAccount,
} from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import { insertOnce, type Projection, type ProjectionWriter, statementChunks } from '../runtime/projection.js';

interface AccountDelta {
  debitsPosted: number;
  creditsPosted: number;
  debitsPending: number;
  creditsPending: number;
  marketCredits: number;
}

interface TransferRow {
  user_id: string;
  transfer_id: string;
  kind: string;
  amount_cents: number;
  status: string;
  counterparty: string;
  reference: string;
  at: string;
  log_order: string;
}

type CashEvent = FundsEvent | TradeExecuted | OrderCancelled;

function isCashEvent(event: RecordedEvent): event is RecordedEvent & CashEvent {
  if (isFundsEvent(event)) return true;
  if (isCreditEvent(event)) return event.type === 'TradeExecuted' && event.data.cash !== undefined && tradeHoldKey(event.data) !== undefined;
  return isOrderEvent(event) && event.type === 'OrderCancelled' && event.data.releasedCents !== undefined;
}

/** Text that sorts in log order. */
function logOrder(position: Position, index: number): string {
  return `${position.commit.toString().padStart(20, '0')}:${position.prepare.toString().padStart(20, '0')}:${index}`;
}

const USER_PREFIX = 'user:';

/**
 * One batch of the cash ledger (docs/funds.md): `CashFold`'s movements, the same as the service's
 * `CashLedger` folds, kept in memory in log order as account deltas, holds, withdrawals in flight
 * and statement rows, and written in a few statements. The holds and withdrawals the batch draws on
 * are read first; what would be a violation in the service's fold is passed over here.
 */
class CashBatch extends CashFold<RecordedEvent> {
  readonly accounts = new Map<string, AccountDelta>();
  readonly withdrawals = new Map<string, CashWithdrawal | null>();
  readonly transfers: TransferRow[] = [];

  constructor(
    storedHolds: readonly { order_id: string; user_id: string; reservation_id: string; left_cents: string }[],
    readonly storedWithdrawals: ReadonlyMap<string, CashWithdrawal>,
  ) {
    super();
    for (const row of storedHolds) this.holds.set(row.order_id, { userId: row.user_id, reservationId: row.reservation_id, left: Number(row.left_cents) });
  }

  private delta(account: string): AccountDelta {
    let delta = this.accounts.get(account);
    if (!delta) {
      delta = { debitsPosted: 0, creditsPosted: 0, debitsPending: 0, creditsPending: 0, marketCredits: 0 };
      this.accounts.set(account, delta);
    }
    return delta;
  }

  private statement(event: RecordedEvent, index: number, row: Omit<TransferRow, 'log_order'>): void {
    if (row.amount_cents !== 0) this.transfers.push({ ...row, log_order: logOrder(event.position, index) });
  }

  /**
   * A posted or pending transfer moves both accounts and shows on the statement of each user on
   * either side, signed from that side. A voided one shows on its user's (the debit side's): a
   * release as the cents coming back, a voided withdrawal as the amount that did not go out.
   */
  protected transfer(event: RecordedEvent, index: number, transfer: CashTransfer): void {
    const row = { transfer_id: transfer.transferId, kind: transfer.kind, status: transfer.status, reference: transfer.reference, at: transfer.at };
    if (transfer.status === 'voided') {
      const sign = transfer.kind === 'release' ? 1 : -1;
      this.statement(event, index, {
        ...row,
        user_id: transfer.debit.slice(USER_PREFIX.length),
        amount_cents: sign * transfer.amountCents,
        counterparty: transfer.credit,
      });
      return;
    }
    const debit = this.delta(transfer.debit);
    const credit = this.delta(transfer.credit);
    if (transfer.status === 'pending') {
      debit.debitsPending += transfer.amountCents;
      credit.creditsPending += transfer.amountCents;
    } else {
      debit.debitsPosted += transfer.amountCents;
      credit.creditsPosted += transfer.amountCents;
    }
    for (const [account, sign, counterparty] of [
      [transfer.debit, -1, transfer.credit],
      [transfer.credit, 1, transfer.debit],
    ] as const) {
      if (!account.startsWith(USER_PREFIX)) continue;
      this.statement(event, index, { ...row, user_id: account.slice(USER_PREFIX.length), amount_cents: sign * transfer.amountCents, counterparty });
    }
  }

  protected unhold(debit: string, credit: string, cents: number): void {
    this.delta(debit).debitsPending -= cents;
    this.delta(credit).creditsPending -= cents;
  }

  protected marketCredit(userId: string, cents: number): void {
    this.delta(userCashAccount(userId)).marketCredits += cents;
  }

  protected violation(): void {}

  protected withdrawalInFlight(withdrawalId: string): CashWithdrawal | undefined {
    return this.withdrawals.get(withdrawalId) ?? this.storedWithdrawals.get(withdrawalId);
  }

  protected withdrawalRequested(withdrawalId: string, withdrawal: CashWithdrawal): void {
    this.withdrawals.set(withdrawalId, withdrawal);
  }

  protected withdrawalSettled(withdrawalId: string): void {
    this.withdrawals.set(withdrawalId, null);
  }

  async write(db: ProjectionWriter): Promise<void> {
    const writes: Promise<unknown>[] = [];
    const accountRows = [...this.accounts].map(([account_id, d]) => ({
      account_id,
      debits_posted: d.debitsPosted,
      credits_posted: d.creditsPosted,
      debits_pending: d.debitsPending,
      credits_pending: d.creditsPending,
      market_credits: d.marketCredits,
    }));
    for (const rows of statementChunks(accountRows)) {
      writes.push(
        db
          .insertInto('cash_accounts')
          .values(rows)
          .onConflict((conflict) =>
            conflict.column('account_id').doUpdateSet({
              debits_posted: sql`cash_accounts.debits_posted + excluded.debits_posted`,
              credits_posted: sql`cash_accounts.credits_posted + excluded.credits_posted`,
              debits_pending: sql`cash_accounts.debits_pending + excluded.debits_pending`,
              credits_pending: sql`cash_accounts.credits_pending + excluded.credits_pending`,
              market_credits: sql`cash_accounts.market_credits + excluded.market_credits`,
            }),
          )
          .execute(),
      );
    }
    const open = [...this.holds].filter(([, hold]) => hold.left > 0);
    const closed = [...this.holds].filter(([, hold]) => hold.left <= 0).map(([orderId]) => orderId);
    const holdRows = open.map(([order_id, hold]) => ({ order_id, user_id: hold.userId, reservation_id: hold.reservationId, left_cents: hold.left }));
    for (const rows of statementChunks(holdRows)) {
      writes.push(
        db
          .insertInto('cash_holds')
          .values(rows)
          .onConflict((conflict) => conflict.column('order_id').doUpdateSet({ left_cents: sql`excluded.left_cents` }))
          .execute(),
      );
    }
    if (closed.length > 0) writes.push(db.deleteFrom('cash_holds').where('order_id', 'in', closed).execute());
    const started = [...this.withdrawals].filter((entry): entry is [string, { userId: string; amountCents: number }] => entry[1] !== null);
    const settled = [...this.withdrawals].filter(([, withdrawal]) => withdrawal === null).map(([id]) => id);
    if (started.length > 0) {
      writes.push(
        insertOnce(
          db,
          'cash_withdrawals',
          'withdrawal_id',
          started.map(([withdrawal_id, w]) => ({ withdrawal_id, user_id: w.userId, amount_cents: w.amountCents })),
        ),
      );
    }
    if (settled.length > 0) writes.push(db.deleteFrom('cash_withdrawals').where('withdrawal_id', 'in', settled).execute());
    for (const chunk of statementChunks(this.transfers)) {
      // One statement: the rows, and each user's statement total moved by the rows it stored (a row
      // there already, from a redelivered batch, returns nothing), so no read goes before or after.
      writes.push(
        db
          .with('stored', (creator) =>
            creator
              .insertInto('cash_transfers')
              .values(chunk)
              .onConflict((conflict) => conflict.columns(['user_id', 'transfer_id', 'status']).doNothing())
              .returning('user_id'),
          )
          .insertInto('cash_statement_totals')
          .columns(['user_id', 'transfers'])
          .expression((eb) =>
            eb
              .selectFrom('stored')
              .select(['stored.user_id', eb.fn.countAll<number>().as('transfers')])
              .groupBy('stored.user_id'),
          )
          .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ transfers: sql`cash_statement_totals.transfers + excluded.transfers` }))
          .execute(),
      );
    }
    await Promise.all(writes);
  }
}

/** The cash ledger's accounts, the holds of funded buy orders, and each user's statement with how many rows it holds. */
export const cashLedgerProjection: Projection = {
  name: 'cash-ledger',
  eventTypes: new Set([...fundsEventTypes, 'TradeExecuted', 'OrderCancelled']),
  // Trades and cancels of unfunded orders (sells, orders from before funding) move no cash.
  handles: isCashEvent,
  // Read back only by the funds endpoints, which wait for it (a wait ends the lingering at once).
  lingerMs: 15,
  views: ['funds'],
  tables: ['cash_accounts', 'cash_holds', 'cash_withdrawals', 'cash_transfers', 'cash_statement_totals'],
  async applyBatch(events: readonly RecordedEvent[], db: ProjectionWriter): Promise<boolean> {
    const cashEvents = events.filter(isCashEvent);
    if (cashEvents.length === 0) return false;
    const orderIds = new Set<string>();
    const withdrawalIds = new Set<string>();
    for (const event of cashEvents) {
      if (event.type === 'TradeExecuted') orderIds.add(tradeHoldKey(event.data)!);
      if (event.type === 'FundsReservationVoided') orderIds.add(event.data.orderId);
      if (event.type === 'OrderCancelled') orderIds.add(event.data.orderId);
      if (event.type === 'WithdrawalPosted' || event.type === 'WithdrawalVoided') withdrawalIds.add(event.data.withdrawalId);
    }
    const [holds, withdrawals] = await Promise.all([
      orderIds.size > 0
        ? db
            .selectFrom('cash_holds')
            .selectAll()
            .where('order_id', 'in', [...orderIds])
            .execute()
        : Promise.resolve([]),
      withdrawalIds.size > 0
        ? db
            .selectFrom('cash_withdrawals')
            .selectAll()
            .where('withdrawal_id', 'in', [...withdrawalIds])
            .execute()
        : Promise.resolve([]),
    ]);
    const batch = new CashBatch(holds, new Map(withdrawals.map((row) => [row.withdrawal_id, { userId: row.user_id, amountCents: Number(row.amount_cents) }])));
    for (const event of cashEvents) batch.apply(event);
    await batch.write(db);
    return true;
  },
};
