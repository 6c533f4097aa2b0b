import { priceToCents, type SerialRange, VAULT_ACCOUNT_ID } from '@carbon-ledger/contracts';
import { type CreditMarketEvent, type CreditMarketState, type OrderState, withoutRanges } from './market-state.js';
import { addRanges, insertRange, type Range, removeRanges } from './serial-ranges.js';

type EventOf<T extends CreditMarketEvent['type']> = Extract<CreditMarketEvent, { readonly type: T }>;
/** Folds one event of its type into the state, in place. */
type Evolve<T extends CreditMarketEvent['type']> = (state: CreditMarketState, event: EventOf<T>) => void;

const evolveCreditsIssued: Evolve<'CreditsIssued'> = (state, { data }) => {
  state.batches.set(data.batchId, {
    batchId: data.batchId,
    seq: state.seq,
    projectName: data.projectName,
    quantity: data.quantity,
    serialPrefix: data.serialPrefix,
    nftId: data.nftId,
    settled: new Set(),
  });
  moveIn(state, data.accountId, [{ batchId: data.batchId, start: 1, end: data.quantity }]);
};

const evolveOrderPlaced: Evolve<'OrderPlaced'> = (state, { data }) => {
  const order: OrderState = {
    orderId: data.orderId,
    ownerId: data.ownerId,
    side: data.side,
    priceCents: priceToCents(data.price),
    amount: data.amount,
    remaining: data.amount,
    seq: state.seq,
    status: 'pending',
    placedAt: data.placedAt,
    reserved: data.reserved ?? [],
    ...(data.funding ? { funding: { reservationId: data.funding.reservationId, matchedNotionalCents: 0 } } : {}),
    ...(data.labels ? { labels: data.labels } : {}),
  };
  if (data.reserved) moveOut(state, data.ownerId, data.reserved);
  state.orders.set(order.orderId, order);
  (order.side === 'buy' ? state.bids : state.asks).insert(order);
};

const evolveTradeExecuted: Evolve<'TradeExecuted'> = (state, { data }) => {
  // An accepted offer's serials come out of its escrow, not the seller's tradable holding.
  if (data.offerId !== undefined) state.offers.delete(data.offerId);
  else if (data.kind === 'direct' || data.kind === 'xrpl-amm') {
    moveOut(state, data.sellerAccountId, data.ranges);
  }
  for (const orderId of [data.buyOrderId, data.sellOrderId]) {
    const order = orderId ? state.orders.get(orderId) : undefined;
    if (!order) continue;
    const remaining = order.remaining - data.quantity;
    replaceOrder(state, {
      ...order,
      remaining,
      status: remaining === 0 ? 'completed' : 'partially_filled',
      reserved: order.side === 'sell' ? withoutRanges(order.reserved, data.ranges) : order.reserved,
      ...(order.funding && data.cash
        ? { funding: { ...order.funding, matchedNotionalCents: order.funding.matchedNotionalCents + data.cash.notionalCents } }
        : {}),
    });
  }
  moveIn(state, data.buyerAccountId, data.ranges);
};

const evolveOrderCancelled: Evolve<'OrderCancelled'> = (state, { data }) => {
  const order = state.orders.get(data.orderId);
  if (!order) return;
  if (data.released && data.released.length > 0) moveIn(state, order.ownerId, data.released);
  replaceOrder(state, { ...order, status: 'cancelled', reserved: [] });
};

const evolveCreditsRetired: Evolve<'CreditsRetired'> = (state, { data }) => {
  moveOut(state, data.accountId, data.ranges);
  addPerBatch(state.retired, data.ranges);
};

const evolveCreditsCancelled: Evolve<'CreditsCancelled'> = (state, { data }) => {
  moveOut(state, data.accountId, data.ranges);
  addPerBatch(state.cancelled, data.ranges);
};

const evolveCreditsTokenized: Evolve<'CreditsTokenized'> = (state, { data }) => {
  moveOut(state, data.accountId, data.ranges);
  moveIn(state, VAULT_ACCOUNT_ID, data.ranges);
};

const evolveCreditsRedeemed: Evolve<'CreditsRedeemed'> = (state, { data }) => {
  moveOut(state, VAULT_ACCOUNT_ID, data.ranges);
  moveIn(state, data.accountId, data.ranges);
};

