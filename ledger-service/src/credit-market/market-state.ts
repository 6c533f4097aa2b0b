import {
  buyHoldCents,
  type CreditEvent,
  type CreditLabel,
  formatSerialRange,
  type OrderEvent,
  type OrderSide,
  type OrderStatus,
  type SerialRange,
  VAULT_ACCOUNT_ID,
} from '@carbon-ledger/contracts';
import { DomainError } from '../shared/domain-error.js';
import { OrderBookSide } from './order-book-side.js';
import { type Range, rangeSize, takeFirst, totalSize } from './serial-ranges.js';

/** Everything recorded in a credit market stream: its batches' serials, its orders and trades. */
export type CreditMarketEvent = CreditEvent | OrderEvent;

export interface BatchState {
  readonly batchId: string;
  readonly seq: number;
  readonly projectName: string;
  readonly quantity: number;
  readonly serialPrefix: string;
  readonly nftId: string | undefined;
  readonly settled: ReadonlySet<string>;
}

export interface OrderState {
  readonly orderId: string;
  readonly ownerId: string;
  readonly side: OrderSide;
  readonly priceCents: number;
  readonly amount: number;
  readonly remaining: number;
  readonly seq: number;
  readonly status: OrderStatus;
  readonly placedAt: string;
  /** Sell orders: escrowed serials not yet traded, consumed from the front (a labelled bid takes those it may). */
  readonly reserved: readonly SerialRange[];
  /** Funded buy orders: the reservation that pays for them and the notional matched so far (its hold follows from both). */
  readonly funding?: { readonly reservationId: string; readonly matchedNotionalCents: number };
  /** Buy orders for labelled credits: they take only serials of batches carrying every one of these. */
  readonly labels?: readonly CreditLabel[];
}

/** An open direct trade offer (docs/funds.md, "Direct trades"): its serials are escrowed until it closes. */
export interface OfferState {
  readonly offerId: string;
  readonly batchId: string;
  readonly sellerAccountId: string;
  readonly buyerAccountId: string;
  readonly quantity: number;
  readonly price: string;
  readonly ranges: readonly SerialRange[];
  readonly expiresAt: string;
}

/**
 * One market (project type + vintage): the registry's serial blocks and the
 * order book. `evolveCreditMarket` updates the state it is given in place (the
 * store owns one copy per stream and folds each event once); `decideCreditMarket`
 * never changes the state.
 *
 * The state holds what a decision needs and nothing that grows with history:
 * open orders only (a filled or cancelled one leaves it), no trade or retirement ids. Order,
 * trade and retirement ids derive from their command's id, so the same id again is that
 * command again, and the log's event-id key answers it as a replay (docs/snapshots.md).
 */
export interface CreditMarketState {
  readonly batches: Map<string, BatchState>;
  /** Tradable serials per account, per batch: sorted, merged. */
  readonly tradable: Map<string, Map<string, Range[]>>;
  readonly retired: Map<string, Range[]>;
  /** Cancelled serials per batch (docs/cancellations-and-reversals.md): out of circulation, never retired. */
  readonly cancelled: Map<string, Range[]>;
  /** Open orders (pending or partially filled), also on `bids` or `asks`. */
  readonly orders: Map<string, OrderState>;
  /** Open buy orders, best (highest price, earliest) first. */
  readonly bids: OrderBookSide<OrderState>;
  /** Open sell orders, best (lowest price, earliest) first. */
  readonly asks: OrderBookSide<OrderState>;
  /** Open direct trade offers (an accepted or withdrawn one leaves the state). */
  readonly offers: Map<string, OfferState>;
  seq: number;
}

export function initialCreditMarketState(): CreditMarketState {
  return {
    batches: new Map(),
    tradable: new Map(),
    retired: new Map(),
    cancelled: new Map(),
    orders: new Map(),
    bids: new OrderBookSide(),
    asks: new OrderBookSide(),
    offers: new Map(),
    seq: 0,
  };
}

export function tradableOf(state: CreditMarketState, accountId: string, batchId?: string): SerialRange[] {
  const byBatch = state.tradable.get(accountId);
  if (!byBatch) return [];
  const batchIds = batchId ? [batchId] : [...byBatch.keys()].sort((a, b) => (state.batches.get(a)?.seq ?? 0) - (state.batches.get(b)?.seq ?? 0));
  return batchIds.flatMap((id) => (byBatch.get(id) ?? []).map((range) => ({ batchId: id, ...range })));
}

/** The first `quantity` serials of a list of batch ranges, in order. */
export function takeSerials(ranges: readonly SerialRange[], quantity: number): SerialRange[] {
  const taken: SerialRange[] = [];
  let left = quantity;
  for (const range of ranges) {
    if (left === 0) break;
    const [first] = takeFirst([range], left);
    if (!first) break;
    taken.push({ batchId: range.batchId, ...first });
    left -= rangeSize(first);
  }
  return taken;
}

/** The serials after the first `quantity` of a list. */
export function takeAfter(ranges: readonly SerialRange[], quantity: number): SerialRange[] {
  const rest: SerialRange[] = [];
  let skip = quantity;
  for (const range of ranges) {
    const size = rangeSize(range);
    if (skip >= size) {
      skip -= size;
      continue;
    }
    rest.push({ batchId: range.batchId, start: range.start + skip, end: range.end });
    skip = 0;
  }
  return rest;
}

