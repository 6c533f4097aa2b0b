import { createHash } from 'node:crypto';
import {
  canonicalJson,
  type CreditProjectType,
  type MitigationKind,
  type OrderSide,
  portfolioReferencePrices,
  projectTypeMitigation,
  type RecommendedAction,
  type RiskProfile,
  type SuggestionPriority,
  suggestionIdOf,
  type SuggestionType,
  type SuggestionView,
} from '@carbon-ledger/contracts';

/**
 * The explainable optimizer (docs/portfolio-optimizer.md): deterministic rules over the holdings,
 * the risk profile, prices, volatility and open book depth. Every number a rule uses appears in
 * its reasoning; every suggestion recommends concrete orders.
 */

export interface OptimizerHolding {
  readonly projectType: CreditProjectType;
  readonly vintage: number;
  /** Tradable plus reserved. */
  readonly quantity: number;
  /** Free to sell (not already in sell-order escrow). */
  readonly tradable: number;
  readonly price: number;
  readonly priceSource: 'last-trade' | 'reference';
}

/** What the log says about one market (project type + vintage). */
export interface OptimizerMarket {
  readonly projectType: CreditProjectType;
  readonly vintage: number;
  readonly lastPrice: number | null;
  readonly referencePrice: number;
  /** Lowest open ask and the credits offered on open asks. */
  readonly bestAsk: number | null;
  readonly askDepth: number;
  readonly bestBid: number | null;
  readonly bidDepth: number;
  /** Annualised volatility of daily closes over the last 30 days, percent; null without two closes. */
  readonly volatility: number | null;
}

export interface OptimizerInput {
  readonly riskProfile: RiskProfile;
  /** The year now (from the request's time). */
  readonly year: number;
  readonly holdings: readonly OptimizerHolding[];
  readonly markets: readonly OptimizerMarket[];
}

export interface ProfileLimits {
  /** Removal share targeted in 2026, percent; rises REMOVAL_TARGET_STEP points a year. */
  readonly removalTarget2026: number;
  /** Largest share of credits older than MAX_VINTAGE_AGE years, percent. */
  readonly oldVintageMax: number;
  /** Largest share of value in one project type, percent. */
  readonly concentrationMax: number;
  /** Largest share of credits the open bids cannot absorb, percent. */
  readonly illiquidMax: number;
}

export const profileLimits: Readonly<Record<RiskProfile, ProfileLimits>> = {
  conservative: { removalTarget2026: 20, oldVintageMax: 10, concentrationMax: 40, illiquidMax: 25 },
  moderate: { removalTarget2026: 15, oldVintageMax: 20, concentrationMax: 50, illiquidMax: 40 },
  aggressive: { removalTarget2026: 10, oldVintageMax: 30, concentrationMax: 70, illiquidMax: 60 },
};

/** Points a year the removal target rises after 2026, towards the Oxford Principles' all-removal 2050. */
export const REMOVAL_TARGET_STEP = 3;
export const MAX_VINTAGE_AGE = 5;

export function removalTarget(profile: RiskProfile, year: number): number {
  return Math.min(100, profileLimits[profile].removalTarget2026 + Math.max(0, year - 2026) * REMOVAL_TARGET_STEP);
}

const priorityRank: Readonly<Record<SuggestionPriority, number>> = { urgent: 0, high: 1, medium: 2, low: 3 };
const typeRank: Readonly<Record<SuggestionType, number>> = { removal_shift: 0, vintage_age: 1, concentration: 2, liquidity: 3 };

/** How far over (or under) its limit a measure is, in percentage points. */
export function priorityFor(points: number): SuggestionPriority {
  if (points >= 20) return 'urgent';
  if (points >= 10) return 'high';
  if (points >= 5) return 'medium';
  return 'low';
}

export function formatPercent(value: number): string {
  return `${Number(value.toFixed(1))}%`;
}

export function formatCredits(value: number): string {
  return value.toLocaleString('en-US');
}

/** A price per credit, as orders carry it: "12.45". */
function money(value: number): string {
  return value.toFixed(2);
}

/** An amount of dollars in a sentence: "3,875.00". */
function dollars(value: number): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

