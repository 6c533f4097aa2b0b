import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { formatSerialRange, type HoldingView, type ListCreditsResponse } from '@carbon-ledger/contracts';
import { type AppConfig, APP_CONFIG, labelRulesOf } from '../../config/config.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { type BatchBasics, batchClaimsViews } from '../../shared/batch-claims-reader.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { toCreditBatchView } from './batch-view.js';

/** Every batch in the registry, and what `accountId` (the caller) holds. */
export class ListCreditsQuery extends Query<ListCreditsResponse> {
  constructor(readonly accountId: string) {
    super();
  }
}

@QueryHandler(ListCreditsQuery)
export class ListCreditsHandler implements IQueryHandler<ListCreditsQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ accountId }: ListCreditsQuery): Promise<ListCreditsResponse> {
    const [batches, blocks] = await Promise.all([
      this.db.selectFrom('credit_batches').selectAll().orderBy('issued_at', 'desc').orderBy('token_id').execute(),
      this.db
        .selectFrom('credit_holdings as h')
        .innerJoin('credit_batches as b', 'b.token_id', 'h.token_id')
        .select([
          'h.token_id',
          'h.serial_start',
          'h.serial_end',
          'h.status',
          'b.project_name',
          'b.project_type',
          'b.vintage',
          'b.standard',
          'b.methodology',
          'b.serial_prefix',
          'b.issued_at',
        ])
        .where('h.account_id', '=', accountId)
        .where('h.status', 'in', ['tradable', 'reserved'])
        .orderBy('b.issued_at', 'desc')
        .orderBy('h.token_id')
        .orderBy('h.serial_start')
        .execute(),
    ]);
    const holdings = new Map<string, HoldingView & { blocks: { start: number; end: number }[]; prefix: string; basics: BatchBasics }>();
    for (const block of blocks) {
      let holding = holdings.get(block.token_id);
      if (!holding) {
        holding = {
          tokenId: block.token_id,
          projectName: block.project_name,
          projectType: block.project_type as HoldingView['projectType'],
          vintage: block.vintage,
          tradable: 0,
          reserved: 0,
          serialRanges: [],
          labels: [],
          blocks: [],
          basics: { batchId: block.token_id, standard: block.standard, methodology: block.methodology, vintage: block.vintage },
          prefix: block.serial_prefix,
        };
        holdings.set(block.token_id, holding);
      }
      const size = block.serial_end - block.serial_start + 1;
      if (block.status === 'tradable') holding.tradable += size;
      else holding.reserved += size;
      // Stored blocks are never merged; adjacent ones read as one range.
      const last = holding.blocks.at(-1);
      if (last && last.end + 1 === block.serial_start) last.end = block.serial_end;
      else holding.blocks.push({ start: block.serial_start, end: block.serial_end });
    }
    const claims = await batchClaimsViews(
      this.db,
      [...holdings.values()].map((holding) => holding.basics),
      labelRulesOf(this.config),
    );
    return {
      credits: batches.map(toCreditBatchView),
      accountId,
      holdings: [...holdings.values()].map(({ blocks: held, prefix, basics, ...holding }) => ({
        ...holding,
        serialRanges: held.map((range) => formatSerialRange(prefix, range.start, range.end)),
        labels: claims.get(basics.batchId)?.labels ?? [],
      })),
    };
  }
}
