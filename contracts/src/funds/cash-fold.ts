import type { TradeCash } from '../credit-market/market-cash.js';
import { platformCashAccounts, userCashAccount } from './funds.constants.js';
import { type FundsEvent, isFundsEvent } from './funds.events.js';
import type { CashTransferView } from './funds.views.js';

/** What a transfer is for, as the statement names it. */
export type CashTransferKind = CashTransferView['kind'];

/** One double-entry movement: `amountCents` leaves `debit` and reaches `credit`. */
export interface CashTransfer {
  readonly transferId: string;
  readonly kind: CashTransferKind;
  readonly debit: string;
  readonly credit: string;
  readonly amountCents: number;
  /** pending: a hold (a reservation, a withdrawal in flight); posted; voided: a hold given back. */
  readonly status: 'pending' | 'posted' | 'voided';
  /** The order, trade, deposit or withdrawal it belongs to. */
  readonly reference: string;
  readonly at: string;
}

/** What a reservation still holds for the order (or direct offer) it pays for. */
export interface CashHold {
  readonly userId: string;
  readonly reservationId: string;
  left: number;
}

/** A withdrawal in flight: requested, neither posted nor voided yet. */
export interface CashWithdrawal {
  readonly userId: string;
  readonly amountCents: number;
}

/** An event as the fold reads it: a recorded event or one about to be. */
export interface CashFoldEvent {
  readonly type: string;
  readonly data: unknown;
}

/** The fields of TradeExecuted (the credits' event) the fold reads: capabilities share event names, not modules. */
interface TradeCashMoves {
  readonly tradeId: string;
  readonly buyOrderId: string | null;
  readonly offerId?: string;
  readonly sellerAccountId: string;
  readonly executedAt: string;
  readonly cash?: TradeCash;
}

/** The fields of OrderCancelled (the orders' event) the fold reads. */
interface CancelCashMoves {
  readonly orderId: string;
  readonly releasedCents?: number;
  readonly cancelledAt: string;
}

/** The hold a trade's cash is drawn from: its buy order's, or the accepted direct offer's (docs/funds.md). */
export function tradeHoldKey(data: Pick<TradeCashMoves, 'buyOrderId' | 'offerId'>): string | undefined {
  return data.buyOrderId ?? data.offerId;
}

/**
 * The cash ledger's movements, read from both sources (docs/funds.md): the users' cash streams
 * (deposits, reservations, withdrawals) and the market streams (a fill posts from its buy order's
 * hold, a cancel voids what is left). Every movement debits one account and credits another by the
 * same amount. The service's full fold (the verifier, the tests) and the projection's batches keep
 * accounts, withdrawals in flight and what they record each in their own way; the movements, and
 * what counts as a violation, are decided here once.
 */
export abstract class CashFold<E extends CashFoldEvent = CashFoldEvent> {
  /** The hold each reservation still has, by the order (or direct offer) it pays for. */
  protected readonly holds = new Map<string, CashHold>();

  /** A transfer of `event`, the `index`th of it (a trade has three). Posted and pending ones move the accounts; a voided one is a record. */
  protected abstract transfer(event: E, index: number, transfer: CashTransfer): void;
  /** Takes `cents` off a pending transfer's two sides (posted or voided by a transfer that follows). */
  protected abstract unhold(debit: string, credit: string, cents: number): void;
  /** Proceeds and released holds recorded in the markets, per user (what the cash decider takes as market credits). */
  protected abstract marketCredit(userId: string, cents: number): void;
  /** Something that would break the ledger: a hold overdrawn, a movement with nothing to draw on. */
  protected abstract violation(text: string): void;
  protected abstract withdrawalInFlight(withdrawalId: string): CashWithdrawal | undefined;
  protected abstract withdrawalRequested(withdrawalId: string, withdrawal: CashWithdrawal): void;
  protected abstract withdrawalSettled(withdrawalId: string): void;

  apply(event: E): void {
    if (isFundsEvent(event)) this.applyFunds(event, event);
    else if (event.type === 'TradeExecuted') this.applyTrade(event, event.data as TradeCashMoves);
    else if (event.type === 'OrderCancelled') this.applyCancel(event, event.data as CancelCashMoves);
  }