function clampScore(value: number): number {
  return Math.max(0, Math.min(100, Math.round(value)));
}

function marketKey(projectType: string, vintage: number): string {
  return `${projectType}|${vintage}`;
}

function mitigationOf(projectType: CreditProjectType): MitigationKind {
  return projectTypeMitigation[projectType];
}

interface Draft {
  readonly type: SuggestionType;
  readonly title: string;
  readonly priority: SuggestionPriority;
  readonly description: string;
  readonly reasoning: string;
  readonly expectedImpact: string;
  readonly actions: readonly RecommendedAction[];
  readonly riskScore: number;
}

/** The price an order is placed at, and where it comes from, for the reasoning. */
function orderPrice(market: OptimizerMarket, side: OrderSide): { price: number; basis: string } {
  if (side === 'buy' && market.bestAsk !== null) return { price: market.bestAsk, basis: 'best open ask' };
  if (side === 'sell' && market.bestBid !== null) return { price: market.bestBid, basis: 'best open bid' };
  if (market.lastPrice !== null) return { price: market.lastPrice, basis: 'last trade' };
  return { price: market.referencePrice, basis: 'reference price, never traded' };
}

function action(side: OrderSide, market: OptimizerMarket, amount: number, price: number): RecommendedAction {
  const verb = side === 'buy' ? 'Buy' : 'Sell';
  return {
    action: `${verb} ${formatCredits(amount)} ${market.projectType} ${market.vintage} credits at $${money(price)}`,
    side,
    projectType: market.projectType,
    vintage: market.vintage,
    amount,
    price: money(price),
  };
}

/** The market a buy goes to: the most recent vintage not after `year`, then the deepest asks, then the cheapest. */
function pickBuyMarket(candidates: readonly OptimizerMarket[], year: number): OptimizerMarket | undefined {
  return [...candidates]
    .filter((market) => market.vintage <= year)
    .sort(
      (a, b) =>
        b.vintage - a.vintage ||
        b.askDepth - a.askDepth ||
        orderPrice(a, 'buy').price - orderPrice(b, 'buy').price ||
        a.projectType.localeCompare(b.projectType),
    )[0];
}

export class PortfolioFacts {
  readonly total: number;
  readonly totalValue: number;
  readonly markets: ReadonlyMap<string, OptimizerMarket>;

  constructor(readonly input: OptimizerInput) {
    this.total = input.holdings.reduce((sum, holding) => sum + holding.quantity, 0);
    this.totalValue = input.holdings.reduce((sum, holding) => sum + holding.quantity * holding.price, 0);
    this.markets = new Map(input.markets.map((market) => [marketKey(market.projectType, market.vintage), market]));
  }

  /** The market's facts; a market the log never saw has no book and only its reference price. */
  marketOf(holding: { projectType: CreditProjectType; vintage: number }): OptimizerMarket {
    return (
      this.markets.get(marketKey(holding.projectType, holding.vintage)) ?? {
        projectType: holding.projectType,
        vintage: holding.vintage,
        lastPrice: null,
        referencePrice: Number(portfolioReferencePrices[holding.projectType]),
        bestAsk: null,
        askDepth: 0,
        bestBid: null,
        bidDepth: 0,
        volatility: null,
      }
    );
  }

  /** Share of value priced by real trades, 0-1. */
  tradedShare(): number {
    if (this.totalValue <= 0) return 0;
    const traded = this.input.holdings
      .filter((holding) => holding.priceSource === 'last-trade')
      .reduce((sum, holding) => sum + holding.quantity * holding.price, 0);
    return traded / this.totalValue;
  }
}

