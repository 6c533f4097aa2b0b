/**
 * The credit market decider as it was before its state forgot closed orders, trade ids and
 * retirements (main at 727c20e, with the vault), frozen as the spec the forgetting
 * decider is checked against: it keeps every order ever placed, every trade id and every
 * retirement's serials. Test-only (outside the build); do not extend it with new commands: it
 * answers the ones it knew. It folds the direct trade offers' events (decided by the forgetting
 * decider alone) so that its holdings stay comparable: an offer's serials sit in its escrow.
 */
import {
  buyHoldCents,
  buyReservationCents,
  centsToPrice,
  type CreditEvent,
  type CreditProjectType,
  type CreditsIssued,
  type CreditsRetired,
  type OffsetType,
  type OrderEvent,
  type OrderFunding,
  type OrderSide,
  type OrderStatus,
  type PlaceOrderRequest,
  priceToCents,
  type RetirementStandard,
  type SerialRange,
  type TradeCash,
  fillCash,
  VAULT_ACCOUNT_ID,
  type XrplSettlementRecorded,
} from '@carbon-ledger/contracts';
import { DomainError } from '../shared/domain-error.js';
import { closedOrderRefusal } from '../credit-market/credit-market.decider.js';
import { OrderBookSide } from '../credit-market/order-book-side.js';
import { addRanges, insertRange, type Range, rangeSize, removeRanges, takeFirst, totalSize } from '../credit-market/serial-ranges.js';

/** The events of a credit market stream this decider knew. */
type MarketEvent = CreditEvent | OrderEvent;

interface BatchState {
  readonly batchId: string;
  readonly seq: number;
  readonly projectName: string;
  readonly quantity: number;
  readonly serialPrefix: string;
  readonly nftId: string | undefined;
  readonly settled: ReadonlySet<string>;
}

export interface FullHistoryOrder {
  readonly orderId: string;
  readonly ownerId: string;
  readonly side: OrderSide;
  readonly priceCents: number;
  readonly amount: number;
  readonly remaining: number;
  readonly seq: number;
  readonly status: OrderStatus;
  readonly placedAt: string;
  /** Sell orders: escrowed serials not yet traded, consumed from the front. */
  readonly reserved: readonly SerialRange[];
  /** The owner's own order that self-trade prevention stopped this one at. */
  readonly selfTradeWith?: { readonly side: OrderSide; readonly price: string };
  /** Funded buy orders: the reservation that pays for them and the notional matched so far (its hold follows from both). */
  readonly funding?: { readonly reservationId: string; readonly matchedNotionalCents: number };
}

/**
 * One market (project type + vintage): the registry's serial blocks and the
 * order book. `evolveFullHistory` updates the state it is given in place (the
 * store owns one copy per stream and folds each event once); `decideFullHistory`
 * never changes the state.
 */
export interface FullHistoryState {
  readonly batches: Map<string, BatchState>;
  /** Tradable serials per account, per batch: sorted, merged. */
  readonly tradable: Map<string, Map<string, Range[]>>;
  readonly retired: Map<string, Range[]>;
  /** Cancelled serials per batch, folded from CreditsCancelled (decided by the current decider alone). */
  readonly cancelled: Map<string, Range[]>;
  readonly orders: Map<string, FullHistoryOrder>;
  /** Open buy orders, best (highest price, earliest) first. */
  readonly bids: OrderBookSide<FullHistoryOrder>;
  /** Open sell orders, best (lowest price, earliest) first. */
  readonly asks: OrderBookSide<FullHistoryOrder>;
  readonly trades: Set<string>;
  /** The serials each retirement took, so a replayed retirement answers with them. */
  readonly retirements: Map<string, readonly SerialRange[]>;
  /** Open direct trade offers, as the forgetting decider's state holds them. */
  readonly offers: Map<string, FullHistoryOffer>;
  seq: number;
}

export interface FullHistoryOffer {
  readonly offerId: string;
  readonly batchId: string;
  readonly sellerAccountId: string;
  readonly buyerAccountId: string;
  readonly quantity: number;
  readonly price: string;
  readonly ranges: readonly SerialRange[];
  readonly expiresAt: string;
}

