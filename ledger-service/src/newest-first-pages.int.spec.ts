import { encodeCursor, listAmlAlertsParams, listOrdersParams, listRetirementsParams, listTradesParams } from '@carbon-ledger/contracts';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListAmlAlertsHandler, ListAmlAlertsQuery } from './aml/queries/list-aml-alerts.handler.js';
import { GetComplianceDashboardHandler, GetComplianceDashboardQuery } from './compliance/queries/get-compliance-dashboard.handler.js';
import { loadConfig } from './config/config.js';
import { ListRetirementsHandler, ListRetirementsQuery } from './credits/queries/list-retirements.handler.js';
import { ListTradesHandler, ListTradesQuery } from './credits/queries/list-trades.handler.js';
import type { ReadModelDatabase } from '@carbon-ledger/projections';
import { ListOrdersHandler, ListOrdersQuery } from './orders/queries/list-orders.handler.js';
import { createEventStoreDatabase, type EventStoreDatabase } from './test-support/event-store-database.js';

/** Rows of each list that share one instant, as when history is imported at once, and rows older than it. */
const TIED = 4_000;
const OLDER = 1_000;
const LIMIT = 50;

interface PlanNode {
  readonly 'Node Type': string;
  readonly 'Actual Rows'?: number;
  readonly 'Actual Loops'?: number;
  readonly 'Rows Removed by Filter'?: number;
  readonly Plans?: readonly PlanNode[];
}

/** Every node of a plan, depth first. */
function* nodesOf(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* nodesOf(child);
}

/**
 * A page of a list newest first costs the page, however many rows share an instant: each list's
 * statements, as its handler sends them, are explained with what they did (EXPLAIN ANALYZE), and
 * no node sorts, and the rows read from the tables are about the rows answered.
 */
