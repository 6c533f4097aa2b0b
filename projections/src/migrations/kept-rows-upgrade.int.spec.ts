import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database.js';
import { readModelMigrations } from './index.js';

const at = (minute: number): string => new Date(Date.UTC(2026, 11, 1, 9, minute)).toISOString();

/** Projects projected before the queues kept since when each waits, migrated in place. */
describe('read-model migration 2026_12_06_100000_work_queues on projects that are there', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let db: Kysely<any>;
  let migrator: Migrator;

  beforeAll(async () => {
    database = await createTestDatabase('queues_upgrade');
    pool = new pg.Pool({ connectionString: database.connectionString, max: 2 });
    db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    migrator = new Migrator({
      db,
      provider: readModelMigrations,
      migrationTableName: 'read_model_migrations',
      migrationLockTableName: 'read_model_migrations_lock',
    });
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  const project = (projectId: string, status: string, extra: Record<string, unknown> = {}) => ({
    project_id: projectId,
    proponent_id: 'p',
    proponent_organisation: null,
    name: projectId,
    project_type: 'Forestry',
    mitigation: 'removal',
    host_country: 'BR',
    standard: 'VCS',
    methodology: 'VM0047',
    location: '',
    crediting_period_start: '2024-01-01',
    crediting_period_end: '2053-12-31',
    expected_annual_quantity: 1000,
    description: '',
    drafted_at: at(0),
    status,
    verifier_id: 'v',
    commit_position: 1,
    prepare_position: 1,
    ...extra,
  });
  const report = (reportId: string, projectId: string, status: string, extra: Record<string, unknown> = {}) => ({
    report_id: reportId,
    project_id: projectId,
    period_start: '2025-01-01',
    period_end: '2025-12-31',
    mitigation: 'removal',
    claimed: JSON.stringify([{ vintage: 2025, quantity: 10 }]),
    status,
    filed_by: 'p',
    filed_at: at(4),
    ...extra,
  });

  it('starts each queue from the rows there: what waits, since the time its row keeps; nothing else', async () => {
    expect((await migrator.migrateTo('2026_12_05_000100_last_trade_in_market')).error).toBeUndefined();
    await db
      .insertInto('projects')
      .values([
        project('validated', 'validated'),
        project('under-validation', 'under_validation'),
        project('registered', 'registered', { registered_at: at(3) }),
        project('draft', 'draft', { verifier_id: null }),
      ])
      .execute();
    await db
      .insertInto('project_reports')
      .values([
        report('00000000-0000-4000-8000-000000000001', 'registered', 'verified', { verified_at: at(5) }),
        report('00000000-0000-4000-8000-000000000002', 'registered', 'awaiting_verification'),
        report('00000000-0000-4000-8000-000000000003', 'registered', 'approved', { verified_at: at(5), approved_at: at(6) }),
      ])
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await sql<{ project_id: string; review: string | null; verification: string | null }>`
      select project_id,
        to_char(review_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as review,
        to_char(verification_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as verification
      from projects order by project_id`.execute(db);
    expect(rows.rows).toEqual([
      { project_id: 'draft', review: null, verification: null },
      { project_id: 'registered', review: at(5), verification: at(4) },
      { project_id: 'under-validation', review: null, verification: at(0) },
      { project_id: 'validated', review: at(0), verification: null },
    ]);
  });
});

/** Statement rows and held deposits stored before their totals were kept, migrated in place. */
describe('read-model migration 2026_12_06_200000_funds_list_totals on rows that are there', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let db: Kysely<any>;
  let migrator: Migrator;

  beforeAll(async () => {
    database = await createTestDatabase('totals_upgrade');
    pool = new pg.Pool({ connectionString: database.connectionString, max: 2 });
    db = new Kysely({ dialect: new PostgresDialect({ pool }) });
    migrator = new Migrator({
      db,
      provider: readModelMigrations,
      migrationTableName: 'read_model_migrations',
      migrationLockTableName: 'read_model_migrations_lock',
    });
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  const transfer = (userId: string, transferId: string) => ({
    user_id: userId,
    transfer_id: transferId,
    kind: 'deposit',
    amount_cents: 100,
    status: 'posted',
    counterparty: 'settlement',
    reference: '',
    at: at(0),
    log_order: transferId,
  });
  const deposit = (txHash: string, status: string) => ({
    tx_hash: txHash,
    sender: 'r',
    amount_cents: 725,
    currency: 'USD',
    issuer: 'r',
    reason: 'missing-tag',
    ledger_index: 1,
    held_at: at(0),
    status,
    log_order: txHash,
  });

  it("starts each user's statement total and each status's held deposits from the rows there", async () => {
    expect((await migrator.migrateTo('2026_12_06_100000_work_queues')).error).toBeUndefined();
    await db
      .insertInto('cash_transfers')
      .values([transfer('alice', '1'), transfer('alice', '2'), transfer('bob', '3')])
      .execute();
    await db
      .insertInto('held_deposits')
      .values([deposit('a', 'held'), deposit('b', 'held'), deposit('c', 'refunded')])
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await db.selectFrom('cash_statement_totals').selectAll().orderBy('user_id').execute()).toEqual([
      { user_id: 'alice', transfers: '2' },
      { user_id: 'bob', transfers: '1' },
    ]);
    expect(await db.selectFrom('held_deposit_totals').selectAll().orderBy('status').execute()).toEqual([
      { status: 'held', deposits: '2' },
      { status: 'refunded', deposits: '1' },
    ]);
  });
});