export function initialFullHistoryState(): FullHistoryState {
  return {
    batches: new Map(),
    tradable: new Map(),
    retired: new Map(),
    cancelled: new Map(),
    orders: new Map(),
    bids: new OrderBookSide(),
    asks: new OrderBookSide(),
    trades: new Set(),
    retirements: new Map(),
    offers: new Map(),
    seq: 0,
  };
}

/** A tokenization into the vault (docs/vault.md); `paymentTxHash` when the NXCC were paid already. */
interface TokenizeInput {
  readonly tokenizationId: string;
  readonly xrplAddress: string;
  readonly requestedBy: string;
  readonly paymentTxHash?: string;
}

export type FullHistoryCommand =
  | {
      readonly type: 'IssueCredits';
      readonly batch: Omit<CreditsIssued['data'], 'issuedAt'>;
      /** The whole batch goes into the vault in the same decision (an issue on /xrpl, the pool's opening deposit). */
      readonly tokenize?: TokenizeInput;
    }
  | ({
      readonly type: 'TokenizeCredits';
      readonly batchId: string;
      readonly accountId: string;
      readonly quantity: number;
    } & TokenizeInput)
  | {
      readonly type: 'RedeemCredits';
      readonly redemptionId: string;
      readonly accountId: string;
      readonly xrplAddress: string;
      readonly quantity: number;
      /** Serials of this batch first, then the market's other vault batches. */
      readonly batchId?: string;
      readonly reason: 'redeemed' | 'payment-refused';
      readonly burnTxHash?: string;
      readonly tokenizationId?: string;
    }
  | {
      readonly type: 'PlaceOrder';
      readonly orderId: string;
      readonly ownerId: string;
      readonly order: PlaceOrderRequest;
      /** A buy order's reservation, already recorded in the owner's cash stream. */
      readonly funding?: OrderFunding;
    }
  | { readonly type: 'CancelOrder'; readonly orderId: string; readonly requestedBy: string; readonly isAdmin: boolean }
  | {
      readonly type: 'TransferCredits';
      readonly tradeId: string;
      readonly batchId: string;
      readonly sellerAccountId: string;
      readonly buyerAccountId: string;
      readonly quantity: number;
      readonly price: string;
    }
  | {
      readonly type: 'RetireCredits';
      readonly retirementId: string;
      readonly batchId: string;
      readonly accountId: string;
      readonly quantity: number;
      readonly beneficiary: string;
      readonly purpose: string;
      readonly standard: RetirementStandard;
      readonly offsetType: OffsetType;
      readonly retiredBy: string;
      readonly burnTxHash?: string;
      readonly nftBurnTxHash?: string;
    }
  | { readonly type: 'RecordXrplSettlement'; readonly settlement: Omit<XrplSettlementRecorded['data'], 'recordedAt'> };

interface DecideContext {
  readonly now: Date;
  /** Deterministic ids derived from the command id (a retry yields the same ids). */
  readonly newId: (purpose: string) => string;
  readonly market: { readonly projectType: CreditProjectType; readonly vintage: number };
}

// ---- reading the state ----

function tradableOf(state: FullHistoryState, accountId: string, batchId?: string): SerialRange[] {
  const byBatch = state.tradable.get(accountId);
  if (!byBatch) return [];
  const batchIds = batchId ? [batchId] : [...byBatch.keys()].sort((a, b) => (state.batches.get(a)?.seq ?? 0) - (state.batches.get(b)?.seq ?? 0));
  return batchIds.flatMap((id) => (byBatch.get(id) ?? []).map((range) => ({ batchId: id, ...range })));
}

