import { buyHoldCents, centsToPrice, type CreditLabel, fillCash, type OrderSide, type SerialRange, type TradeCash } from '@carbon-ledger/contracts';
import type { DecideContext } from '../market-commands.js';
import { type CreditMarketEvent, type CreditMarketState, type OrderState, takeSerials, withoutRanges } from '../market-state.js';
import { totalSize } from '../serial-ranges.js';

/** The labels of the market's batches as the command was given them; none given: no batch counts as labelled. */
export type BatchLabelLookup = ReadonlyMap<string, readonly CreditLabel[]> | undefined;

/** An order being placed, as matching sees it: what it may still trade and what pays for it. */
export interface IncomingOrder {
  readonly orderId: string;
  readonly ownerId: string;
  readonly side: OrderSide;
  readonly limitCents: number;
  readonly amount: number;
  /** A sell order's escrowed serials, traded from the front. */
  readonly reserved: readonly SerialRange[];
  /** A buy order paid for by a reservation: its trades post cash. */
  readonly funded: boolean;
  /** A buy order for labelled credits: the labels every serial it takes must carry. */
  readonly labels?: readonly CreditLabel[] | undefined;
}

/**
 * Matches an incoming order against the book: price-time priority, maker's price. Returns its
 * trades, then, when the next order it would trade with is the owner's own, the cancel of its
 * remainder (self-trade prevention, FIX cancel-newest, docs/self-trade-prevention.md), so no
 * order ever rests crossing another. What a resting order may trade with is decided here alone.
 *
 * A labelled bid (docs/credit-use.md, "Bids for labelled credits") trades only the serials of the
 * ask that come from batches carrying all its labels, wherever they sit in the ask's escrow; a pair
 * with none such does not trade, and the match moves on to the next order in priority. So a labelled
 * bid may rest at a price above an ask whose serials lack its labels: that book is not crossed for it.
 */
export function matchOrder(incoming: IncomingOrder, state: CreditMarketState, context: DecideContext, batchLabels: BatchLabelLookup): CreditMarketEvent[] {
  const at = context.now.toISOString();
  const events: CreditMarketEvent[] = [];
  let remaining = incoming.amount;
  let escrow = incoming.reserved;
  let matchedCents = 0;
  const book = incoming.side === 'buy' ? state.asks : state.bids;
  for (const resting of book) {
    if (remaining === 0 || !crosses(incoming, resting)) break;
    const offered = incoming.side === 'sell' ? escrow : resting.reserved;
    const wanted = incoming.side === 'buy' ? incoming.labels : resting.labels;
    const tradable = wanted && wanted.length > 0 ? carrying(offered, wanted, batchLabels) : offered;
    if (tradable.length === 0) continue;
    if (resting.ownerId === incoming.ownerId) {
      // A funded buy's unspent hold goes back with its remainder, as on any cancel.
      const releasedCents = incoming.side === 'buy' && incoming.funded ? buyHoldCents(remaining, incoming.limitCents, matchedCents) : undefined;
      events.push(cancelSelfTrade(incoming, remaining, escrow, resting, at, releasedCents));
      break;
    }
    const quantity = Math.min(remaining, resting.remaining, tradable === offered ? Infinity : totalSize(tradable));
    const ranges = takeSerials(tradable, quantity);
    if (incoming.side === 'sell') escrow = withoutRanges(escrow, ranges);
    const cash = tradeCash(incoming, remaining, matchedCents, resting, quantity);
    if (cash && incoming.side === 'buy') matchedCents += cash.notionalCents;
    events.push(orderMatch(incoming, resting, quantity, ranges, cash, context, at));
    remaining -= quantity;
  }
  return events;
}

/**
 * Whether an order of this side and limit could meet a labelled bid: it is one, or it is a sell that
 * crosses one resting on the book. Only then does its command need the market's batch labels.
 */
export function mayMeetLabelledBid(state: CreditMarketState, side: OrderSide, limitCents: number, labelled: boolean): boolean {
  if (labelled) return true;
  if (side === 'buy') return false;
  for (const bid of state.bids) {
    if (bid.priceCents < limitCents) return false;
    if (bid.labels && bid.labels.length > 0) return true;
  }
  return false;
}

/** The serials of a list that come from batches carrying every label wanted. */
function carrying(ranges: readonly SerialRange[], wanted: readonly CreditLabel[], batchLabels: BatchLabelLookup): readonly SerialRange[] {
  if (!batchLabels) return [];
  return ranges.filter((range) => {
    const labels = batchLabels.get(range.batchId);
    return labels !== undefined && wanted.every((label) => labels.includes(label));
  });
}

function crosses(incoming: IncomingOrder, resting: OrderState): boolean {
  return incoming.side === 'buy' ? resting.priceCents <= incoming.limitCents : resting.priceCents >= incoming.limitCents;
}

/** What a fill posts of the buyer's reservation, when the buy order of the two is funded. */
function tradeCash(incoming: IncomingOrder, remaining: number, matchedCents: number, resting: OrderState, quantity: number): TradeCash | undefined {
  if (incoming.side === 'buy' && incoming.funded) {
    return fillCash({ limitCents: incoming.limitCents, remaining, matchedNotionalCents: matchedCents }, quantity, resting.priceCents);
  }
  if (incoming.side === 'sell' && resting.funding) {
    return fillCash(
      { limitCents: resting.priceCents, remaining: resting.remaining, matchedNotionalCents: resting.funding.matchedNotionalCents },
      quantity,
      resting.priceCents,
    );
  }
  return undefined;
}

function orderMatch(
  incoming: IncomingOrder,
  resting: OrderState,
  quantity: number,
  ranges: SerialRange[],
  cash: TradeCash | undefined,
  context: DecideContext,
  at: string,
): CreditMarketEvent {
  const [buy, sell] = incoming.side === 'buy' ? [incoming, resting] : [resting, incoming];
  return {
    type: 'TradeExecuted',
    data: {
      tradeId: context.newId(`trade:${resting.orderId}`),
      kind: 'order-match',
      projectType: context.market.projectType,
      vintage: context.market.vintage,
      buyOrderId: buy.orderId,
      sellOrderId: sell.orderId,
      aggressor: incoming.side,
      buyerAccountId: buy.ownerId,
      sellerAccountId: sell.ownerId,
      quantity,
      price: centsToPrice(resting.priceCents),
      ranges,
      settlement: { status: 'pending' },
      ...(cash ? { cash } : {}),
      executedAt: at,
    },
  };
}

function cancelSelfTrade(
  incoming: IncomingOrder,
  remaining: number,
  escrow: readonly SerialRange[],
  resting: OrderState,
  at: string,
  releasedCents: number | undefined,
): CreditMarketEvent {
  return {
    type: 'OrderCancelled',
    data: {
      orderId: incoming.orderId,
      cancelledBy: incoming.ownerId,
      remaining,
      ...(incoming.side === 'sell' ? { released: [...escrow] } : {}),
      selfTradeWith: { orderId: resting.orderId, side: resting.side, price: centsToPrice(resting.priceCents) },
      ...(releasedCents === undefined ? {} : { releasedCents }),
      cancelledAt: at,
    },
  };
}
