import { CashFold, type CashFoldEvent, type CashTransfer, type CashWithdrawal, userCashAccount } from '@carbon-ledger/contracts';

/** An account as TigerBeetle keeps it: posted and pending amounts on each side, in cents. */
export interface CashAccount {
  debitsPosted: number;
  creditsPosted: number;
  debitsPending: number;
  creditsPending: number;
}

/**
 * The whole cash ledger, folded from the log in memory (docs/funds.md): the movements are
 * `CashFold`'s, shared with the cash-ledger projection; this keeps every account, so the accounts sum
 * to zero by construction, and `violations` names anything that would break it (a hold overdrawn,
 * a user below zero).
 */
export class CashLedger extends CashFold {
  readonly accounts = new Map<string, CashAccount>();
  private readonly withdrawals = new Map<string, CashWithdrawal>();
  /** Per user: proceeds and released holds recorded in the markets (what the cash decider takes as market credits). */
  readonly marketCredits = new Map<string, number>();
  readonly violations: string[] = [];
  /** Filled in when `keepTransfers` is set (the statement, the property test). */
  readonly transfers: CashTransfer[] = [];

  constructor(private readonly keepTransfers = false) {
    super();
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

  protected transfer(_event: CashFoldEvent, _index: number, transfer: CashTransfer): void {
    if (transfer.status === 'posted') {
      this.account(transfer.debit).debitsPosted += transfer.amountCents;
      this.account(transfer.credit).creditsPosted += transfer.amountCents;
    } else if (transfer.status === 'pending') {
      this.account(transfer.debit).debitsPending += transfer.amountCents;
      this.account(transfer.credit).creditsPending += transfer.amountCents;
    }
    if (this.keepTransfers && transfer.amountCents > 0) this.transfers.push(transfer);
  }

  protected unhold(debit: string, credit: string, cents: number): void {
    this.account(debit).debitsPending -= cents;
    this.account(credit).creditsPending -= cents;
  }

  protected marketCredit(userId: string, cents: number): void {
    this.marketCredits.set(userId, (this.marketCredits.get(userId) ?? 0) + cents);
  }

  protected violation(text: string): void {
    this.violations.push(text);
  }

  protected withdrawalInFlight(withdrawalId: string): CashWithdrawal | undefined {
    return this.withdrawals.get(withdrawalId);
  }

  protected withdrawalRequested(withdrawalId: string, withdrawal: CashWithdrawal): void {
    this.withdrawals.set(withdrawalId, withdrawal);
  }

  protected withdrawalSettled(withdrawalId: string): void {
    this.withdrawals.delete(withdrawalId);
  }
}
