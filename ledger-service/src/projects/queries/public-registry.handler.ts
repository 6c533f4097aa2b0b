import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  type BatchClaimsView,
  BUFFER_POOL_ACCOUNT_ID,
  retiredBatchClaimsSchema,
  retirementUses,
  type CancellationReason,
  type CreditProjectType,
  type ListRegistryBatchesParams,
  type ListRegistryCancellationsParams,
  type ListRegistryCancellationsResponse,
  type ListRegistryRetirementsParams,
  formatSerial,
  formatSerialRange,
  pageOf,
  originRegistries,
  parseSerialNumber,
  type RegistryBatchView,
  type RegistrySerialView,
  serialPrefixFor,
  VAULT_ACCOUNT_ID,
} from '@carbon-ledger/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import type { listRegistryBatchesResponse, listRegistryRetirementsResponse, registryRetirementView } from '@carbon-ledger/contracts';
import { APP_CONFIG, type LabelConfig, labelRulesOf } from '../../config/config.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { batchClaimsViews } from '../../shared/batch-claims-reader.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { newestBatchesPage } from '../../shared/batch-pages.js';
import { beforeLogKey, instantKey } from '../../shared/keyset-page.js';

type Tables = ReadModels extends Kysely<infer T> ? T : never;
type BatchRow = Selectable<Tables['credit_batches']>;
type ListRegistryBatchesResponse = z.infer<typeof listRegistryBatchesResponse>;
type ListRegistryRetirementsResponse = z.infer<typeof listRegistryRetirementsResponse>;
type RegistryRetirementView = z.infer<typeof registryRetirementView>;

/** Every batch of the registry, newest first: serial range, retired count, buffer share and origin; a page at a time. */
export class PublicBatchesQuery extends Query<ListRegistryBatchesResponse> {
  constructor(readonly page: ListRegistryBatchesParams) {
    super();
  }
}

/** Every retirement, newest first, with what its certificate names; no account ids or addresses; a page at a time. */
export class PublicRetirementsQuery extends Query<ListRegistryRetirementsResponse> {
  constructor(readonly page: ListRegistryRetirementsParams) {
    super();
  }
}

/** The batch, status and retirement of one serial number; undefined when the registry never issued it. */
export class PublicSerialQuery extends Query<RegistrySerialView | undefined> {
  constructor(readonly serial: string) {
    super();
  }
}

function originOf(row: BatchRow): RegistryBatchView['origin'] {
  const registry = originRegistries.find((name) => name === row.origin_registry);
  if (registry === undefined || row.origin_start === null || row.origin_end === null) return null;
  return { registry, start: Number(row.origin_start), end: Number(row.origin_end) };
}

function toRegistryBatchView(row: BatchRow, claims: BatchClaimsView): RegistryBatchView {
  return {
    batchId: row.token_id,
    projectId: row.project_id,
    projectName: row.project_name,
    projectType: row.project_type as CreditProjectType,
    vintage: row.vintage,
    quantity: row.quantity,
    firstSerial: formatSerial(row.serial_prefix, 1),
    lastSerial: formatSerial(row.serial_prefix, row.quantity),
    retired: row.retired,
    cancelled: row.cancelled,
    buffer: row.buffer_for !== null,
    reportId: row.report_id,
    origin: originOf(row),
    issuedAt: row.issued_at.toISOString(),
    claims,
  };
}

const basicsOf = (row: BatchRow) => ({ batchId: row.token_id, standard: row.standard, methodology: row.methodology, vintage: row.vintage });

/** Batch rows as the registry lists them, each with its claims and labels. */
async function registryBatchViews(db: ReadModels, config: LabelConfig, rows: readonly BatchRow[]): Promise<RegistryBatchView[]> {
  const claims = await batchClaimsViews(db, rows.map(basicsOf), labelRulesOf(config));
  return rows.map((row) => toRegistryBatchView(row, claims.get(row.token_id)!));
}

const retirementColumns = [
  'r.retirement_id',
  'r.token_id',
  'r.project_name',
  'r.quantity',
  'r.ranges',
  'r.beneficiary',
  'r.purpose',
  'r.retired_at',
  'r.use',
  'r.claims',
] as const;

function selectRetirements(db: ReadModels) {
  return db
    .selectFrom('credit_retirements as r')
    .leftJoin('credit_retirement_batches as b', 'b.token_id', 'r.token_id')
    .select(retirementColumns)
    .select('b.serial_prefix');
}

type RetirementRow = Awaited<ReturnType<ReturnType<typeof selectRetirements>['execute']>>[number];

function toRegistryRetirementView(row: RetirementRow): RegistryRetirementView {
  const prefix = row.serial_prefix ?? serialPrefixFor(row.token_id);
  return {
    retirementId: row.retirement_id,
    batchId: row.token_id,
    projectName: row.project_name,
    quantity: row.quantity,
    // Ranges, not each serial: one retirement may cover millions.
    serials: row.ranges.map((range) => formatSerialRange(prefix, range.start, range.end)),
    beneficiary: row.beneficiary,
    purpose: row.purpose,
    retiredAt: row.retired_at.toISOString(),
    use: retirementUses.find((use) => use === row.use) ?? 'voluntary',
    claims: row.claims ? (retiredBatchClaimsSchema.safeParse(row.claims).data ?? null) : null,
  };
}

