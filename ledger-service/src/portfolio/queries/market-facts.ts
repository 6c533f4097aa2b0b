import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import type { OptimizerMarket } from '../optimizer/portfolio-optimizer.js';
import { loadMarkets } from './portfolio-valuation.js';

/**
 * What every portfolio's suggestions read about the markets (last prices, volatility, open
 * book), loaded once per state of the read models it comes from: kept until the market-daily
 * or order-book checkpoint moves (in any process, as the checkpoints live in the database) or
 * the day changes. Each call costs one primary-key read of two checkpoint rows.
 */
@Injectable()
export class MarketFacts {
  private cached: { key: string; markets: Promise<OptimizerMarket[]> } | undefined;

  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async markets(now: Date): Promise<OptimizerMarket[]> {
    const checkpoints = await this.db
      .selectFrom('projection_checkpoints')
      .select(['name', 'commit_position', 'prepare_position'])
      .where('name', 'in', ['market-daily', 'order-book'])
      .orderBy('name')
      .execute();
    const key = `${now.toISOString().slice(0, 10)}|${checkpoints.map((row) => `${row.name}:${row.commit_position}:${row.prepare_position}`).join('|')}`;
    if (this.cached?.key !== key) {
      const markets = loadMarkets(this.db, now);
      this.cached = { key, markets };
      // A failed load is not kept.
      markets.catch(() => {
        if (this.cached?.markets === markets) this.cached = undefined;
      });
    }
    return this.cached.markets;
  }
}
