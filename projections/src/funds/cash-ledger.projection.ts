import {
  type FundsEvent,
  fundsEventTypes,
  isCreditEvent,
  isFundsEvent,
  isOrderEvent,
  type OrderCancelled,
  platformCashAccounts,
  type Position,
  type RecordedEvent,
  type TradeExecuted,
  userCashAccount,
} from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import { exhaustive, insertOnce, type Projection, type ProjectionWriter } from '../runtime/projection.js';

interface AccountDelta {
  debitsPosted: number;
  creditsPosted: number;
  debitsPending: number;
  creditsPending: number;
  marketCredits: number;
}

interface Hold {
  readonly userId: string;
  readonly reservationId: string;
  left: number;
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
  if (isCreditEvent(event)) return event.type === 'TradeExecuted' && event.data.cash !== undefined && holdKeyOf(event.data) !== undefined;
  return isOrderEvent(event) && event.type === 'OrderCancelled' && event.data.releasedCents !== undefined;
}

/** The hold a trade's cash is drawn from: its buy order's, or the accepted direct offer's (docs/funds.md). */
function holdKeyOf(data: TradeExecuted['data']): string | undefined {
  return data.buyOrderId ?? data.offerId;
}

/** Text that sorts in log order. */
function logOrder(position: Position, index: number): string {
  return `${position.commit.toString().padStart(20, '0')}:${position.prepare.toString().padStart(20, '0')}:${index}`;
}

const USER_PREFIX = 'user:';

/**
 * One batch of the cash ledger (docs/funds.md), folded in memory in log order and written in a few
 * statements: account deltas, holds, withdrawals in flight, statement rows. The same movements as
 * `CashLedger` in the service (checked against it by the funds integration test).
 */
class CashBatch {
  readonly accounts = new Map<string, AccountDelta>();
  readonly holds = new Map<string, Hold>();
  readonly withdrawals = new Map<string, { userId: string; amountCents: number } | null>();
  readonly transfers: TransferRow[] = [];