/** Oxford Offsetting Principles (2024): shift from reductions to removals, and to durable storage. */
export function removalShift(facts: PortfolioFacts): Draft | undefined {
  const { riskProfile, year, holdings } = facts.input;
  const total = facts.total;
  if (total <= 0) return undefined;
  const removals = holdings.filter((holding) => mitigationOf(holding.projectType) === 'removal').reduce((sum, holding) => sum + holding.quantity, 0);
  const share = (removals / total) * 100;
  const target = removalTarget(riskProfile, year);
  if (share >= target) return undefined;
  const candidates = facts.input.markets.filter((market) => mitigationOf(market.projectType) === 'removal');
  const market = pickBuyMarket(candidates, year) ?? facts.marketOf({ projectType: 'Forestry', vintage: year });
  const fraction = target / 100;
  const amount = Math.max(1, Math.ceil((fraction * total - removals) / (1 - fraction)));
  const { price, basis } = orderPrice(market, 'buy');
  const newShare = ((removals + amount) / (total + amount)) * 100;
  const gap = target - share;
  return {
    type: 'removal_shift',
    title: 'Shift toward carbon removals',
    priority: priorityFor(gap),
    description: `Your portfolio is mostly emission reductions. Buy ${formatCredits(amount)} t of ${market.projectType} removals to meet the ${riskProfile} removal target.`,
    reasoning:
      `Removals are ${formatPercent(share)} of ${formatCredits(total)} t; a ${riskProfile} profile in ${year} targets ≥ ${target}%. ` +
      `The revised Oxford Offsetting Principles ask offsetters to shift from emission reductions to removals over time. ` +
      `Buying x t of removals reaches the target when (${formatCredits(removals)} + x) / (${formatCredits(total)} + x) ≥ ${target}%, so x = ${formatCredits(amount)} ` +
      `at $${money(price)} (${basis}). None of the listed project types stores carbon durably (geological or mineral storage); ` +
      `${market.projectType} is nature-based storage with reversal risk, so the durable share stays 0%.`,
    expectedImpact: `Removals rise from ${formatPercent(share)} to ${formatPercent(newShare)} of ${formatCredits(total + amount)} t for about $${dollars(amount * price)}.`,
    actions: [action('buy', market, amount, price)],
    riskScore: clampScore((gap / target) * 100),
  };
}

/** Old vintages carry more integrity risk (ICVCM, CORSIA eligibility windows) and sell at a discount. */
export function vintageAge(facts: PortfolioFacts): Draft | undefined {
  const { riskProfile, year, holdings } = facts.input;
  const total = facts.total;
  if (total <= 0) return undefined;
  const cutoff = year - MAX_VINTAGE_AGE;
  const old = holdings.filter((holding) => holding.vintage < cutoff).sort((a, b) => a.vintage - b.vintage || a.projectType.localeCompare(b.projectType));
  const oldTotal = old.reduce((sum, holding) => sum + holding.quantity, 0);
  const share = (oldTotal / total) * 100;
  const limit = profileLimits[riskProfile].oldVintageMax;
  if (share <= limit) return undefined;
  const fraction = limit / 100;
  let toSell = Math.ceil((oldTotal - fraction * total) / (1 - fraction));
  const actions: RecommendedAction[] = [];
  let sold = 0;
  for (const holding of old) {
    if (toSell <= 0 || actions.length >= 3) break;
    const amount = Math.min(toSell, holding.tradable);
    if (amount <= 0) continue;
    const market = facts.marketOf(holding);
    actions.push(action('sell', market, amount, orderPrice(market, 'sell').price));
    toSell -= amount;
    sold += amount;
  }
  if (sold === 0) return undefined;
  const largest = old.reduce((best, holding) => (holding.quantity > best.quantity ? holding : best), old[0]!);
  const recent =
    pickBuyMarket(
      facts.input.markets.filter((market) => market.projectType === largest.projectType && market.vintage >= cutoff),
      year,
    ) ?? facts.marketOf({ projectType: largest.projectType, vintage: year });
  const buyPrice = orderPrice(recent, 'buy').price;
  actions.push(action('buy', recent, sold, buyPrice));
  const newShare = ((oldTotal - sold) / total) * 100;
  return {
    type: 'vintage_age',
    title: 'Replace old vintages',
    priority: priorityFor(share - limit),
    description: `${formatCredits(oldTotal)} t of your credits are vintages before ${cutoff}. Sell ${formatCredits(sold)} t and buy recent ${recent.projectType} ${recent.vintage} credits instead.`,
    reasoning:
      `Vintages before ${cutoff} (older than ${MAX_VINTAGE_AGE} years in ${year}) are ${formatPercent(share)} of ${formatCredits(total)} t; ` +
      `a ${riskProfile} profile keeps them ≤ ${limit}%. Older vintages face stricter buyer and scheme scrutiny (ICVCM, CORSIA eligibility) and trade at a discount. ` +
      `Selling ${formatCredits(sold)} t of the oldest vintages and buying the same amount of ${recent.vintage} keeps the volume at ${formatCredits(total)} t.`,
    expectedImpact: `Old vintages fall from ${formatPercent(share)} to ${formatPercent(newShare)} of the portfolio.`,
    actions,
    riskScore: clampScore(share),
  };
}