  /** `source` is the event as given, for `transfer`; `event` the same, read as its union. */
  private applyFunds(source: E, event: FundsEvent): void {
    const settlement = platformCashAccounts.orderSettlement;
    switch (event.type) {
      case 'FundsDeposited': {
        const { data } = event;
        this.transfer(source, 0, {
          transferId: data.depositId,
          kind: 'deposit',
          debit: platformCashAccounts.clearing,
          credit: userCashAccount(data.userId),
          amountCents: data.amountCents,
          status: 'posted',
          reference: data.txHash,
          at: data.depositedAt,
        });
        return;
      }
      case 'FundsReserved': {
        const { data } = event;
        this.holds.set(data.orderId, { userId: data.userId, reservationId: data.reservationId, left: data.amountCents });
        this.transfer(source, 0, {
          transferId: data.reservationId,
          kind: 'reservation',
          debit: userCashAccount(data.userId),
          credit: settlement,
          amountCents: data.amountCents,
          status: 'pending',
          reference: data.orderId,
          at: data.reservedAt,
        });
        return;
      }
      case 'FundsReservationVoided': {
        const { data } = event;
        const hold = this.drawHold(data.orderId, data.amountCents, `void of reservation ${data.reservationId}`);
        if (!hold) return;
        // The hold's ids, as a cancel's release has them.
        this.transfer(source, 0, {
          transferId: `${hold.reservationId}:void`,
          kind: 'release',
          debit: userCashAccount(hold.userId),
          credit: settlement,
          amountCents: data.amountCents,
          status: 'voided',
          reference: data.orderId,
          at: data.voidedAt,
        });
        return;
      }
      case 'WithdrawalRequested': {
        const { data } = event;
        this.withdrawalRequested(data.withdrawalId, { userId: data.userId, amountCents: data.amountCents });
        this.transfer(source, 0, {
          transferId: data.withdrawalId,
          kind: 'withdrawal',
          debit: userCashAccount(data.userId),
          credit: platformCashAccounts.clearing,
          amountCents: data.amountCents,
          status: 'pending',
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
        // Not on the ledger: a held payment is nobody's until its assignment is recorded as FundsDeposited; a refund pays it back from the deposit wallet.
        return;
      case 'WithdrawalPosted':
      case 'WithdrawalVoided': {
        const { withdrawalId } = event.data;
        const withdrawal = this.withdrawalInFlight(withdrawalId);
        if (!withdrawal) {
          this.violation(`withdrawal ${withdrawalId} settled but never requested`);
          return;
        }
        this.withdrawalSettled(withdrawalId);
        const user = userCashAccount(withdrawal.userId);
        this.unhold(user, platformCashAccounts.clearing, withdrawal.amountCents);
        const posted = event.type === 'WithdrawalPosted';
        this.transfer(source, 0, {
          transferId: withdrawalId,
          kind: 'withdrawal',
          debit: user,
          credit: platformCashAccounts.clearing,
          amountCents: withdrawal.amountCents,
          status: posted ? 'posted' : 'voided',
          reference: posted ? event.data.txHash : event.data.reason,
          at: posted ? event.data.postedAt : event.data.voidedAt,
        });
        return;
      }
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  }

  /** Moves `cents` out of an order's hold; undefined (and a violation) when there is none, a violation too when it has less. */
  private drawHold(orderId: string, cents: number, what: string): CashHold | undefined {
    const hold = this.holds.get(orderId);
    if (!hold) {
      this.violation(`${what} of order ${orderId} draws on no reservation`);
      return undefined;
    }
    if (hold.left < cents) this.violation(`${what} of order ${orderId} draws ${cents} cents from a hold of ${hold.left}`);
    hold.left -= cents;
    this.unhold(userCashAccount(hold.userId), platformCashAccounts.orderSettlement, cents);
    return hold;
  }

  private applyTrade(source: E, data: TradeCashMoves): void {
    const cash = data.cash;
    if (!cash) return;
    const holdKey = tradeHoldKey(data);
    if (!holdKey) return;
    const hold = this.drawHold(holdKey, cash.notionalCents + cash.feeCents + cash.releasedCents, `trade ${data.tradeId}`);
    if (!hold) return;
    const buyer = userCashAccount(hold.userId);
    const trade = { reference: data.tradeId, at: data.executedAt } as const;
    this.transfer(source, 0, {
      ...trade,
      transferId: data.tradeId,
      kind: 'trade',
      debit: buyer,
      credit: userCashAccount(data.sellerAccountId),
      amountCents: cash.notionalCents,
      status: 'posted',
    });
    this.transfer(source, 1, {
      ...trade,
      transferId: `${data.tradeId}:fee`,
      kind: 'fee',
      debit: buyer,
      credit: platformCashAccounts.feeRevenue,
      amountCents: cash.feeCents,
      status: 'posted',
    });
    this.transfer(source, 2, {
      transferId: `${data.tradeId}:release`,
      kind: 'release',
      debit: buyer,
      credit: platformCashAccounts.orderSettlement,
      amountCents: cash.releasedCents,
      status: 'voided',
      reference: holdKey,
      at: data.executedAt,
    });
    this.marketCredit(data.sellerAccountId, cash.notionalCents);
    this.marketCredit(hold.userId, cash.releasedCents);
  }

  private applyCancel(source: E, data: CancelCashMoves): void {
    const released = data.releasedCents;
    if (released === undefined) return;
    const hold = this.drawHold(data.orderId, released, 'cancel');
    if (!hold) return;
    this.transfer(source, 0, {
      transferId: `${hold.reservationId}:void`,
      kind: 'release',
      debit: userCashAccount(hold.userId),
      credit: platformCashAccounts.orderSettlement,
      amountCents: released,
      status: 'voided',
      reference: data.orderId,
      at: data.cancelledAt,
    });
    this.marketCredit(hold.userId, released);
  }
}