  constructor(
    storedHolds: readonly { order_id: string; user_id: string; reservation_id: string; left_cents: string }[],
    readonly storedWithdrawals: ReadonlyMap<string, { userId: string; amountCents: number }>,
  ) {
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

  /** A posted or pending movement between two accounts; statement rows for the users on either side. */
  private move(
    event: RecordedEvent,
    index: number,
    move: { id: string; kind: string; debit: string; credit: string; cents: number; pending: boolean; reference: string; at: string },
  ): void {
    const debit = this.delta(move.debit);
    const credit = this.delta(move.credit);
    if (move.pending) {
      debit.debitsPending += move.cents;
      credit.creditsPending += move.cents;
    } else {
      debit.debitsPosted += move.cents;
      credit.creditsPosted += move.cents;
    }
    const status = move.pending ? 'pending' : 'posted';
    for (const [account, sign, counterparty] of [
      [move.debit, -1, move.credit],
      [move.credit, 1, move.debit],
    ] as const) {
      if (!account.startsWith(USER_PREFIX)) continue;
      this.statement(event, index, {
        user_id: account.slice(USER_PREFIX.length),
        transfer_id: move.id,
        kind: move.kind,
        amount_cents: sign * move.cents,
        status,
        counterparty,
        reference: move.reference,
        at: move.at,
      });
    }
  }

  /** Takes cents off a pending transfer's two sides. */
  private unhold(userId: string, credit: string, cents: number): void {
    this.delta(userCashAccount(userId)).debitsPending -= cents;
    this.delta(credit).creditsPending -= cents;
  }

  /** Gives cents of an order's hold back: the reservation shrinks and the buyer's statement shows the release. */
  private releaseHold(event: RecordedEvent, hold: Hold, orderId: string, cents: number, at: string): void {
    hold.left -= cents;
    this.unhold(hold.userId, platformCashAccounts.orderSettlement, cents);
    this.statement(event, 0, {
      user_id: hold.userId,
      transfer_id: `${hold.reservationId}:void`,
      kind: 'release',
      amount_cents: cents,
      status: 'voided',
      counterparty: platformCashAccounts.orderSettlement,
      reference: orderId,
      at,
    });
  }

  apply(event: RecordedEvent & CashEvent): void {
    switch (event.type) {
      case 'FundsDeposited': {
        const { data } = event;
        this.move(event, 0, {
          id: data.depositId,
          kind: 'deposit',
          debit: platformCashAccounts.clearing,
          credit: userCashAccount(data.userId),
          cents: data.amountCents,
          pending: false,
          reference: data.txHash,
          at: data.depositedAt,
        });
        return;
      }
      case 'FundsReserved': {
        const { data } = event;
        this.holds.set(data.orderId, { userId: data.userId, reservationId: data.reservationId, left: data.amountCents });
        this.move(event, 0, {
          id: data.reservationId,
          kind: 'reservation',
          debit: userCashAccount(data.userId),
          credit: platformCashAccounts.orderSettlement,
          cents: data.amountCents,
          pending: true,
          reference: data.orderId,
          at: data.reservedAt,
        });
        return;
      }
      case 'FundsReservationVoided': {
        const { data } = event;
        const hold = this.holds.get(data.orderId);
        if (!hold) return;
        this.releaseHold(event, hold, data.orderId, data.amountCents, data.voidedAt);
        return;
      }
      case 'WithdrawalRequested': {
        const { data } = event;
        this.withdrawals.set(data.withdrawalId, { userId: data.userId, amountCents: data.amountCents });
        this.move(event, 0, {
          id: data.withdrawalId,
          kind: 'withdrawal',
          debit: userCashAccount(data.userId),
          credit: platformCashAccounts.clearing,
          cents: data.amountCents,
          pending: true,
          reference: data.destination,
          at: data.requestedAt,
        });
        return;
      }
      case 'DepositTagClaimed':
      case 'DepositHeld':
      case 'HeldDepositAssigned':
      case 'HeldDepositRefundRequested':
      case 'HeldDepositRefunded':
      case 'HeldDepositRefundFailed':
        // The held-deposits projection's; the cash moves when an assignment's FundsDeposited comes (a refund never was anyone's).
        return;
      case 'WithdrawalPosted':
      case 'WithdrawalVoided': {
        const { withdrawalId } = event.data;
        const withdrawal = this.withdrawals.get(withdrawalId) ?? this.storedWithdrawals.get(withdrawalId);
        if (!withdrawal) return;
        this.withdrawals.set(withdrawalId, null);
        this.unhold(withdrawal.userId, platformCashAccounts.clearing, withdrawal.amountCents);
        if (event.type === 'WithdrawalPosted') {
          this.move(event, 0, {
            id: withdrawalId,
            kind: 'withdrawal',
            debit: userCashAccount(withdrawal.userId),
            credit: platformCashAccounts.clearing,
            cents: withdrawal.amountCents,
            pending: false,
            reference: event.data.txHash,
            at: event.data.postedAt,
          });
        } else {
          this.statement(event, 0, {
            user_id: withdrawal.userId,
            transfer_id: withdrawalId,
            kind: 'withdrawal',
            amount_cents: -withdrawal.amountCents,
            status: 'voided',
            counterparty: platformCashAccounts.clearing,
            reference: event.data.reason,
            at: event.data.voidedAt,
          });
        }
        return;
      }
      case 'TradeExecuted': {
        const { data } = event;
        const cash = data.cash!;
        const holdKey = holdKeyOf(data)!;
        const hold = this.holds.get(holdKey);
        if (!hold) return;
        hold.left -= cash.notionalCents + cash.feeCents + cash.releasedCents;
        this.unhold(hold.userId, platformCashAccounts.orderSettlement, cash.notionalCents + cash.feeCents + cash.releasedCents);
        const buyer = userCashAccount(hold.userId);
        this.move(event, 0, {
          id: data.tradeId,
          kind: 'trade',
          debit: buyer,
          credit: userCashAccount(data.sellerAccountId),
          cents: cash.notionalCents,
          pending: false,
          reference: data.tradeId,
          at: data.executedAt,
        });
        this.move(event, 1, {
          id: `${data.tradeId}:fee`,
          kind: 'fee',
          debit: buyer,
          credit: platformCashAccounts.feeRevenue,
          cents: cash.feeCents,
          pending: false,
          reference: data.tradeId,
          at: data.executedAt,
        });
        this.statement(event, 2, {
          user_id: hold.userId,
          transfer_id: `${data.tradeId}:release`,
          kind: 'release',
          amount_cents: cash.releasedCents,
          status: 'voided',
          counterparty: platformCashAccounts.orderSettlement,
          reference: holdKey,
          at: data.executedAt,
        });
        this.delta(userCashAccount(data.sellerAccountId)).marketCredits += cash.notionalCents;
        this.delta(buyer).marketCredits += cash.releasedCents;
        return;
      }
      case 'OrderCancelled': {
        const { data } = event;
        const hold = this.holds.get(data.orderId);
        if (!hold) return;
        const released = data.releasedCents!;
        this.releaseHold(event, hold, data.orderId, released, data.cancelledAt);
        this.delta(userCashAccount(hold.userId)).marketCredits += released;
        return;
      }
      default:
        return exhaustive(event);
    }
  }

  async write(db: ProjectionWriter): Promise<void> {
    const writes: Promise<unknown>[] = [];
    if (this.accounts.size > 0) {
      const rows = [...this.accounts].map(([account_id, d]) => ({
        account_id,
        debits_posted: d.debitsPosted,
        credits_posted: d.creditsPosted,
        debits_pending: d.debitsPending,
        credits_pending: d.creditsPending,
        market_credits: d.marketCredits,
      }));
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
    if (open.length > 0) {
      writes.push(
        db
          .insertInto('cash_holds')
          .values(open.map(([order_id, hold]) => ({ order_id, user_id: hold.userId, reservation_id: hold.reservationId, left_cents: hold.left })))
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
    if (this.transfers.length > 0) {
      writes.push(
        db
          .insertInto('cash_transfers')
          .values(this.transfers)
          .onConflict((conflict) => conflict.columns(['user_id', 'transfer_id', 'status']).doNothing())
          .execute(),
      );
    }
    await Promise.all(writes);
  }
}

/** The cash ledger's accounts, the holds of funded buy orders, and each user's statement. */
export const cashLedgerProjection: Projection = {
  name: 'cash-ledger',
  eventTypes: new Set([...fundsEventTypes, 'TradeExecuted', 'OrderCancelled']),
  // Trades and cancels of unfunded orders (sells, orders from before funding) move no cash.
  handles: isCashEvent,
  // Read back only by the funds endpoints, which wait for it (a wait ends the lingering at once).
  lingerMs: 15,
  views: ['funds'],
  tables: ['cash_accounts', 'cash_holds', 'cash_withdrawals', 'cash_transfers'],
  async applyBatch(events: readonly RecordedEvent[], db: ProjectionWriter): Promise<boolean> {
    const cashEvents = events.filter(isCashEvent);
    if (cashEvents.length === 0) return false;
    const orderIds = new Set<string>();
    const withdrawalIds = new Set<string>();
    for (const event of cashEvents) {
      if (event.type === 'TradeExecuted') orderIds.add(holdKeyOf(event.data)!);
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
