import { type EventStore, type Position, START } from '@carbon-ledger/contracts';
import { CashLedger } from './cash-ledger.js';

const PAGE = 5_000;

export interface CashLedgerReport {
  readonly ok: boolean;
  readonly accounts: number;
  readonly users: number;
  readonly postedSum: number;
  readonly pendingSum: number;
  readonly negativeUsers: readonly string[];
  /** Movements the log records that break the ledger (a hold overdrawn, a fill drawing on no reservation). */
  readonly violations: readonly string[];
}

/** Folds the whole log into the cash ledger (docs/funds.md): both sums must be zero and no user below zero. */
export async function verifyCashLedger(eventStore: EventStore): Promise<CashLedgerReport> {
  const ledger = new CashLedger();
  let after: Position = START;
  for (;;) {
    const page = await eventStore.readAll({ after, limit: PAGE });
    for (const event of page) ledger.apply(event);
    const last = page.at(-1);
    if (!last || page.length < PAGE) break;
    after = last.position;
  }
  const { posted, pending } = ledger.totals();
  const negativeUsers = ledger.negativeUsers();
  const users = [...ledger.accounts.keys()].filter((id) => id.startsWith('user:')).length;
  return {
    ok: posted === 0 && pending === 0 && negativeUsers.length === 0 && ledger.violations.length === 0,
    accounts: ledger.accounts.size,
    users,
    postedSum: posted,
    pendingSum: pending,
    negativeUsers,
    violations: ledger.violations.slice(0, 10),
  };
}
