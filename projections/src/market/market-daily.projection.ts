import {
  type CreditsIssued,
  type CreditsCancelled,
  type CreditsRetired,
  creditEventTypes,
  isCreditEvent,
  marketOfTokenId,
  type RecordedEvent,
  type TradeExecuted,
} from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import { exhaustive, type Projection, type ProjectionWriter, statementChunks } from '../runtime/projection.js';

/** The UTC day of an ISO timestamp. */
function dayOf(iso: string): string {
  return iso.slice(0, 10);
}

interface DayPrices {
  projectType: string;
  vintage: number;
  day: string;
  open: number;
  close: number;
  high: number;
  low: number;
  volume: number;
  notionalCents: number;
  trades: number;
}

/** Prices are kept as cents while a batch is folded: sums stay exact. */
function cents(price: string): number {
  return Math.round(Number(price) * 100);
}

function priceText(priceCents: number): string {
  return (priceCents / 100).toFixed(2);
}

/** One projection batch, folded per market-day and per account-market-day before it is written. */
class DailyFold {
  readonly prices = new Map<string, DayPrices>();
  readonly positions = new Map<string, { accountId: string; projectType: string; vintage: number; day: string; change: number }>();

  trade(data: TradeExecuted['data']): void {
    const day = dayOf(data.executedAt);
    const key = `${data.projectType}|${data.vintage}|${day}`;
    const price = cents(data.price);
    const known = this.prices.get(key);
    if (known) {
      known.close = price;
      known.high = Math.max(known.high, price);
      known.low = Math.min(known.low, price);
      known.volume += data.quantity;
      known.notionalCents += price * data.quantity;
      known.trades += 1;
    } else {
      this.prices.set(key, {
        projectType: data.projectType,
        vintage: data.vintage,
        day,
        open: price,
        close: price,
        high: price,
        low: price,
        volume: data.quantity,
        notionalCents: price * data.quantity,
        trades: 1,
      });
    }
    this.move(data.buyerAccountId, data.projectType, data.vintage, day, data.quantity);
    this.move(data.sellerAccountId, data.projectType, data.vintage, day, -data.quantity);
  }

  issued(data: CreditsIssued['data']): void {
    this.move(data.accountId, data.projectType, data.vintage, dayOf(data.issuedAt), data.quantity);
  }

  retired(data: CreditsRetired['data']): void {
    const market = marketOfTokenId(data.batchId);
    if (market) this.move(data.accountId, market.projectType, market.vintage, dayOf(data.retiredAt), -data.quantity);
  }

  /** Cancelled credits leave the holder's position as retired ones do; they are never counted as retired. */
  cancelled(data: CreditsCancelled['data']): void {
    const market = marketOfTokenId(data.batchId);
    if (market) this.move(data.accountId, market.projectType, market.vintage, dayOf(data.cancelledAt), -data.quantity);
  }

  private move(accountId: string, projectType: string, vintage: number, day: string, change: number): void {
    const key = `${accountId}|${projectType}|${vintage}|${day}`;
    const known = this.positions.get(key);
    if (known) known.change += change;
    else this.positions.set(key, { accountId, projectType, vintage, day, change });
  }
}

/**
 * Daily closing prices per market and daily position changes per account: the read model
 * portfolio analytics and market insights value holdings with, so no request scans the log.
 */
export const marketDailyProjection: Projection = {
  name: 'market-daily',
  eventTypes: creditEventTypes,
  views: ['portfolios'],
  // Price history and positions by day: nothing waits for them, and under load a batch then holds
  // many trades of one market and day (one row each) instead of a few.
  lingerMs: 100,
  tables: ['market_daily_prices', 'account_daily_positions'],
  async applyBatch(events: readonly RecordedEvent[], db: ProjectionWriter): Promise<boolean> {
    const fold = new DailyFold();
    for (const recorded of events) {
      if (!isCreditEvent(recorded)) continue;
      const event = recorded;
      switch (event.type) {
        case 'TradeExecuted':
          fold.trade(event.data);
          break;
        case 'CreditsIssued':
          fold.issued(event.data);
          break;
        case 'CreditsRetired':
          fold.retired(event.data);
          break;
        case 'CreditsCancelled':
          fold.cancelled(event.data);
          break;
        case 'XrplSettlementRecorded':
        case 'CreditsTokenized':
        case 'CreditsRedeemed':
        case 'DirectTradeOffered':
        case 'DirectTradeOfferWithdrawn':
          break;
        default:
          return exhaustive(event);
      }
    }
    const writes: Promise<unknown>[] = [];
    if (fold.prices.size > 0) {
      const rows = [...fold.prices.values()].map((row) => ({
        project_type: row.projectType,
        vintage: row.vintage,
        day: row.day,
        open: priceText(row.open),
        close: priceText(row.close),
        high: priceText(row.high),
        low: priceText(row.low),
        volume: row.volume,
        notional: priceText(row.notionalCents),
        trades: row.trades,
      }));
      writes.push(
        db
          .insertInto('market_daily_prices')
          .values(rows)
          .onConflict((conflict) =>
            conflict.columns(['project_type', 'vintage', 'day']).doUpdateSet({
              // The batch comes later in the log than what the row holds: its close is the day's close.
              close: sql`excluded.close`,
              high: sql`greatest(market_daily_prices.high, excluded.high)`,
              low: sql`least(market_daily_prices.low, excluded.low)`,
              volume: sql`market_daily_prices.volume + excluded.volume`,
              notional: sql`market_daily_prices.notional + excluded.notional`,
              trades: sql`market_daily_prices.trades + excluded.trades`,
            }),
          )
          .execute(),
      );
    }
    // Rows that net to zero are kept: a rebuild's larger batches must leave the same rows as live ones.
    const positions = [...fold.positions.values()];
    const positionRows = positions.map((row) => ({
      account_id: row.accountId,
      project_type: row.projectType,
      vintage: row.vintage,
      day: row.day,
      change: row.change,
    }));
    for (const rows of statementChunks(positionRows)) {
      writes.push(
        db
          .insertInto('account_daily_positions')
          .values(rows)
          .onConflict((conflict) =>
            conflict.columns(['account_id', 'project_type', 'vintage', 'day']).doUpdateSet({
              change: sql`account_daily_positions.change + excluded.change`,
            }),
          )
          .execute(),
      );
    }
    await Promise.all(writes);
    return writes.length > 0;
  },
};
