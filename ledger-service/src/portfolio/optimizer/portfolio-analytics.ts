/**
 * Portfolio analytics from a daily valuation (docs/portfolio-analytics.md): pure functions of
 * daily positions and closing prices, time-weighted so buying and selling do not count as return.
 */

/** Calendar days a year: carbon markets carry prices over weekends, so every day is a period. */
export const DAYS_PER_YEAR = 365;
/** No cash yield is modelled (settlement cash earns nothing on the platform). */
export const RISK_FREE_RATE = 0;

export interface ValuationDay {
  readonly date: string;
  /** Value of the holdings at that day's closing prices. */
  readonly value: number;
  /** Return of the day on the positions held at the previous close; null on the first day or after an empty day. */
  readonly dailyReturn: number | null;
}

export interface PortfolioAnalytics {
  readonly totalReturn: number;
  readonly volatility: number;
  readonly sharpeRatio: number;
  readonly maxDrawdown: number;
  readonly daysAnalyzed: number;
  /** Wealth index per day, 100 on the first day. */
  readonly index: readonly number[];
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** Sample standard deviation (n - 1); 0 for fewer than two values. */
export function sampleStandardDeviation(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const average = mean(values);
  const squares = values.reduce((sum, value) => sum + (value - average) ** 2, 0);
  return Math.sqrt(squares / (values.length - 1));
}

/**
 * totalReturn = (prod(1 + r_t) - 1) x 100; volatility = s(r) x sqrt(365) x 100;
 * sharpeRatio = (mean(r) x 365 - rf) / (s(r) x sqrt(365)); maxDrawdown = max over t of
 * (peak(I) - I_t) / peak(I) x 100 on the wealth index I; daysAnalyzed = days with a value.
 */
export function computeAnalytics(days: readonly ValuationDay[]): PortfolioAnalytics {
  const returns = days.flatMap((day) => (day.dailyReturn === null ? [] : [day.dailyReturn]));
  const index: number[] = [];
  let level = 1;
  let peak = 1;
  let maxDrawdown = 0;
  for (const day of days) {
    if (day.dailyReturn !== null) level *= 1 + day.dailyReturn;
    index.push(round2(level * 100));
    peak = Math.max(peak, level);
    maxDrawdown = Math.max(maxDrawdown, (peak - level) / peak);
  }
  const deviation = sampleStandardDeviation(returns);
  const annualDeviation = deviation * Math.sqrt(DAYS_PER_YEAR);
  const sharpe = annualDeviation > 0 ? (mean(returns) * DAYS_PER_YEAR - RISK_FREE_RATE) / annualDeviation : 0;
  return {
    totalReturn: round2((level - 1) * 100),
    volatility: round2(annualDeviation * 100),
    sharpeRatio: round2(sharpe),
    maxDrawdown: round2(maxDrawdown * 100),
    daysAnalyzed: days.filter((day) => day.value > 0).length,
    index,
  };
}

export interface PositionChange {
  readonly market: string;
  readonly date: string;
  readonly change: number;
}

export interface ClosingPrice {
  readonly market: string;
  readonly date: string;
  readonly close: number;
}

/** `count` consecutive ISO dates ending with `last`. */
export function dateWindow(last: string, count: number): string[] {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: count }, (_, offset) => new Date(end - (count - 1 - offset) * 86_400_000).toISOString().slice(0, 10));
}

/**
 * Values the positions on each day of `dates` (ascending). Positions are the running sum of all
 * changes up to and including the day; prices the last close on or before the day, else
 * `referencePrice(market)`. A day's return uses the previous day's positions at both days'
 * prices, so what was bought or sold that day does not count as return (time-weighted).
 */
export function dailyValuation(input: {
  readonly dates: readonly string[];
  readonly changes: readonly PositionChange[];
  readonly closes: readonly ClosingPrice[];
  readonly referencePrice: (market: string) => number;
}): ValuationDay[] {
  const changes = [...input.changes].sort((a, b) => a.date.localeCompare(b.date));
  const closes = [...input.closes].sort((a, b) => a.date.localeCompare(b.date));
  const positions = new Map<string, number>();
  const prices = new Map<string, number>();
  let nextChange = 0;
  let nextClose = 0;
  const priceOf = (market: string) => prices.get(market) ?? input.referencePrice(market);
  const valueOf = (held: ReadonlyMap<string, number>) => {
    let value = 0;
    for (const [market, quantity] of held) value += quantity * priceOf(market);
    return value;
  };
  const out: ValuationDay[] = [];
  let previous: Map<string, number> | undefined;
  let previousValue = 0;
  for (const date of input.dates) {
    while (nextClose < closes.length && closes[nextClose]!.date <= date) {
      const close = closes[nextClose++]!;
      prices.set(close.market, close.close);
    }
    let dailyReturn: number | null = null;
    if (previous && previousValue > 0) dailyReturn = valueOf(previous) / previousValue - 1;
    while (nextChange < changes.length && changes[nextChange]!.date <= date) {
      const change = changes[nextChange++]!;
      positions.set(change.market, (positions.get(change.market) ?? 0) + change.change);
    }
    const value = valueOf(positions);
    out.push({ date, value: round2(value), dailyReturn });
    previous = new Map(positions);
    previousValue = value;
  }
  return out;
}

/** Annualised volatility (percent) of a market's closes, close to close. */
export function priceVolatility(closes: readonly number[]): number {
  const returns: number[] = [];
  for (let index = 1; index < closes.length; index += 1) {
    const before = closes[index - 1]!;
    if (before > 0) returns.push(closes[index]! / before - 1);
  }
  return round2(sampleStandardDeviation(returns) * Math.sqrt(DAYS_PER_YEAR) * 100);
}