/** Too much value in one project type: one methodology's downgrade or price fall hits everything. */
export function concentration(facts: PortfolioFacts): Draft | undefined {
  const { riskProfile, year, holdings } = facts.input;
  if (facts.totalValue <= 0) return undefined;
  const byType = new Map<CreditProjectType, number>();
  for (const holding of holdings) byType.set(holding.projectType, (byType.get(holding.projectType) ?? 0) + holding.quantity * holding.price);
  const shares = [...byType.entries()]
    .map(([type, value]) => ({ type, share: (value / facts.totalValue) * 100 }))
    .sort((a, b) => b.share - a.share || a.type.localeCompare(b.type));
  const top = shares[0]!;
  const limit = profileLimits[riskProfile].concentrationMax;
  if (top.share <= limit) return undefined;
  const hhi = shares.reduce((sum, entry) => sum + (entry.share / 100) ** 2, 0);
  const sellFrom = holdings
    .filter((holding) => holding.projectType === top.type && holding.tradable > 0)
    .sort((a, b) => b.tradable - a.tradable || b.vintage - a.vintage)[0];
  if (!sellFrom) return undefined;
  const sellMarket = facts.marketOf(sellFrom);
  const sellPrice = orderPrice(sellMarket, 'sell').price;
  const excessValue = ((top.share - limit) / 100) * facts.totalValue;
  const sellAmount = Math.min(sellFrom.tradable, Math.max(1, Math.ceil(excessValue / Math.max(sellPrice, 0.01))));
  const buyMarket =
    pickBuyMarket(
      facts.input.markets.filter((market) => market.projectType !== top.type && mitigationOf(market.projectType) === 'removal'),
      year,
    ) ??
    pickBuyMarket(
      facts.input.markets.filter((market) => market.projectType !== top.type),
      year,
    ) ??
    facts.marketOf({ projectType: top.type === 'Forestry' ? 'Reforestation' : 'Forestry', vintage: year });
  const buyPrice = orderPrice(buyMarket, 'buy').price;
  const buyAmount = Math.max(1, Math.floor((sellAmount * sellPrice) / Math.max(buyPrice, 0.01)));
  const volatility = sellMarket.volatility;
  const volatilityText =
    volatility === null
      ? `${top.type} ${sellFrom.vintage} has too few closes for a volatility figure.`
      : `${top.type} ${sellFrom.vintage} moved with ${formatPercent(volatility)} annualised volatility over its last 30 closes.`;
  return {
    type: 'concentration',
    title: `Reduce concentration in ${top.type}`,
    priority: priorityFor(top.share - limit),
    description: `${top.type} is ${formatPercent(top.share)} of your portfolio's value. Move part of it into ${buyMarket.projectType}.`,
    reasoning:
      `${top.type} is ${formatPercent(top.share)} of $${dollars(facts.totalValue)}; a ${riskProfile} profile keeps one project type ≤ ${limit}%. ` +
      `The Herfindahl index of project types is ${hhi.toFixed(2)} (1.00 is a single type). ${volatilityText} ` +
      `Selling ${formatCredits(sellAmount)} t at $${money(sellPrice)} frees $${dollars(sellAmount * sellPrice)}, which buys ${formatCredits(buyAmount)} t of ${buyMarket.projectType} ${buyMarket.vintage} at $${money(buyPrice)}.`,
    expectedImpact: `${top.type} falls to about ${formatPercent(Math.max(0, top.share - ((sellAmount * sellPrice) / facts.totalValue) * 100))} of value.`,
    actions: [action('sell', sellMarket, sellAmount, sellPrice), action('buy', buyMarket, buyAmount, buyPrice)],
    riskScore: clampScore(hhi * 70 + Math.min(volatility ?? 0, 100) * 0.3),
  };
}

