import {
  type CreditEvent,
  type FundsEvent,
  isCreditEvent,
  isFundsEvent,
  isOrderEvent,
  type OrderEvent,
  platformCashAccounts,
  userCashAccount,
} from '@carbon-ledger/contracts';

/** An account as TigerBeetle keeps it: posted and pending amounts on each side, in cents. */
export interface CashAccount {
  debitsPosted: number;
  creditsPosted: number;
  debitsPending: number;
  creditsPending: number;
}

export type TransferKind = 'deposit' | 'reservation' | 'trade' | 'fee' | 'release' | 'withdrawal';

/** One double-entry movement: `amountCents` leaves `debit` and reaches `credit`. */
export interface CashTransfer {
  readonly transferId: string;
  readonly kind: TransferKind;
  readonly debit: string;
  readonly credit: string;
  readonly amountCents: number;
  /** pending: a hold (a reservation, a withdrawal in flight); posted; voided: a hold given back. */
  readonly status: 'pending' | 'posted' | 'voided';
  /** The order, trade, deposit or withdrawal it belongs to. */
  readonly reference: string;
  readonly at: string;
}

type Recorded = { readonly type: string; readonly data: unknown; readonly eventId?: string };

/**
 * The cash ledger folded from both sources (docs/funds.md): the users' cash streams (deposits,
 * reservations, withdrawals) and the market streams (a fill posts from its buy order's hold, a
 * cancel voids what is left). Every movement debits one account and credits another by the same
 * amount, so the accounts sum to zero by construction; `violations` names anything that would
 * break it (a hold overdrawn, a user below zero).
 */
export class CashLedger {
  readonly accounts = new Map<string, CashAccount>();
  /** The hold each reservation still has, by the order (or direct offer) it pays for. */
  private readonly holds = new Map<string, { readonly userId: string; readonly reservationId: string; left: number }>();
  private readonly withdrawals = new Map<string, { readonly userId: string; readonly amountCents: number }>();
  /** Per user: proceeds and released holds recorded in the markets (what the cash decider takes as market credits). */
  readonly marketCredits = new Map<string, number>();
  readonly violations: string[] = [];
  /** Filled in when `keepTransfers` is set (the statement, the property test). */
  readonly transfers: CashTransfer[] = [];

  constructor(private readonly keepTransfers = false) {}

  apply(event: Recorded): void {
    if (isFundsEvent(event)) this.applyFunds(event);
    else if (isCreditEvent(event)) this.applyCredit(event);
    else if (isOrderEvent(event)) this.applyOrder(event);
  }

  account(id: string): CashAccount {
    let account = this.accounts.get(id);
    if (!account) {
      account = { debitsPosted: 0, creditsPosted: 0, debitsPending: 0, creditsPending: 0 };
      this.accounts.set(id, account);
    }
    return account;
  }

  /** What a reservation still holds for its order (undefined when the ledger saw no reservation for it). */
  holdOf(orderId: string): number | undefined {
    return this.holds.get(orderId)?.left;
  }

  /** Available and reserved of a user, in cents. */
  balanceOf(userId: string): { available: number; reserved: number } {
    const account = this.accounts.get(userCashAccount(userId));
    if (!account) return { available: 0, reserved: 0 };
    return { available: account.creditsPosted - account.debitsPosted - account.debitsPending, reserved: account.debitsPending };
  }

  /** Posted and pending sums over every account: both are zero when every transfer had two sides. */
  totals(): { posted: number; pending: number } {
    let posted = 0;
    let pending = 0;
    for (const account of this.accounts.values()) {
      posted += account.creditsPosted - account.debitsPosted;
      pending += account.creditsPending - account.debitsPending;
    }
    return { posted, pending };
  }

  /** Users whose available balance is below zero. */
  negativeUsers(): string[] {
    const users: string[] = [];
    for (const [id, account] of this.accounts) {
      if (id.startsWith('user:') && account.creditsPosted - account.debitsPosted - account.debitsPending < 0) users.push(id.slice('user:'.length));
    }
    return users;
  }

  private post(transfer: Omit<CashTransfer, 'status'>): void {
    this.account(transfer.debit).debitsPosted += transfer.amountCents;
    this.account(transfer.credit).creditsPosted += transfer.amountCents;
    this.record({ ...transfer, status: 'posted' });
  }

  private hold(transfer: Omit<CashTransfer, 'status'>): void {
    this.account(transfer.debit).debitsPending += transfer.amountCents;
    this.account(transfer.credit).creditsPending += transfer.amountCents;
    this.record({ ...transfer, status: 'pending' });
  }

  /** Takes `amountCents` off a pending transfer's two sides (posted or voided by the caller). */
  private unhold(debit: string, credit: string, amountCents: number): void {
    this.account(debit).debitsPending -= amountCents;
    this.account(credit).creditsPending -= amountCents;
  }

  private record(transfer: CashTransfer): void {
    if (this.keepTransfers && transfer.amountCents > 0) this.transfers.push(transfer);
  }

  private creditMarket(userId: string, cents: number): void {
    this.marketCredits.set(userId, (this.marketCredits.get(userId) ?? 0) + cents);
  }

