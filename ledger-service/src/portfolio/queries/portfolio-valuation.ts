import {
  type CreditProjectType,
  creditProjectTypes,
  portfolioReferencePrices,
  type PortfolioHoldingView,
  projectTypeMitigation,
} from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import { openBookSides, recordOpenSide } from '../../credit-market/open-book.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import type { OptimizerHolding, OptimizerMarket } from '../optimizer/portfolio-optimizer.js';
import { priceVolatility } from '../optimizer/portfolio-analytics.js';

/** Read-model loaders for the portfolio queries: each reads indexed rows of one owner or of the markets. */

export interface ValuedHolding extends OptimizerHolding {
  readonly serialBlocks: number;
}

const knownTypes: ReadonlySet<string> = new Set(creditProjectTypes);

export function isCreditProjectType(value: string): value is CreditProjectType {
  return knownTypes.has(value);
}

export function marketKey(projectType: string, vintage: number): string {
  return `${projectType}|${vintage}`;
}

export function referencePriceOf(projectType: string): number {
  return isCreditProjectType(projectType) ? Number(portfolioReferencePrices[projectType]) : 0;
}

/** Each market's last close (the price of its last trade), for the given markets. */
async function lastPrices(db: ReadModels, markets: readonly { projectType: string; vintage: number }[]): Promise<Map<string, number>> {
  if (markets.length === 0) return new Map();
  const { rows } = await sql<{ project_type: string; vintage: number; close: string }>`
    select m.project_type, m.vintage, p.close
    from unnest(${markets.map((market) => market.projectType)}::text[], ${markets.map((market) => market.vintage)}::int[]) as m(project_type, vintage)
    cross join lateral (
      select d.close from market_daily_prices d
      where d.project_type = m.project_type and d.vintage = m.vintage
      order by d.day desc limit 1
    ) p`.execute(db);
  return new Map(rows.map((row) => [marketKey(row.project_type, row.vintage), Number(row.close)]));
}

/** The owner's registry holdings (tradable and in sell-order escrow) by market, valued at each market's last trade. */
export async function loadHoldings(db: ReadModels, ownerId: string): Promise<ValuedHolding[]> {
  const rows = await db
    .selectFrom('credit_holdings as h')
    .innerJoin('credit_batches as b', 'b.token_id', 'h.token_id')
    .select([
      'b.project_type',
      'b.vintage',
      sql<string>`sum(h.serial_end - h.serial_start + 1)`.as('quantity'),
      sql<string>`sum(case when h.status = 'tradable' then h.serial_end - h.serial_start + 1 else 0 end)`.as('tradable'),
      sql<string>`count(*)`.as('blocks'),
    ])
    .where('h.account_id', '=', ownerId)
    .where('h.status', 'in', ['tradable', 'reserved'])
    .groupBy(['b.project_type', 'b.vintage'])
    .execute();
  const held = rows.filter((row) => isCreditProjectType(row.project_type));
  const prices = await lastPrices(
    db,
    held.map((row) => ({ projectType: row.project_type, vintage: row.vintage })),
  );
  return held
    .map((row) => {
      const projectType = row.project_type as CreditProjectType;
      const last = prices.get(marketKey(projectType, row.vintage));
      return {
        projectType,
        vintage: row.vintage,
        quantity: Number(row.quantity),
        tradable: Number(row.tradable),
        serialBlocks: Number(row.blocks),
        price: last ?? referencePriceOf(projectType),
        priceSource: last === undefined ? ('reference' as const) : ('last-trade' as const),
      };
    })
    .sort((a, b) => a.projectType.localeCompare(b.projectType) || a.vintage - b.vintage);
}

function cents(value: number): number {
  return Math.round(value * 100);
}

export function totalValueOf(holdings: readonly ValuedHolding[]): number {
  return holdings.reduce((sum, holding) => sum + cents(holding.quantity * holding.price), 0) / 100;
}

export function holdingViews(holdings: readonly ValuedHolding[]): PortfolioHoldingView[] {
  const total = totalValueOf(holdings);
  return holdings.map((holding) => {
    const value = cents(holding.quantity * holding.price) / 100;
    return {
      id: marketKey(holding.projectType, holding.vintage),
      projectType: holding.projectType,
      vintage: holding.vintage,
      mitigation: projectTypeMitigation[holding.projectType],
      quantity: holding.quantity,
      serialBlocks: holding.serialBlocks,
      price: holding.price.toFixed(2),
      priceSource: holding.priceSource,
      currentValue: value.toFixed(2),
      allocation: total > 0 ? Math.round((value / total) * 10_000) / 100 : 0,
    };
  });
}

/** Days of closes a market's volatility is taken over. */
const VOLATILITY_DAYS = 30;

/** Every market the log knows (traded, or with open orders), with its last price, open book and volatility. */
export async function loadMarkets(db: ReadModels, now: Date): Promise<OptimizerMarket[]> {
  const since = new Date(now.getTime() - VOLATILITY_DAYS * 86_400_000).toISOString().slice(0, 10);
  const [closes, recent, book] = await Promise.all([
    sql<{ project_type: string; vintage: number; close: string }>`
      select distinct on (project_type, vintage) project_type, vintage, close
      from market_daily_prices order by project_type, vintage, day desc`.execute(db),
    db
      .selectFrom('market_daily_prices')
      .select(['project_type', 'vintage', 'close'])
      .where('day', '>=', since)
      .orderBy('project_type')
      .orderBy('vintage')
      .orderBy('day')
      .execute(),
    openBookSides(db),
  ]);
  const markets = new Map<
    string,
    {
      projectType: CreditProjectType;
      vintage: number;
      lastPrice: number | null;
      bestAsk: number | null;
      askDepth: number;
      bestBid: number | null;
      bidDepth: number;
      closes: number[];
    }
  >();
  const marketFor = (projectType: string, vintage: number) => {
    if (!isCreditProjectType(projectType)) return undefined;
    const key = marketKey(projectType, vintage);
    let market = markets.get(key);
    if (!market) {
      market = { projectType, vintage, lastPrice: null, bestAsk: null, askDepth: 0, bestBid: null, bidDepth: 0, closes: [] };
      markets.set(key, market);
    }
    return market;
  };
  for (const row of closes.rows) {
    const market = marketFor(row.project_type, row.vintage);
    if (market) market.lastPrice = Number(row.close);
  }
  for (const row of recent) marketFor(row.project_type, row.vintage)?.closes.push(Number(row.close));
  for (const side of book) {
    const market = marketFor(side.projectType, side.vintage);
    if (market) recordOpenSide(market, side);
  }
  return [...markets.values()].map(({ closes: marketCloses, ...market }) => ({
    ...market,
    referencePrice: referencePriceOf(market.projectType),
    volatility: marketCloses.length >= 2 ? priceVolatility(marketCloses) : null,
  }));
}