/** The first `quantity` serials of a list of batch ranges, in order. */
function takeSerials(ranges: readonly SerialRange[], quantity: number): SerialRange[] {
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

const sizeOf = (ranges: readonly SerialRange[]): number => totalSize(ranges);

function requireBatch(state: FullHistoryState, batchId: string): BatchState {
  const batch = state.batches.get(batchId);
  if (!batch) throw new DomainError('NotFound', `No credits found for token ${batchId}`);
  return batch;
}

function takeFromAccount(state: FullHistoryState, accountId: string, quantity: number, batchId: string | undefined, what: string): SerialRange[] {
  const held = tradableOf(state, accountId, batchId);
  const available = sizeOf(held);
  if (available < quantity) {
    throw new DomainError('Conflict', `Insufficient credits: the account holds ${available} tradable ${what} credits, ${quantity} needed`, {
      available,
      requested: quantity,
    });
  }
  return takeSerials(held, quantity);
}

// ---- deciding ----

export function decideFullHistory(command: FullHistoryCommand, state: FullHistoryState, context: DecideContext): MarketEvent[] {
  const at = context.now.toISOString();
  const marketName = `${context.market.projectType} ${context.market.vintage}`;
  switch (command.type) {
    case 'IssueCredits': {
      const { batch, tokenize } = command;
      if (state.batches.has(batch.batchId)) throw new DomainError('Conflict', `Token ${batch.batchId} was already issued`);
      if (batch.quantity < 1) throw new DomainError('ValidationFailed', 'A batch must hold at least 1 credit');
      const issued: MarketEvent = { type: 'CreditsIssued', data: { ...batch, issuedAt: at } };
      if (!tokenize) return [issued];
      return [issued, tokenized(tokenize, batch.batchId, batch.accountId, [{ batchId: batch.batchId, start: 1, end: batch.quantity }], at)];
    }
    case 'TokenizeCredits': {
      requireBatch(state, command.batchId);
      if (command.accountId === VAULT_ACCOUNT_ID) throw new DomainError('ValidationFailed', 'The vault cannot tokenize its own credits');
      const ranges = takeFromAccount(state, command.accountId, command.quantity, command.batchId, command.batchId);
      return [tokenized(command, command.batchId, command.accountId, ranges, at)];
    }
    case 'RedeemCredits': {
      const preferred = command.batchId ? tradableOf(state, VAULT_ACCOUNT_ID, command.batchId) : [];
      const held = [...preferred, ...tradableOf(state, VAULT_ACCOUNT_ID).filter((range) => range.batchId !== command.batchId)];
      if (sizeOf(held) < command.quantity) {
        throw new DomainError('Conflict', `The vault holds ${sizeOf(held)} ${marketName} credits, ${command.quantity} needed`, {
          available: sizeOf(held),
          requested: command.quantity,
        });
      }
      return [
        {
          type: 'CreditsRedeemed',
          data: {
            redemptionId: command.redemptionId,
            accountId: command.accountId,
            xrplAddress: command.xrplAddress,
            quantity: command.quantity,
            ranges: takeSerials(held, command.quantity),
            reason: command.reason,
            ...(command.burnTxHash ? { burnTxHash: command.burnTxHash } : {}),
            ...(command.tokenizationId ? { tokenizationId: command.tokenizationId } : {}),
            redeemedAt: at,
          },
        },
      ];
    }
    case 'PlaceOrder':
      return placeOrder(command, state, context, marketName);
    case 'CancelOrder': {
      const order = state.orders.get(command.orderId);
      if (!order) throw new DomainError('NotFound', 'Order not found');
      if (order.ownerId !== command.requestedBy && !command.isAdmin) {
        throw new DomainError('Forbidden', 'Only the owner of an order can cancel it');
      }
      // The texts of today's refusals (they now name the order and how it closed); the decision is as it was.
      if (order.status === 'cancelled' || order.status === 'completed') throw closedOrderRefusal(order.orderId, order.status);
      return [
        {
          type: 'OrderCancelled',
          data: {
            orderId: order.orderId,
            cancelledBy: command.requestedBy,
            remaining: order.remaining,
            ...(order.side === 'sell' ? { released: [...order.reserved] } : {}),
            ...(order.funding ? { releasedCents: orderHoldCents(order) } : {}),
            cancelledAt: at,
          },
        },
      ];
    }
    case 'TransferCredits': {
      requireBatch(state, command.batchId);
      if (state.trades.has(command.tradeId)) throw new DomainError('Conflict', 'This trade was already recorded');
      if (command.sellerAccountId === command.buyerAccountId) {
        throw new DomainError('ValidationFailed', 'The buyer account is the seller account; choose another buyer');
      }
      const ranges = takeFromAccount(state, command.sellerAccountId, command.quantity, command.batchId, command.batchId);
      return [
        {
          type: 'TradeExecuted',
          data: {
            tradeId: command.tradeId,
            kind: 'direct',
            projectType: context.market.projectType,
            vintage: context.market.vintage,
            buyOrderId: null,
            sellOrderId: null,
            aggressor: null,
            buyerAccountId: command.buyerAccountId,
            sellerAccountId: command.sellerAccountId,
            quantity: command.quantity,
            price: command.price,
            ranges,
            settlement: { status: 'pending' },
            executedAt: at,
          },
        },
      ];
    }
    case 'RetireCredits': {
      requireBatch(state, command.batchId);
      if (state.retirements.has(command.retirementId)) throw new DomainError('Conflict', 'This retirement was already recorded');
      const ranges = takeFromAccount(state, command.accountId, command.quantity, command.batchId, command.batchId);
      const { type: _type, ...rest } = command;
      return [{ type: 'CreditsRetired', data: { ...rest, ranges, retiredAt: at } }];
    }
    case 'RecordXrplSettlement': {
      const batch = requireBatch(state, command.settlement.batchId);
      // Settling the same subject twice (a reaction delivered again) records nothing new.
      if (batch.settled.has(`${command.settlement.subject}:${command.settlement.subjectId}`)) return [];
      return [{ type: 'XrplSettlementRecorded', data: { ...command.settlement, recordedAt: at } }];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

function tokenized(input: TokenizeInput, batchId: string, accountId: string, ranges: SerialRange[], at: string): MarketEvent {
  return {
    type: 'CreditsTokenized',
    data: {
      tokenizationId: input.tokenizationId,
      batchId,
      accountId,
      xrplAddress: input.xrplAddress,
      quantity: sizeOf(ranges),
      ranges,
      requestedBy: input.requestedBy,
      ...(input.paymentTxHash ? { paymentTxHash: input.paymentTxHash } : {}),
      tokenizedAt: at,
    },
  };
}

function crosses(side: OrderSide, limitCents: number, resting: FullHistoryOrder): boolean {
  return side === 'buy' ? resting.priceCents <= limitCents : resting.priceCents >= limitCents;
}

/**
 * Places an order and matches it against the book: price-time priority, maker's price.
 * Self-trade prevention is FIX cancel-newest (docs/self-trade-prevention.md): when the next
 * order the incoming one would trade with is the owner's own, the incoming order's remainder is
 * cancelled there, so no order ever rests crossing another.
 */
function placeOrder(
  command: Extract<FullHistoryCommand, { type: 'PlaceOrder' }>,
  state: FullHistoryState,
  context: DecideContext,
  marketName: string,
): MarketEvent[] {
  if (state.orders.has(command.orderId)) throw new DomainError('Conflict', 'This order already exists');
  const { order } = command;
  const at = context.now.toISOString();
  const limitCents = priceToCents(order.price);
  const reserved = order.type === 'sell' ? takeFromAccount(state, command.ownerId, order.amount, undefined, marketName) : undefined;
  if (command.funding) checkFunding(command.funding, order.type, order.amount, limitCents);
  const events: MarketEvent[] = [
    {
      type: 'OrderPlaced',
      data: {
        orderId: command.orderId,
        ownerId: command.ownerId,
        side: order.type,
        amount: order.amount,
        price: order.price,
        projectType: order.projectType,
        vintage: order.vintage,
        ...(reserved ? { reserved } : {}),
        ...(command.funding ? { funding: command.funding } : {}),
        placedAt: at,
      },
    },
  ];
  let remaining = order.amount;
  let aggressorReserved: readonly SerialRange[] = reserved ?? [];
  let aggressorMatchedCents = 0;
  const book = order.type === 'buy' ? state.asks : state.bids;
  for (const resting of book) {
    if (remaining === 0 || !crosses(order.type, limitCents, resting)) break;
    if (resting.ownerId === command.ownerId) {
      // A funded buy's unspent hold goes back with its remainder, as on any cancel.
      const releasedCents = order.type === 'buy' && command.funding ? buyHoldCents(remaining, limitCents, aggressorMatchedCents) : undefined;
      events.push(cancelSelfTrade(command, remaining, aggressorReserved, resting, at, releasedCents));
      break;
    }
    const quantity = Math.min(remaining, resting.remaining);
    let ranges: SerialRange[];
    if (order.type === 'sell') {
      ranges = takeSerials(aggressorReserved, quantity);
      aggressorReserved = takeAfter(aggressorReserved, quantity);
    } else {
      ranges = takeSerials(resting.reserved, quantity);
    }
    let cash: TradeCash | undefined;
    if (order.type === 'buy' && command.funding) {
      cash = fillCash({ limitCents, remaining, matchedNotionalCents: aggressorMatchedCents }, quantity, resting.priceCents);
      aggressorMatchedCents += cash.notionalCents;
    } else if (order.type === 'sell' && resting.funding) {
      cash = fillCash(
        { limitCents: resting.priceCents, remaining: resting.remaining, matchedNotionalCents: resting.funding.matchedNotionalCents },
        quantity,
        resting.priceCents,
      );
    }
    const buyer = order.type === 'buy' ? command.ownerId : resting.ownerId;
    const seller = order.type === 'sell' ? command.ownerId : resting.ownerId;
    events.push({
      type: 'TradeExecuted',
      data: {
        tradeId: context.newId(`trade:${resting.orderId}`),
        kind: 'order-match',
        projectType: context.market.projectType,
        vintage: context.market.vintage,
        buyOrderId: order.type === 'buy' ? command.orderId : resting.orderId,
        sellOrderId: order.type === 'sell' ? command.orderId : resting.orderId,
        aggressor: order.type,
        buyerAccountId: buyer,
        sellerAccountId: seller,
        quantity,
        price: centsToPrice(resting.priceCents),
        ranges,
        settlement: { status: 'pending' },
        ...(cash ? { cash } : {}),
        executedAt: at,
      },
    });
    remaining -= quantity;
  }
  return events;
}

function cancelSelfTrade(
  command: Extract<FullHistoryCommand, { type: 'PlaceOrder' }>,
  remaining: number,
  escrow: readonly SerialRange[],
  resting: FullHistoryOrder,
  at: string,
  releasedCents: number | undefined,
): MarketEvent {
  return {
    type: 'OrderCancelled',
    data: {
      orderId: command.orderId,
      cancelledBy: command.ownerId,
      remaining,
      ...(command.order.type === 'sell' ? { released: [...escrow] } : {}),
      selfTradeWith: { orderId: resting.orderId, side: resting.side, price: centsToPrice(resting.priceCents) },
      ...(releasedCents === undefined ? {} : { releasedCents }),
      cancelledAt: at,
    },
  };
}

/** What the owner is told when self-trade prevention cancelled part of an order; undefined otherwise. */
export function fullHistorySelfTradeNote(state: FullHistoryState, orderId: string): string | undefined {
  const order = state.orders.get(orderId);
  if (!order?.selfTradeWith) return undefined;
  return `${order.remaining} not filled: your own ${order.selfTradeWith.side} order at ${order.selfTradeWith.price}`;
}

/** A buy order's reservation must be what its amount and limit cost with the fee (docs/funds.md). */
function checkFunding(funding: OrderFunding, side: OrderSide, amount: number, limitCents: number): void {
  if (side !== 'buy') throw new DomainError('ValidationFailed', 'Only a buy order is paid for by a reservation');
  const expected = buyReservationCents(amount, limitCents);
  if (funding.reservedCents !== expected) {
    throw new DomainError('ValidationFailed', `The reservation holds ${funding.reservedCents} cents; the order costs ${expected} with the fee`);
  }
}

/** What a funded buy order still holds of its reservation (0 for any other order). */
function orderHoldCents(order: FullHistoryOrder): number {
  if (!order.funding || (order.status !== 'pending' && order.status !== 'partially_filled')) return 0;
  return buyHoldCents(order.remaining, order.priceCents, order.funding.matchedNotionalCents);
}

/** The serials after the first `quantity` of a list. */
function takeAfter(ranges: readonly SerialRange[], quantity: number): SerialRange[] {
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

// ---- evolving ----

function moveIn(state: FullHistoryState, accountId: string, ranges: readonly SerialRange[]): void {
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

function moveOut(state: FullHistoryState, accountId: string, ranges: readonly SerialRange[]): void {
  const byBatch = state.tradable.get(accountId);
  if (!byBatch) throw new Error(`account ${accountId} holds nothing`);
  for (const range of ranges) {
    const left = removeRanges(byBatch.get(range.batchId) ?? [], [range]);
    if (left.length === 0) byBatch.delete(range.batchId);
    else byBatch.set(range.batchId, left);
  }
  if (byBatch.size === 0) state.tradable.delete(accountId);
}

function replaceOrder(state: FullHistoryState, next: FullHistoryOrder): void {
  state.orders.set(next.orderId, next);
  const open = next.status === 'pending' || next.status === 'partially_filled';
  (next.side === 'buy' ? state.bids : state.asks).replace(next, open);
}

/** Folds one event into the state, in place; returns the same state. */
export function evolveFullHistory(state: FullHistoryState, event: MarketEvent): FullHistoryState {
  state.seq += 1;
  switch (event.type) {
    case 'CreditsIssued': {
      const data = event.data;
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
      return state;
    }
    case 'OrderPlaced': {
      const data = event.data;
      const order: FullHistoryOrder = {
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
      };
      if (data.reserved) moveOut(state, data.ownerId, data.reserved);
      state.orders.set(order.orderId, order);
      (order.side === 'buy' ? state.bids : state.asks).insert(order);
      return state;
    }
    case 'TradeExecuted': {
      const data = event.data;
      state.trades.add(data.tradeId);
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
          reserved: order.side === 'sell' ? takeAfter(order.reserved, data.quantity) : order.reserved,
          ...(order.funding && data.cash
            ? { funding: { ...order.funding, matchedNotionalCents: order.funding.matchedNotionalCents + data.cash.notionalCents } }
            : {}),
        });
      }
      moveIn(state, data.buyerAccountId, data.ranges);
      return state;
    }
    case 'OrderCancelled': {
      const order = state.orders.get(event.data.orderId);
      if (!order) return state;
      if (event.data.released && event.data.released.length > 0) moveIn(state, order.ownerId, event.data.released);
      const selfTrade = event.data.selfTradeWith;
      replaceOrder(state, {
        ...order,
        status: 'cancelled',
        reserved: [],
        ...(selfTrade ? { selfTradeWith: { side: selfTrade.side, price: selfTrade.price } } : {}),
      });
      return state;
    }
    case 'CreditsRetired': {
      const data: CreditsRetired['data'] = event.data;
      state.retirements.set(data.retirementId, data.ranges);
      moveOut(state, data.accountId, data.ranges);
      for (const range of data.ranges) {
        state.retired.set(range.batchId, addRanges(state.retired.get(range.batchId) ?? [], [range]));
      }
      return state;
    }
    case 'CreditsCancelled':
      moveOut(state, event.data.accountId, event.data.ranges);
      for (const range of event.data.ranges) {
        state.cancelled.set(range.batchId, addRanges(state.cancelled.get(range.batchId) ?? [], [range]));
      }
      return state;
    case 'CreditsTokenized':
      moveOut(state, event.data.accountId, event.data.ranges);
      moveIn(state, VAULT_ACCOUNT_ID, event.data.ranges);
      return state;
    case 'CreditsRedeemed':
      moveOut(state, VAULT_ACCOUNT_ID, event.data.ranges);
      moveIn(state, event.data.accountId, event.data.ranges);
      return state;
    case 'XrplSettlementRecorded': {
      const data = event.data;
      const batch = state.batches.get(data.batchId);
      if (batch) {
        const settled = new Set(batch.settled).add(`${data.subject}:${data.subjectId}`);
        state.batches.set(data.batchId, { ...batch, settled, nftId: batch.nftId ?? data.nftId });
      }
      return state;
    }
    case 'DirectTradeOffered': {
      const { data } = event;
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
      return state;
    }
    case 'DirectTradeOfferWithdrawn': {
      const offer = state.offers.get(event.data.offerId);
      if (!offer) return state;
      state.offers.delete(offer.offerId);
      moveIn(state, offer.sellerAccountId, event.data.released);
      return state;
    }
    default:
      // An event added after this decider was frozen: none of the commands it decides yields one.
      return state;
  }
}