@QueryHandler(PublicBatchesQuery)
export class PublicBatchesHandler implements IQueryHandler<PublicBatchesQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(APP_CONFIG) private readonly config: LabelConfig = {},
  ) {}

  async execute({ page: { limit, cursor } }: PublicBatchesQuery): Promise<ListRegistryBatchesResponse> {
    const { rows, nextCursor } = await newestBatchesPage(this.db, 'registry-batches', { limit, cursor });
    return { batches: await registryBatchViews(this.db, this.config, rows), nextCursor };
  }
}

@QueryHandler(PublicRetirementsQuery)
export class PublicRetirementsHandler implements IQueryHandler<PublicRetirementsQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ page: { limit, cursor } }: PublicRetirementsQuery): Promise<ListRegistryRetirementsResponse> {
    let query = selectRetirements(this.db).select(['r.commit_position', 'r.prepare_position', instantKey('r.retired_at').as('at_key')]);
    if (cursor) query = query.where(beforeLogKey({ at: 'r.retired_at', commit: 'r.commit_position', prepare: 'r.prepare_position' }, cursor));
    const found = await query
      .orderBy('r.retired_at', 'desc')
      .orderBy('r.commit_position', 'desc')
      .orderBy('r.prepare_position', 'desc')
      .limit(limit + 1)
      .execute();
    const { rows, nextCursor } = pageOf(found, limit, 'registry-retirements', (row) => [row.at_key, row.commit_position, row.prepare_position]);
    return { retirements: rows.map(toRegistryRetirementView), nextCursor };
  }
}

/** Every cancellation, newest first, a page at a time. */
export class PublicCancellationsQuery extends Query<ListRegistryCancellationsResponse> {
  constructor(readonly page: ListRegistryCancellationsParams) {
    super();
  }
}

@QueryHandler(PublicCancellationsQuery)
export class PublicCancellationsHandler implements IQueryHandler<PublicCancellationsQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ page: { limit, cursor } }: PublicCancellationsQuery): Promise<ListRegistryCancellationsResponse> {
    let query = this.db
      .selectFrom('credit_cancellations as c')
      .leftJoin('credit_batches as b', 'b.token_id', 'c.token_id')
      .select([
        'c.cancellation_id',
        'c.token_id',
        'c.project_name',
        'c.quantity',
        'c.ranges',
        'c.reason',
        'c.note',
        'c.by_registry',
        'c.reversal_project_id',
        'c.cancelled_at',
        'c.commit_position',
        'c.prepare_position',
      ])
      .select(['b.serial_prefix', instantKey('c.cancelled_at').as('at_key')]);
    if (cursor) query = query.where(beforeLogKey({ at: 'c.cancelled_at', commit: 'c.commit_position', prepare: 'c.prepare_position' }, cursor));
    const found = await query
      .orderBy('c.cancelled_at', 'desc')
      .orderBy('c.commit_position', 'desc')
      .orderBy('c.prepare_position', 'desc')
      .limit(limit + 1)
      .execute();
    const { rows, nextCursor } = pageOf(found, limit, 'registry-cancellations', (row) => [row.at_key, row.commit_position, row.prepare_position]);
    return {
      nextCursor,
      cancellations: rows.map((row) => {
        const prefix = row.serial_prefix ?? serialPrefixFor(row.token_id);
        return {
          cancellationId: row.cancellation_id,
          batchId: row.token_id,
          projectName: row.project_name,
          quantity: row.quantity,
          serials: row.ranges.map((range) => formatSerialRange(prefix, range.start, range.end)),
          reason: row.reason as CancellationReason,
          note: row.note,
          byRegistry: row.by_registry,
          reversalProjectId: row.reversal_project_id,
          cancelledAt: row.cancelled_at.toISOString(),
        };
      }),
    };
  }
}

@QueryHandler(PublicSerialQuery)
export class PublicSerialHandler implements IQueryHandler<PublicSerialQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(APP_CONFIG) private readonly config: LabelConfig = {},
  ) {}

  async execute({ serial: serialNumber }: PublicSerialQuery): Promise<RegistrySerialView | undefined> {
    const parsed = parseSerialNumber(serialNumber);
    if (!parsed) return undefined;
    const { tokenId, serial } = parsed;
    const batch = await this.db.selectFrom('credit_batches').selectAll().where('token_id', '=', tokenId).executeTakeFirst();
    if (!batch || serial > batch.quantity) return undefined;
    const [block, retirement] = await Promise.all([
      this.db
        .selectFrom('credit_holdings')
        .select(['account_id', 'status'])
        .where('token_id', '=', tokenId)
        .where('serial_start', '<=', serial)
        .where('serial_end', '>=', serial)
        .executeTakeFirst(),
      selectRetirements(this.db)
        .where('r.token_id', '=', tokenId)
        .where(
          sql<boolean>`exists (select 1 from jsonb_array_elements(r.ranges) as range where (range->>'start')::bigint <= ${serial} and (range->>'end')::bigint >= ${serial})`,
        )
        .executeTakeFirst(),
    ]);
    const status: RegistrySerialView['status'] =
      block?.status === 'retired' || retirement !== undefined
        ? 'retired'
        : block?.status === 'cancelled'
          ? 'cancelled'
          : block?.account_id === VAULT_ACCOUNT_ID
            ? 'in_vault'
            : batch.buffer_for !== null || block?.account_id === BUFFER_POOL_ACCOUNT_ID
              ? 'buffer'
              : 'active';
    return {
      serial: serialNumber,
      batch: (await registryBatchViews(this.db, this.config, [batch]))[0]!,
      status,
      retirement: retirement ? toRegistryRetirementView(retirement) : null,
    };
  }
}