const evolveDirectTradeOffered: Evolve<'DirectTradeOffered'> = (state, { data }) => {
  moveOut(state, data.sellerAccountId, data.ranges);
  state.offers.set(data.offerId, {
    offerId: data.offerId,
    batchId: data.batchId,
    sellerAccountId: data.sellerAccountId,
    buyerAccountId: data.buyerAccountId,
    quantity: data.quantity,
    price: data.price,
    ranges: data.ranges,
    expiresAt: data.expiresAt,
  });
};

const evolveDirectTradeOfferWithdrawn: Evolve<'DirectTradeOfferWithdrawn'> = (state, { data }) => {
  const offer = state.offers.get(data.offerId);
  if (!offer) return;
  state.offers.delete(offer.offerId);
  moveIn(state, offer.sellerAccountId, data.released);
};

const evolveXrplSettlementRecorded: Evolve<'XrplSettlementRecorded'> = (state, { data }) => {
  const batch = state.batches.get(data.batchId);
  if (!batch) return;
  const settled = new Set(batch.settled).add(`${data.subject}:${data.subjectId}`);
  state.batches.set(data.batchId, { ...batch, settled, nftId: batch.nftId ?? data.nftId });
};

/** One evolve per event type; the mapped type makes a new event type a compile error until it is folded. */
const evolvers: { readonly [T in CreditMarketEvent['type']]: Evolve<T> } = {
  CreditsIssued: evolveCreditsIssued,
  OrderPlaced: evolveOrderPlaced,
  TradeExecuted: evolveTradeExecuted,
  OrderCancelled: evolveOrderCancelled,
  CreditsRetired: evolveCreditsRetired,
  CreditsCancelled: evolveCreditsCancelled,
  CreditsTokenized: evolveCreditsTokenized,
  CreditsRedeemed: evolveCreditsRedeemed,
  DirectTradeOffered: evolveDirectTradeOffered,
  DirectTradeOfferWithdrawn: evolveDirectTradeOfferWithdrawn,
  XrplSettlementRecorded: evolveXrplSettlementRecorded,
};

/** Folds one event into the state, in place; returns the same state. */
export function evolveCreditMarket(state: CreditMarketState, event: CreditMarketEvent): CreditMarketState {
  state.seq += 1;
  // The table pairs each type with its evolve; TypeScript cannot correlate the lookup with the event's own type.
  (evolvers[event.type] as Evolve<CreditMarketEvent['type']>)(state, event);
  return state;
}

/** The orders an event may close, as the state holds them before it is folded. */
export function ordersItMayClose(state: CreditMarketState, event: CreditMarketEvent): OrderState[] {
  const ids = event.type === 'TradeExecuted' ? [event.data.buyOrderId, event.data.sellOrderId] : event.type === 'OrderCancelled' ? [event.data.orderId] : [];
  return ids.flatMap((id) => {
    const order = id ? state.orders.get(id) : undefined;
    return order ? [order] : [];
  });
}

function moveIn(state: CreditMarketState, accountId: string, ranges: readonly SerialRange[]): void {
  let byBatch = state.tradable.get(accountId);
  if (!byBatch) {
    byBatch = new Map();
    state.tradable.set(accountId, byBatch);
  }
  for (const range of ranges) {
    const held = byBatch.get(range.batchId);
    if (held) insertRange(held, range);
    else byBatch.set(range.batchId, [range]);
  }
}

function moveOut(state: CreditMarketState, accountId: string, ranges: readonly SerialRange[]): void {
  const byBatch = state.tradable.get(accountId);
  if (!byBatch) throw new Error(`account ${accountId} holds nothing`);
  for (const range of ranges) {
    const left = removeRanges(byBatch.get(range.batchId) ?? [], [range]);
    if (left.length === 0) byBatch.delete(range.batchId);
    else byBatch.set(range.batchId, left);
  }
  if (byBatch.size === 0) state.tradable.delete(accountId);
}

/** Serials out of circulation (retired, cancelled), per batch. */
function addPerBatch(perBatch: Map<string, Range[]>, ranges: readonly SerialRange[]): void {
  for (const range of ranges) perBatch.set(range.batchId, addRanges(perBatch.get(range.batchId) ?? [], [range]));
}

function replaceOrder(state: CreditMarketState, next: OrderState): void {
  const open = next.status === 'pending' || next.status === 'partially_filled';
  // A closed order leaves the state: no decision reads it again (see CreditMarketState).
  if (open) state.orders.set(next.orderId, next);
  else state.orders.delete(next.orderId);
  (next.side === 'buy' ? state.bids : state.asks).replace(next, open);
}
