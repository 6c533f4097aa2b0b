import { type CreditProjectType, projectTypeMitigation } from '@carbon-ledger/contracts';

/** What the read models say about one market over the insight window. */
export interface MarketFacts {
  readonly projectType: CreditProjectType;
  readonly vintage: number;
  /** Credits and USD traded in the window. */
  readonly volume: number;
  readonly notional: number;
  /** The last close and the close of the trading day before it (null with one trading day). */
  readonly lastClose: number;
  readonly previousClose: number | null;
  readonly bestBid: number | null;
  readonly bestAsk: number | null;
  readonly bidDepth: number;
  readonly askDepth: number;
}

export const INSIGHT_WINDOW_DAYS = 7;
/** Markets described one by one, the most traded first. */
export const MARKETS_DESCRIBED = 5;

function credits(value: number): string {
  return value.toLocaleString('en-US');
}

function usd(value: number): string {
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

function signedPercent(value: number): string {
  return `${value >= 0 ? '+' : ''}${value.toFixed(1)}%`;
}

function describeMarket(market: MarketFacts): string {
  const name = `${market.projectType} ${market.vintage}`;
  const move =
    market.previousClose !== null && market.previousClose > 0
      ? `${signedPercent((market.lastClose / market.previousClose - 1) * 100)} against the previous close of ${usd(market.previousClose)}`
      : 'its first trading day in the window';
  const book =
    market.bestBid !== null && market.bestAsk !== null
      ? `the spread is ${usd(market.bestAsk - market.bestBid)} between a best bid of ${usd(market.bestBid)} and a best ask of ${usd(market.bestAsk)}, with ${credits(market.bidDepth)} t bid and ${credits(market.askDepth)} t offered`
      : market.bestBid !== null
        ? `only bids are open: ${credits(market.bidDepth)} t up to ${usd(market.bestBid)}`
        : market.bestAsk !== null
          ? `only offers are open: ${credits(market.askDepth)} t from ${usd(market.bestAsk)}`
          : 'no orders are open';
  return `${name} traded ${credits(market.volume)} t and last closed at ${usd(market.lastClose)}, ${move}; ${book}.`;
}

/** Plain sentences from the numbers: volumes, price moves, spreads and depth per market, the removal premium. */
export function describeMarkets(markets: readonly MarketFacts[]): string[] {
  const traded = markets.filter((market) => market.volume > 0);
  if (traded.length === 0) return ['No trades are recorded in the last 7 days; insights appear once the markets trade.'];
  const volume = traded.reduce((sum, market) => sum + market.volume, 0);
  const notional = traded.reduce((sum, market) => sum + market.notional, 0);
  const sentences = [
    `Over the last ${INSIGHT_WINDOW_DAYS} days ${credits(volume)} t traded across ${traded.length} ${traded.length === 1 ? 'market' : 'markets'} for ${usd(notional)}, an average of ${usd(notional / volume)} a credit.`,
  ];
  const ranked = [...traded].sort((a, b) => b.volume - a.volume || a.projectType.localeCompare(b.projectType) || a.vintage - b.vintage);
  for (const market of ranked.slice(0, MARKETS_DESCRIBED)) sentences.push(describeMarket(market));
  const average = (kind: 'removal' | 'reduction') => {
    const group = traded.filter((market) => projectTypeMitigation[market.projectType] === kind);
    const groupVolume = group.reduce((sum, market) => sum + market.volume, 0);
    return groupVolume > 0 ? group.reduce((sum, market) => sum + market.notional, 0) / groupVolume : null;
  };
  const removal = average('removal');
  const reduction = average('reduction');
  if (removal !== null && reduction !== null && reduction > 0) {
    const premium = (removal / reduction - 1) * 100;
    sentences.push(
      `Removals averaged ${usd(removal)} a credit against ${usd(reduction)} for reductions: a removal ${premium >= 0 ? 'premium' : 'discount'} of ${Math.abs(premium).toFixed(1)}%.`,
    );
  } else {
    sentences.push(`Only ${removal !== null ? 'removals' : 'reductions'} traded in the window, so there is no removal premium to compare.`);
  }
  return sentences;
}
