import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { formatSerialRange, type HoldingView, type ListHoldingsParams, type ListHoldingsResponse, pageOf } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import { type AppConfig, APP_CONFIG, labelRulesOf } from '../../config/config.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { batchClaimsViews } from '../../shared/batch-claims-reader.js';
import { afterNewestThenId, instantKey } from '../../shared/keyset-page.js';

/** A page of what `accountId` (the caller) holds, a batch per row. */
export class ListHoldingsQuery extends Query<ListHoldingsResponse> {
  constructor(
    readonly accountId: string,
    readonly page: ListHoldingsParams,
  ) {
    super();
  }
}

/**
 * One page of an account's holdings, newest issued batch first, then by batch id: the batches come
 * from the account's own holdings rows (an account's page costs what the account holds, not what the
 * registry holds), and only the page's blocks are read.
 */
export async function holdingsPage(
  db: ReadModels,
  config: AppConfig,
  accountId: string,
  { limit, cursor, search, only }: ListHoldingsParams,
): Promise<{ holdings: HoldingView[]; nextCursor: string | null }> {
  const listed = only === 'tradable' ? (['tradable'] as const) : (['tradable', 'reserved'] as const);
  let batches = db
    .with('held', (held) =>
      held.selectFrom('credit_holdings').select('token_id').where('account_id', '=', accountId).where('status', 'in', listed).groupBy('token_id'),
    )
    .selectFrom('held')
    .innerJoin('credit_batches as b', 'b.token_id', 'held.token_id')
    .select([
      'b.token_id',
      'b.project_name',
      'b.project_type',
      'b.vintage',
      'b.standard',
      'b.methodology',
      'b.serial_prefix',
      instantKey('b.issued_at').as('at_key'),
    ]);
  if (cursor) batches = batches.where(afterNewestThenId({ at: 'b.issued_at', id: 'b.token_id' }, cursor, 'text'));
  if (search) {
    batches = batches.where(sql<boolean>`(strpos(lower(b.token_id), lower(${search})) > 0 or strpos(lower(b.project_name), lower(${search})) > 0)`);
  }
  const found = await batches
    .orderBy('b.issued_at', 'desc')
    .orderBy('b.token_id')
    .limit(limit + 1)
    .execute();
  const page = pageOf(found, limit, 'holdings', (row) => [row.at_key, row.token_id]);
  if (page.rows.length === 0) return { holdings: [], nextCursor: page.nextCursor };
  const blocks = await db
    .selectFrom('credit_holdings')
    .select(['token_id', 'serial_start', 'serial_end', 'status'])
    .where('account_id', '=', accountId)
    .where('status', 'in', ['tradable', 'reserved'])
    .where(
      'token_id',
      'in',
      page.rows.map((row) => row.token_id),
    )
    .orderBy('token_id')
    .orderBy('serial_start')
    .execute();
  const held = new Map(page.rows.map((row) => [row.token_id, { tradable: 0, reserved: 0, ranges: [] as { start: number; end: number }[] }]));
  for (const block of blocks) {
    const holding = held.get(block.token_id)!;
    const size = block.serial_end - block.serial_start + 1;
    if (block.status === 'tradable') holding.tradable += size;
    else holding.reserved += size;
    // Stored blocks are never merged; adjacent ones read as one range.
    const last = holding.ranges.at(-1);
    if (last && last.end + 1 === block.serial_start) last.end = block.serial_end;
    else holding.ranges.push({ start: block.serial_start, end: block.serial_end });
  }
  const claims = await batchClaimsViews(
    db,
    page.rows.map((row) => ({ batchId: row.token_id, standard: row.standard, methodology: row.methodology, vintage: row.vintage })),
    labelRulesOf(config),
  );
  return {
    holdings: page.rows.map((row) => {
      const holding = held.get(row.token_id)!;
      return {
        tokenId: row.token_id,
        projectName: row.project_name,
        projectType: row.project_type as HoldingView['projectType'],
        vintage: row.vintage,
        tradable: holding.tradable,
        reserved: holding.reserved,
        serialRanges: holding.ranges.map((range) => formatSerialRange(row.serial_prefix, range.start, range.end)),
        labels: claims.get(row.token_id)?.labels ?? [],
      };
    }),
    nextCursor: page.nextCursor,
  };
}

@QueryHandler(ListHoldingsQuery)
export class ListHoldingsHandler implements IQueryHandler<ListHoldingsQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ accountId, page }: ListHoldingsQuery): Promise<ListHoldingsResponse> {
    const { holdings, nextCursor } = await holdingsPage(this.db, this.config, accountId, page);
    return { accountId, holdings, nextCursor };
  }
}