  private applyFunds(event: FundsEvent): void {
    const settlement = platformCashAccounts.orderSettlement;
    switch (event.type) {
      case 'FundsDeposited': {
        const { data } = event;
        this.post({
          transferId: data.depositId,
          kind: 'deposit',
          debit: platformCashAccounts.clearing,
          credit: userCashAccount(data.userId),
          amountCents: data.amountCents,
          reference: data.txHash,
          at: data.depositedAt,
        });
        return;
      }
      case 'FundsReserved': {
        const { data } = event;
        this.holds.set(data.orderId, { userId: data.userId, reservationId: data.reservationId, left: data.amountCents });
        this.hold({
          transferId: data.reservationId,
          kind: 'reservation',
          debit: userCashAccount(data.userId),
          credit: settlement,
          amountCents: data.amountCents,
          reference: data.orderId,
          at: data.reservedAt,
        });
        return;
      }
      case 'FundsReservationVoided': {
        const { data } = event;
        const hold = this.drawHold(data.orderId, data.amountCents, `void of reservation ${data.reservationId}`);
        if (!hold) return;
        this.record({
          transferId: `${data.reservationId}:void`,
          kind: 'release',
          debit: userCashAccount(data.userId),
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
        this.withdrawals.set(data.withdrawalId, { userId: data.userId, amountCents: data.amountCents });
        this.hold({
          transferId: data.withdrawalId,
          kind: 'withdrawal',
          debit: userCashAccount(data.userId),
          credit: platformCashAccounts.clearing,
          amountCents: data.amountCents,
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
        const withdrawal = this.withdrawals.get(event.data.withdrawalId);
        if (!withdrawal) {
          this.violations.push(`withdrawal ${event.data.withdrawalId} settled but never requested`);
          return;
        }
        this.withdrawals.delete(event.data.withdrawalId);
        const user = userCashAccount(withdrawal.userId);
        this.unhold(user, platformCashAccounts.clearing, withdrawal.amountCents);
        const posted = event.type === 'WithdrawalPosted';
        const at = posted ? event.data.postedAt : event.data.voidedAt;
        if (posted)
          this.post({
            transferId: event.data.withdrawalId,
            kind: 'withdrawal',
            debit: user,
            credit: platformCashAccounts.clearing,
            amountCents: withdrawal.amountCents,
            reference: event.data.txHash,
            at,
          });
        else
          this.record({
            transferId: event.data.withdrawalId,
            kind: 'withdrawal',
            debit: user,
            credit: platformCashAccounts.clearing,
            amountCents: withdrawal.amountCents,
            status: 'voided',
            reference: event.data.reason,
            at,
          });
        return;
      }
      default: {
        const exhaustive: never = event;
        return exhaustive;
      }
    }
  }

  /** Moves `cents` out of an order's hold; false (and a violation) when the hold has less. */
  private drawHold(orderId: string, cents: number, what: string): { userId: string; reservationId: string } | undefined {
    const hold = this.holds.get(orderId);
    if (!hold) {
      this.violations.push(`${what} of order ${orderId} draws on no reservation`);
      return undefined;
    }
    if (hold.left < cents) this.violations.push(`${what} of order ${orderId} draws ${cents} cents from a hold of ${hold.left}`);
    hold.left -= cents;
    this.unhold(userCashAccount(hold.userId), platformCashAccounts.orderSettlement, cents);
    return hold;
  }

  private applyCredit(event: CreditEvent): void {
    if (event.type !== 'TradeExecuted') return;
    const { data } = event;
    const cash = data.cash;
    if (!cash) return;
    // A fill draws on its buy order's hold, an accepted direct offer on the buyer's reservation for the offer.
    const holdKey = data.buyOrderId ?? data.offerId;
    if (!holdKey) return;
    const hold = this.drawHold(holdKey, cash.notionalCents + cash.feeCents + cash.releasedCents, `trade ${data.tradeId}`);
    if (!hold) return;
    const buyer = userCashAccount(hold.userId);
    this.post({
      transferId: data.tradeId,
      kind: 'trade',
      debit: buyer,
      credit: userCashAccount(data.sellerAccountId),
      amountCents: cash.notionalCents,
      reference: data.tradeId,
      at: data.executedAt,
    });
    this.post({
      transferId: `${data.tradeId}:fee`,
      kind: 'fee',
      debit: buyer,
      credit: platformCashAccounts.feeRevenue,
      amountCents: cash.feeCents,
      reference: data.tradeId,
      at: data.executedAt,
    });
    this.record({
      transferId: `${data.tradeId}:release`,
      kind: 'release',
      debit: buyer,
      credit: platformCashAccounts.orderSettlement,
      amountCents: cash.releasedCents,
      status: 'voided',
      reference: holdKey,
      at: data.executedAt,
    });
    this.creditMarket(data.sellerAccountId, cash.notionalCents);
    this.creditMarket(hold.userId, cash.releasedCents);
  }

  private applyOrder(event: OrderEvent): void {
    if (event.type !== 'OrderCancelled' || event.data.releasedCents === undefined) return;
    const { data } = event;
    const hold = this.drawHold(data.orderId, data.releasedCents!, 'cancel');
    if (!hold) return;
    this.record({
      transferId: `${hold.reservationId}:void`,
      kind: 'release',
      debit: userCashAccount(hold.userId),
      credit: platformCashAccounts.orderSettlement,
      amountCents: data.releasedCents!,
      status: 'voided',
      reference: data.orderId,
      at: data.cancelledAt,
    });
    this.creditMarket(hold.userId, data.releasedCents!);
  }
}