/** A list of serials without those taken from it (of any of its batches, anywhere in it), in its order. */
export function withoutRanges(ranges: readonly SerialRange[], taken: readonly SerialRange[]): SerialRange[] {
  let rest = [...ranges];
  for (const cut of taken) {
    const next: SerialRange[] = [];
    for (const range of rest) {
      if (range.batchId !== cut.batchId || cut.end < range.start || cut.start > range.end) {
        next.push(range);
        continue;
      }
      if (range.start < cut.start) next.push({ batchId: range.batchId, start: range.start, end: cut.start - 1 });
      if (cut.end < range.end) next.push({ batchId: range.batchId, start: cut.end + 1, end: range.end });
    }
    rest = next;
  }
  return rest;
}

export function describeRanges(state: CreditMarketState, ranges: readonly SerialRange[]): string[] {
  return ranges.map((range) => formatSerialRange(state.batches.get(range.batchId)?.serialPrefix ?? range.batchId, range.start, range.end));
}

export function requireBatch(state: CreditMarketState, batchId: string): BatchState {
  const batch = state.batches.get(batchId);
  if (!batch) throw new DomainError('NotFound', `No credits found for token ${batchId}`);
  return batch;
}

export function requireOffer(state: CreditMarketState, offerId: string): OfferState {
  const offer = state.offers.get(offerId);
  if (!offer) throw new DomainError('NotFound', 'No open offer with this id (it may have been accepted, declined, cancelled or have expired)');
  return offer;
}

/** The account's first `quantity` tradable serials (of one batch, or of the market's batches in issue order); `what` names them in the refusal. */
export function takeFromAccount(state: CreditMarketState, accountId: string, quantity: number, batchId: string | undefined, what: string): SerialRange[] {
  const held = tradableOf(state, accountId, batchId);
  const available = totalSize(held);
  if (available < quantity) {
    throw new DomainError('Conflict', `Insufficient credits: the account holds ${available} tradable ${what} credits, ${quantity} needed`, {
      available,
      requested: quantity,
    });
  }
  return takeSerials(held, quantity);
}

/** The account's first `quantity` tradable serials of one batch. */
export function takeOfBatch(state: CreditMarketState, accountId: string, quantity: number, batchId: string): SerialRange[] {
  return takeFromAccount(state, accountId, quantity, batchId, batchId);
}

/** What a funded buy order still holds of its reservation (0 for any other order). */
export function orderHoldCents(order: OrderState): number {
  if (!order.funding || (order.status !== 'pending' && order.status !== 'partially_filled')) return 0;
  return buyHoldCents(order.remaining, order.priceCents, order.funding.matchedNotionalCents);
}

/**
 * The registry invariant for every batch: tradable (the vault's included) + escrowed + retired + cancelled = issued,
 * and no serial is in two places. Returns the violations (empty when it holds).
 */
export function registryViolations(state: CreditMarketState): string[] {
  const violations: string[] = [];
  const held = new Map<string, Range[]>();
  const add = (batchId: string, range: Range): void => {
    const list = held.get(batchId) ?? [];
    list.push(range);
    held.set(batchId, list);
  };
  for (const byBatch of state.tradable.values()) for (const [batchId, ranges] of byBatch) for (const range of ranges) add(batchId, range);
  // Only open orders escrow serials, and those are the ones the state holds.
  for (const order of state.orders.values()) for (const range of order.reserved) add(range.batchId, range);
  for (const offer of state.offers.values()) for (const range of offer.ranges) add(range.batchId, range);
  for (const [batchId, ranges] of state.retired) for (const range of ranges) add(batchId, range);
  for (const [batchId, ranges] of state.cancelled) for (const range of ranges) add(batchId, range);
  for (const batch of state.batches.values()) {
    const ranges = (held.get(batch.batchId) ?? []).sort((a, b) => a.start - b.start);
    let next = 1;
    for (const range of ranges) {
      if (range.start < next) violations.push(`${batch.batchId}: serial ${range.start} is in two places`);
      if (range.start > next) violations.push(`${batch.batchId}: serials ${next}-${range.start - 1} are nowhere`);
      next = Math.max(next, range.end + 1);
    }
    if (next !== batch.quantity + 1) violations.push(`${batch.batchId}: holds up to ${next - 1} of ${batch.quantity}`);
  }
  return violations;
}

/** Serials of the market in the vault: the NXCC this market backs. */
export function vaultHolding(state: CreditMarketState): number {
  return totalSize(tradableOf(state, VAULT_ACCOUNT_ID));
}

/** What the market holds of one batch; `tradable` counts the vault's serials too, `inVault` names them apart. */
export function batchSummary(
  state: CreditMarketState,
  batchId: string,
): { tradable: number; inVault: number; reserved: number; retired: number; cancelled: number } {
  let tradable = 0;
  for (const byBatch of state.tradable.values()) tradable += totalSize(byBatch.get(batchId) ?? []);
  const inVault = totalSize(state.tradable.get(VAULT_ACCOUNT_ID)?.get(batchId) ?? []);
  let reserved = 0;
  for (const order of state.orders.values()) reserved += totalSize(order.reserved.filter((range) => range.batchId === batchId));
  for (const offer of state.offers.values()) reserved += totalSize(offer.ranges.filter((range) => range.batchId === batchId));
  return { tradable, inVault, reserved, retired: totalSize(state.retired.get(batchId) ?? []), cancelled: totalSize(state.cancelled.get(batchId) ?? []) };
}