describe('pages newest first on rows that share one instant', () => {
  let database: EventStoreDatabase;
  let statements: { sql: string; parameters: readonly unknown[] }[] = [];
  let db: Kysely<ReadModelDatabase>;

  beforeAll(async () => {
    database = await createEventStoreDatabase('keyset');
    db = new Kysely<ReadModelDatabase>({
      dialect: new PostgresDialect({ pool: database.pool }),
      log: (event) => {
        if (event.level === 'query') statements.push({ sql: event.query.sql, parameters: event.query.parameters });
      },
    });
    const rows = `${TIED + OLDER}`;
    // Row n: the first TIED at one instant, the rest a second apart before it; log positions ascend with n.
    const at = `(case when n <= ${TIED} then timestamptz '2026-06-01T00:00:00Z' else timestamptz '2026-06-01T00:00:00Z' - (n - ${TIED}) * interval '1 second' end)`;
    await database.pool.query(`
      insert into credit_trades (trade_id, kind, project_type, vintage, quantity, price, buyer_account_id, seller_account_id,
        settlement_status, executed_at, commit_position, prepare_position)
      select 'trade-' || n, 'order-book', 'Solar Energy', 2024, 1, 10, 'buyer', 'seller', 'pending', ${at}, 1000000 - n, 1000000 - n
      from generate_series(1, ${rows}) n`);
    await database.pool.query(`
      insert into credit_retirements (retirement_id, token_id, account_id, quantity, ranges, beneficiary, purpose, standard, offset_type,
        retired_by, project_name, project_type, vintage, verification_status, retired_at, commit_position, prepare_position)
      select md5('retirement' || n)::uuid, 'SOLAR-2024-00000001', 'holder', 1, '[]', 'Acme', '', 'Gold Standard', 'compensation',
        'holder', 'Solar', 'Solar Energy', 2024, 'verified', ${at}, 1000000 - n, 1000000 - n
      from generate_series(1, ${rows}) n`);
    await database.pool.query(`
      insert into aml_alerts (alert_id, priority, transaction_type, transaction_id, user_id, risk_score, amount_usd, risk_flags, reasons,
        requires_review, raised_at, commit_position, prepare_position)
      select gen_random_uuid(), 'high', 'trade', 'trade-' || n, 'buyer', 80, 10, '{}', '{}', true, ${at}, 1000000 - n, 1000000 - n
      from generate_series(1, ${rows}) n`);
    await database.pool.query(`
      insert into aml_transactions (transaction_type, transaction_id, user_id, amount_usd, occurred_at, commit_position, prepare_position)
      select 'trade', 'trade-' || n, 'buyer', 10, ${at}, 1000000 - n, 1000000 - n from generate_series(1, ${rows}) n`);
    await database.pool.query(`
      insert into order_book (order_id, owner_id, side, amount, price, project_type, vintage, status, placed_at, updated_at)
      select gen_random_uuid(), 'owner', 'buy', 1, 10, 'Solar Energy', 2024, 'pending', ${at}, ${at} from generate_series(1, ${rows}) n`);
    for (const table of ['credit_trades', 'credit_retirements', 'aml_alerts', 'aml_transactions', 'order_book']) await database.pool.query(`analyze ${table}`);
  });
  // The logging instance shares the database's pool, which close() ends.
  afterAll(() => database.close());

  /** Runs `read`, then explains each select it sent on the tables given, with what it did. */
  async function plansOf(read: () => Promise<unknown>, tables: readonly string[]): Promise<PlanNode[]> {
    statements = [];
    await read();
    const plans: PlanNode[] = [];
    for (const statement of statements.filter((sent) => tables.some((table) => sent.sql.includes(`"${table}"`)))) {
      const { rows } = await database.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(`explain (analyze, format json) ${statement.sql}`, [
        ...statement.parameters,
      ]);
      plans.push(rows[0]!['QUERY PLAN'][0].Plan);
    }
    expect(plans.length).toBeGreaterThan(0);
    return plans;
  }

  /** No sort, and no table or index read of more than `most` rows (what the page answers, plus what it filters). */
  function expectPageCost(plans: readonly PlanNode[], most: number): void {
    for (const plan of plans) {
      const nodes = [...nodesOf(plan)];
      expect(nodes.map((node) => node['Node Type'])).not.toContain('Sort');
      expect(nodes.map((node) => node['Node Type'])).not.toContain('Incremental Sort');
      for (const node of nodes.filter((candidate) => /Scan/.test(candidate['Node Type']))) {
        const read = ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)) * (node['Actual Loops'] ?? 1);
        expect(read, `${node['Node Type']} read ${read} rows`).toBeLessThanOrEqual(most);
      }
    }
  }

  const viewer = { userId: 'buyer', oversees: true };

  it('trades and retirements (ordered by the log after the instant): the first page and a page inside the tie read the page', async () => {
    const trades = new ListTradesHandler(db);
    const first = await trades.execute(new ListTradesQuery(viewer, listTradesParams.parse({ limit: String(LIMIT) })));
    expect(first.trades.map((trade) => trade.id)).toEqual(Array.from({ length: LIMIT }, (_, index) => `trade-${index + 1}`));
    expectPageCost(
      await plansOf(() => trades.execute(new ListTradesQuery(viewer, listTradesParams.parse({ limit: String(LIMIT) }))), ['credit_trades']),
      LIMIT + 1,
    );
    const inside = listTradesParams.parse({ limit: String(LIMIT), cursor: first.nextCursor });
    expectPageCost(await plansOf(() => trades.execute(new ListTradesQuery(viewer, inside)), ['credit_trades']), LIMIT + 1);

    const retirements = new ListRetirementsHandler(db);
    const firstRetirements = await retirements.execute(new ListRetirementsQuery(listRetirementsParams.parse({ limit: String(LIMIT) })));
    expect(firstRetirements.retirements).toHaveLength(LIMIT);
    expectPageCost(
      await plansOf(() => retirements.execute(new ListRetirementsQuery(listRetirementsParams.parse({ limit: String(LIMIT) }))), ['credit_retirements']),
      LIMIT + 1,
    );
    const insideRetirements = listRetirementsParams.parse({ limit: String(LIMIT), cursor: firstRetirements.nextCursor });
    expectPageCost(await plansOf(() => retirements.execute(new ListRetirementsQuery(insideRetirements)), ['credit_retirements']), LIMIT + 1);
  });

  it('AML alerts and orders (ordered by id after the instant): the first page reads the page; a page after the tie starts at its instant', async () => {
    const alerts = new ListAmlAlertsHandler(db);
    expectPageCost(await plansOf(() => alerts.execute(new ListAmlAlertsQuery(listAmlAlertsParams.parse({ limit: String(LIMIT) }))), ['aml_alerts']), LIMIT + 1);
    const orders = new ListOrdersHandler(db, loadConfig({ DATABASE_URL: database.connectionString }));
    const firstOrders = () => orders.execute(new ListOrdersQuery('owner', 'all', listOrdersParams.parse({ limit: String(LIMIT) })));
    expectPageCost(await plansOf(firstOrders, ['order_book']), LIMIT + 1);

    // A page that starts just past the tie (after the newest older row): it reads its rows, not the tie before it.
    const newestOlder = await db
      .selectFrom('order_book')
      .select(['order_id', sql<string>`to_char(placed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('at_key')])
      .where('placed_at', '<', new Date('2026-06-01T00:00:00Z'))
      .orderBy('placed_at', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const cursor = encodeCursor('orders', [newestOlder.at_key, newestOlder.order_id]);
    const after = listOrdersParams.parse({ limit: String(LIMIT), cursor });
    const next = await orders.execute(new ListOrdersQuery('owner', 'all', after));
    expect(next.orders).toHaveLength(LIMIT);
    expect(next.orders.every((order) => order.createdAt < '2026-05-31T23:59:59Z')).toBe(true);
    // Its own instant's row, the cursor's, is read and passed over.
    expectPageCost(await plansOf(() => orders.execute(new ListOrdersQuery('owner', 'all', after)), ['order_book']), LIMIT + 2);
  });

  it('the compliance dashboard’s recent activity reads its ten rows, not the rows that share their instant', async () => {
    const dashboard = new GetComplianceDashboardHandler(db);
    const plans = await plansOf(() => dashboard.execute(new GetComplianceDashboardQuery()), ['aml_transactions']);
    expectPageCost(plans, LIMIT + 1);
  });
});
