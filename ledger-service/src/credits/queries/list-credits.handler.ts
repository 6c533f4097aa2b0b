import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListCreditsParams, ListCreditsResponse } from '@carbon-ledger/contracts';
import { type AppConfig, APP_CONFIG } from '../../config/config.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { newestBatchesPage } from '../../shared/batch-pages.js';
import { toCreditBatchView } from './batch-view.js';
import { holdingsPage } from './list-holdings.handler.js';

/** A page of the registry's batches, and the first page of what `accountId` (the caller) holds, as large. */
export class ListCreditsQuery extends Query<ListCreditsResponse> {
  constructor(
    readonly accountId: string,
    readonly page: ListCreditsParams,
  ) {
    super();
  }
}

@QueryHandler(ListCreditsQuery)
export class ListCreditsHandler implements IQueryHandler<ListCreditsQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ accountId, page }: ListCreditsQuery): Promise<ListCreditsResponse> {
    const [batches, held] = await Promise.all([
      newestBatchesPage(this.db, 'credits', page),
      holdingsPage(this.db, this.config, accountId, { limit: page.limit }),
    ]);
    return {
      credits: batches.rows.map(toCreditBatchView),
      nextCursor: batches.nextCursor,
      accountId,
      holdings: held.holdings,
      holdingsNextCursor: held.nextCursor,
    };
  }
}