/** Holdings the open bids cannot absorb: offering part of them now lets buyers find them. */
export function liquidity(facts: PortfolioFacts): Draft | undefined {
  const { riskProfile, holdings } = facts.input;
  const total = facts.total;
  if (total <= 0) return undefined;
  const exposures = holdings.map((holding) => {
    const market = facts.marketOf(holding);
    return { holding, market, illiquid: Math.max(0, holding.quantity - market.bidDepth) };
  });
  const illiquid = exposures.reduce((sum, exposure) => sum + exposure.illiquid, 0);
  const share = (illiquid / total) * 100;
  const limit = profileLimits[riskProfile].illiquidMax;
  if (share <= limit) return undefined;
  const worst = exposures
    .filter((exposure) => exposure.holding.tradable > 0 && exposure.illiquid > 0)
    .sort((a, b) => b.illiquid - a.illiquid || a.holding.projectType.localeCompare(b.holding.projectType))[0];
  if (!worst) return undefined;
  const amount = Math.min(worst.holding.tradable, worst.illiquid, Math.max(1, Math.ceil(((share - limit) / 100) * total)));
  const price = worst.market.lastPrice ?? worst.market.referencePrice;
  return {
    type: 'liquidity',
    title: `Offer illiquid ${worst.holding.projectType} credits`,
    priority: priorityFor(share - limit),
    description: `Open bids cannot absorb ${formatCredits(illiquid)} t of your credits. Place a resting sell order so buyers can find part of them.`,
    reasoning:
      `Open bids cover ${formatCredits(total - illiquid)} of ${formatCredits(total)} t you hold, so ${formatPercent(share)} could not be sold today; ` +
      `a ${riskProfile} profile keeps that ≤ ${limit}%. The largest gap is ${worst.holding.projectType} ${worst.holding.vintage}: ` +
      `${formatCredits(worst.holding.quantity)} t held against ${formatCredits(worst.market.bidDepth)} t of open bids.`,
    expectedImpact: `${formatCredits(amount)} t offered on the ${worst.holding.projectType} ${worst.holding.vintage} book at $${money(price)}.`,
    actions: [action('sell', worst.market, amount, price)],
    riskScore: clampScore(share),
  };
}

/** Confidence: how much of the valuation and of the recommended prices rest on the log's own prices. */
function confidenceFor(facts: PortfolioFacts, draft: Draft): number {
  const priced = draft.actions.filter((recommended) => {
    const market = facts.markets.get(marketKey(recommended.projectType, recommended.vintage));
    return market !== undefined && (market.lastPrice !== null || market.bestAsk !== null || market.bestBid !== null);
  }).length;
  const pricedShare = draft.actions.length === 0 ? 0 : priced / draft.actions.length;
  return clampScore(40 + 40 * facts.tradedShare() + 20 * pricedShare);
}

/** The same suggestion is the same type and the same orders, whatever its place in the list. */
export function suggestionKeyOf(type: SuggestionType, actions: readonly RecommendedAction[]): string {
  const orders = actions.map(({ side, projectType, vintage, amount, price }) => ({ side, projectType, vintage, amount, price }));
  return createHash('sha256').update(canonicalJson({ type, orders })).digest('hex');
}

export function optimizePortfolio(input: OptimizerInput): SuggestionView[] {
  const facts = new PortfolioFacts(input);
  const drafts = [removalShift(facts), vintageAge(facts), concentration(facts), liquidity(facts)].filter(
    (draft): draft is Draft => draft !== undefined && draft.actions.length > 0,
  );
  drafts.sort((a, b) => priorityRank[a.priority] - priorityRank[b.priority] || b.riskScore - a.riskScore || typeRank[a.type] - typeRank[b.type]);
  return drafts.map((draft) => ({
    id: suggestionIdOf(suggestionKeyOf(draft.type, draft.actions)),
    title: draft.title,
    priority: draft.priority,
    type: draft.type,
    confidenceScore: confidenceFor(facts, draft),
    description: draft.description,
    reasoning: draft.reasoning,
    expectedImpact: draft.expectedImpact,
    recommendedActions: [...draft.actions],
    riskScore: draft.riskScore,
  }));
}
