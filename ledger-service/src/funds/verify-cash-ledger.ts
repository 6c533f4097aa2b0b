import type { EventStore } from '@carbon-ledger/contracts';
import { foldLog } from '../shared/fold-log.js';
import { CashLedger } from './cash-ledger.js';

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
  await foldLog(eventStore, ledger);
  return cashLedgerReport(ledger);
}

/** The verdict on a cash ledger folded from the whole log. */
export function cashLedgerReport(ledger: CashLedger): CashLedgerReport {
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
