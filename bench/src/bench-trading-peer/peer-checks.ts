import { platformFeeCents } from '@carbon-ledger/contracts';
import type pg from 'pg';
import { PEER_SCHEMA } from './peer-schema.js';

const S = PEER_SCHEMA;

/** What the peer's state must satisfy after a run; every list empty and `balanced` true, or the bench fails. */
export interface PeerCheck {
  readonly trades: number;
  /** Σ of every account's posted and pending balance (user rows + the platform's transfers). */
  readonly postedSum: number;
  readonly pendingSum: number;
  /** User accounts whose row is not the sum of their transfers. */
  readonly accountsOffTheirTransfers: readonly string[];
  /** User accounts below zero (available = posted + pending). */
  readonly overdrawn: readonly string[];
  /** Serials in more than one block (owned twice). */
  readonly serialsOwnedTwice: readonly string[];
  /** Batches whose blocks no longer add up to what was issued. */
  readonly batchesOffTheirIssue: readonly string[];
  /** Fee revenue against Σ over buy orders of the fee on their matched notional, rounded up once per order. */
  readonly feeRevenue: number;
  readonly feeExpected: number;
  /** Trades whose buy order's hold does not equal what its open part still needs. */
  readonly holdsOff: number;
}

export function peerCheckFailures(check: PeerCheck): string[] {
  const failures: string[] = [];
  if (check.postedSum !== 0) failures.push(`posted balances sum to ${check.postedSum}, not 0`);
  if (check.pendingSum !== 0) failures.push(`pending balances sum to ${check.pendingSum}, not 0`);
  if (check.accountsOffTheirTransfers.length > 0) failures.push(`accounts off their transfers: ${check.accountsOffTheirTransfers.join(', ')}`);
  if (check.overdrawn.length > 0) failures.push(`overdrawn: ${check.overdrawn.join(', ')}`);
  if (check.serialsOwnedTwice.length > 0) failures.push(`serials owned twice: ${check.serialsOwnedTwice.slice(0, 10).join(', ')}`);
  if (check.batchesOffTheirIssue.length > 0) failures.push(`batches off their issue: ${check.batchesOffTheirIssue.join(', ')}`);
  if (check.feeRevenue !== check.feeExpected) failures.push(`fee revenue ${check.feeRevenue}, expected ${check.feeExpected}`);
  if (check.holdsOff > 0) failures.push(`${check.holdsOff} open buy orders whose pending hold differs from what they still need`);
  return failures;
}

/**
 * Reads the peer's whole state and checks it: cash sums to zero (every posting balanced, every
 * user row the sum of its transfers, nobody below zero, fee revenue the fee of each buy order's
 * matched notional, rounded up once), and no serial is owned twice (blocks of a batch never
 * overlap and still add up to the issue). `issued` is each batch's issued quantity.
 */
export async function checkPeer(pool: pg.Pool, issued: ReadonlyMap<string, number>): Promise<PeerCheck> {
  const one = async <R extends pg.QueryResultRow>(text: string): Promise<R[]> => (await pool.query<R>(text)).rows;
  const [trades] = await one<{ count: string }>(`select count(*) from ${S}.trades`);
  const folds = await one<{ account: string; posted: string; pending: string }>(
    `select account, sum(posted)::bigint as posted, sum(pending)::bigint as pending from (
       select credit_account as account, case when ledger = 'posted' then amount else 0 end as posted, case when ledger = 'pending' then amount else 0 end as pending from ${S}.transfers
       union all
       select debit_account, case when ledger = 'posted' then -amount else 0 end, case when ledger = 'pending' then -amount else 0 end from ${S}.transfers
     ) t group by account`,
  );
  const rows = await one<{ account_id: string; posted: string; pending: string }>(`select account_id, posted, pending from ${S}.accounts`);
  const fold = new Map(folds.map((row) => [row.account, { posted: Number(row.posted), pending: Number(row.pending) }]));
  let postedSum = 0;
  let pendingSum = 0;
  const accountsOffTheirTransfers: string[] = [];
  const overdrawn: string[] = [];
  for (const row of rows) {
    const posted = Number(row.posted);
    const pending = Number(row.pending);
    postedSum += posted;
    pendingSum += pending;
    const expected = fold.get(row.account_id) ?? { posted: 0, pending: 0 };
    if (expected.posted !== posted || expected.pending !== pending) accountsOffTheirTransfers.push(row.account_id);
    if (posted + pending < 0) overdrawn.push(row.account_id);
  }
  for (const [account, { posted, pending }] of fold) {
    if (account.startsWith('user:')) {
      if (!rows.some((row) => row.account_id === account)) accountsOffTheirTransfers.push(account);
      continue;
    }
    postedSum += posted;
    pendingSum += pending;
  }
  const overlaps = await one<{ batch_id: string; first_serial: string }>(
    `select batch_id, first_serial from (
       select batch_id, first_serial, max(last_serial) over (partition by batch_id order by first_serial, block_id rows between unbounded preceding and 1 preceding) as before
         from ${S}.holdings) b
      where before >= first_serial limit 100`,
  );
  const sizes = await one<{ batch_id: string; serials: string; lowest: string; highest: string }>(
    `select batch_id, sum(last_serial - first_serial + 1) as serials, min(first_serial) as lowest, max(last_serial) as highest from ${S}.holdings group by batch_id`,
  );
  const batchesOffTheirIssue = [...issued]
    .filter(([batch, quantity]) => {
      const size = sizes.find((row) => row.batch_id === batch);
      return !size || Number(size.serials) !== quantity || Number(size.lowest) !== 1 || Number(size.highest) !== quantity;
    })
    .map(([batch]) => batch);
  const buyOrders = await one<{ matched: string }>(
    `select matched_notional_cents as matched from ${S}.orders where side = 'buy' and matched_notional_cents > 0`,
  );
  const feeExpected = buyOrders.reduce((sum, row) => sum + platformFeeCents(Number(row.matched)), 0);
  const [holds] = await one<{ off: string }>(
    `select count(*) as off from ${S}.orders o
      where side = 'buy' and o.hold_cents <> coalesce((select sum(case when t.debit_account like 'user:%' then t.amount else -t.amount end)
                                                          from ${S}.transfers t where t.order_id = o.order_id and t.ledger = 'pending'), 0)`,
  );
  return {
    trades: Number(trades?.count ?? 0),
    postedSum,
    pendingSum,
    accountsOffTheirTransfers,
    overdrawn,
    serialsOwnedTwice: overlaps.map((row) => `${row.batch_id} #${row.first_serial}`),
    batchesOffTheirIssue,
    feeRevenue: fold.get('platform:fee-revenue')?.posted ?? 0,
    feeExpected,
    holdsOff: Number(holds?.off ?? 0),
  };
}
