import { buyHoldCents, centsToPrice, fillCash, type OrderSide, type SerialRange, type TradeCash } from '@carbon-ledger/contracts';
import type { DecideContext } from '../market-commands.js';
import { type CreditMarketEvent, type CreditMarketState, type OrderState, takeAfter, takeSerials } from '../market-state.js';

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
}

/**
 * Matches an incoming order against the book: price-time priority, maker's price. Returns its
 * trades, then, when the next order it would trade with is the owner's own, the cancel of its
 * remainder (self-trade prevention, FIX cancel-newest, docs/self-trade-prevention.md), so no
 * order ever rests crossing another. What a resting order may trade with is decided here alone.
 */
export function matchOrder(incoming: IncomingOrder, state: CreditMarketState, context: DecideContext): CreditMarketEvent[] {
  const at = context.now.toISOString();
  const events: CreditMarketEvent[] = [];
  let remaining = incoming.amount;
  let escrow = incoming.reserved;
  let matchedCents = 0;
  const book = incoming.side === 'buy' ? state.asks : state.bids;
  for (const resting of book) {
    if (remaining === 0 || !crosses(incoming, resting)) break;
    if (resting.ownerId === incoming.ownerId) {
      // A funded buy's unspent hold goes back with its remainder, as on any cancel.
      const releasedCents = incoming.side === 'buy' && incoming.funded ? buyHoldCents(remaining, incoming.limitCents, matchedCents) : undefined;
      events.push(cancelSelfTrade(incoming, remaining, escrow, resting, at, releasedCents));
      break;
    }
    const quantity = Math.min(remaining, resting.remaining);
    let ranges: SerialRange[];
    if (incoming.side === 'sell') {
      ranges = takeSerials(escrow, quantity);
      escrow = takeAfter(escrow, quantity);
    } else {
      ranges = takeSerials(resting.reserved, quantity);
    }
    const cash = tradeCash(incoming, remaining, matchedCents, resting, quantity);
    if (cash && incoming.side === 'buy') matchedCents += cash.notionalCents;
    events.push(orderMatch(incoming, resting, quantity, ranges, cash, context, at));
    remaining -= quantity;
  }
  return events;
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
