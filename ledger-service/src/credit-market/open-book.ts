import { sql } from 'kysely';
import type { ReadModels } from '../infrastructure/postgres/database.js';

/** One side of a market's open book: its best price and the credits still open on it. */
export interface OpenBookSide {
  readonly projectType: string;
  readonly vintage: number;
  readonly side: 'buy' | 'sell';
  readonly best: number;
  readonly depth: number;
}

/** What a market view keeps of its open book. */
export interface OpenBookFigures {
  bestBid: number | null;
  bidDepth: number;
  bestAsk: number | null;
  askDepth: number;
}

/** Best price and open depth of every market side with open orders, from the order-book read model. */
export async function openBookSides(db: ReadModels): Promise<OpenBookSide[]> {
  const rows = await db
    .selectFrom('order_book')
    .select([
      'project_type',
      'vintage',
      'side',
      sql<string>`sum(amount - filled)`.as('depth'),
      sql<string>`case when side = 'buy' then max(price) else min(price) end`.as('best'),
    ])
    .where('status', 'in', ['pending', 'partially_filled'])
    .groupBy(['project_type', 'vintage', 'side'])
    .execute();
  return rows.map((row) => ({ projectType: row.project_type, vintage: row.vintage, side: row.side, best: Number(row.best), depth: Number(row.depth) }));
}

/** Puts one side's best price and depth on the market it belongs to. */
export function recordOpenSide(market: OpenBookFigures, side: OpenBookSide): void {
  if (side.side === 'buy') {
    market.bestBid = side.best;
    market.bidDepth = side.depth;
  } else {
    market.bestAsk = side.best;
    market.askDepth = side.depth;
  }
}
