import {
  buyHoldCents,
  buyReservationCents,
  type DirectTradeOfferWithdrawn,
  centsToPrice,
  type CancellationReason,
  type CreditEvent,
  type CreditProjectType,
  type CreditsIssued,
  type CreditsRetired,
  formatSerialRange,
  type OffsetType,
  type OrderEvent,
  type OrderFunding,
  type OrderSide,
  type OrderStatus,
  type PlaceOrderRequest,
  priceToCents,
  type RetirementStandard,
  type RetirementUse,
  type RetiredBatchClaims,
  type SerialRange,
  type TradeCash,
  fillCash,
  platformFeeCents,
  VAULT_ACCOUNT_ID,
  type XrplSettlementRecorded,
} from '@carbon-ledger/contracts';
import { DomainError } from '../shared/domain-error.js';
import { OrderBookSide } from './order-book-side.js';
import { addRanges, insertRange, type Range, rangeSize, removeRanges, takeFirst, totalSize } from './serial-ranges.js';

/** Everything recorded in a credit market stream: its batches' serials, its orders and trades. */
export type CreditMarketEvent = CreditEvent | OrderEvent;

interface BatchState {
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
  /** Sell orders: escrowed serials not yet traded, consumed from the front. */
  readonly reserved: readonly SerialRange[];
  /** Funded buy orders: the reservation that pays for them and the notional matched so far (its hold follows from both). */
  readonly funding?: { readonly reservationId: string; readonly matchedNotionalCents: number };
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

export type IssueCreditsInput = Omit<CreditsIssued['data'], 'issuedAt'>;

/** A tokenization into the vault (docs/vault.md); `paymentTxHash` when the NXCC were paid already. */
export interface TokenizeInput {
  readonly tokenizationId: string;
  readonly xrplAddress: string;
  readonly requestedBy: string;
  readonly paymentTxHash?: string;
}

export type CreditMarketCommand =
  | {
      readonly type: 'IssueCredits';
      readonly batch: IssueCreditsInput;
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
  | {
      readonly type: 'CancelOrder';
      readonly orderId: string;
      readonly requestedBy: string;
      readonly isAdmin: boolean;
      /** What the order book read model shows of the order when it is closed there: the state holds open orders only. */
      readonly closed?: ClosedOrder;
    }
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
      readonly type: 'OfferDirectTrade';
      readonly offerId: string;
      readonly batchId: string;
      readonly sellerAccountId: string;
      readonly buyerAccountId: string;
      readonly quantity: number;
      readonly price: string;
      readonly expiresAt: Date;
    }
  | {
      readonly type: 'AcceptDirectTradeOffer';
      readonly offerId: string;
      readonly tradeId: string;
      readonly buyerAccountId: string;
      /** The buyer's reservation for this offer, already recorded in the buyer's cash stream. */
      readonly funding: OrderFunding;
    }
  | {
      readonly type: 'WithdrawDirectTradeOffer';
      readonly offerId: string;
      readonly requestedBy: string;
      readonly isAdmin: boolean;
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
      /** The use the handler checked the batch qualifies for, and the batch's claims it checked (docs/credit-use.md). */
      readonly use?: RetirementUse;
      readonly claims?: RetiredBatchClaims;
      readonly burnTxHash?: string;
      readonly nftBurnTxHash?: string;
    }
  | {
      readonly type: 'CancelCredits';
      readonly cancellationId: string;
      readonly batchId: string;
      /** Whose tradable serials are cancelled, lowest first. */
      readonly accountId: string;
      readonly quantity: number;
      readonly reason: CancellationReason;
      readonly note: string;
      readonly cancelledBy: string;
      /** The caller acts as the registry (role registry, or an administrator): any account, any reason. */
      readonly asRegistry: boolean;
      /** A reversal covered from the buffer pool: the project and its reversal record. */
      readonly reversal?: { readonly projectId: string; readonly reversalId: string };
    }
  | { readonly type: 'RecordXrplSettlement'; readonly settlement: Omit<XrplSettlementRecorded['data'], 'recordedAt'> };

/** A filled or cancelled order, as the order book read model knows it. */
export interface ClosedOrder {
  readonly ownerId: string;
  readonly status: Extract<OrderStatus, 'completed' | 'cancelled'>;
}

export interface DecideContext {
  readonly now: Date;
  /** Deterministic ids derived from the command id (a retry yields the same ids). */
  readonly newId: (purpose: string) => string;
  readonly market: { readonly projectType: CreditProjectType; readonly vintage: number };
  /**
   * How this market's own events closed an order the state no longer holds (the store remembers
   * recent ones); preferred to the read model's word in `CancelOrder.closed`, which can lag the fill.
   */
  readonly closedOrder?: (orderId: string) => ClosedOrder | undefined;
}

// ---- reading the state ----

export function tradableOf(state: CreditMarketState, accountId: string, batchId?: string): SerialRange[] {
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

export function describeRanges(state: CreditMarketState, ranges: readonly SerialRange[]): string[] {
  return ranges.map((range) => formatSerialRange(state.batches.get(range.batchId)?.serialPrefix ?? range.batchId, range.start, range.end));
}

function requireBatch(state: CreditMarketState, batchId: string): BatchState {
  const batch = state.batches.get(batchId);
  if (!batch) throw new DomainError('NotFound', `No credits found for token ${batchId}`);
  return batch;
}

function takeFromAccount(state: CreditMarketState, accountId: string, quantity: number, batchId: string | undefined, what: string): SerialRange[] {
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

export function decideCreditMarket(command: CreditMarketCommand, state: CreditMarketState, context: DecideContext): CreditMarketEvent[] {
  const at = context.now.toISOString();
  const marketName = `${context.market.projectType} ${context.market.vintage}`;
  switch (command.type) {
    case 'IssueCredits': {
      const { batch, tokenize } = command;
      if (state.batches.has(batch.batchId)) throw new DomainError('Conflict', `Token ${batch.batchId} was already issued`);
      if (batch.quantity < 1) throw new DomainError('ValidationFailed', 'A batch must hold at least 1 credit');
      const issued: CreditMarketEvent = { type: 'CreditsIssued', data: { ...batch, issuedAt: at } };
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
      if (!order) refuseCancelOfClosed(command, context.closedOrder?.(command.orderId) ?? command.closed);
      if (order.ownerId !== command.requestedBy && !command.isAdmin) {
        throw new DomainError('Forbidden', 'Only the owner of an order can cancel it');
      }
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
      if (command.sellerAccountId === command.buyerAccountId) {
        throw new DomainError('ValidationFailed', 'The buyer account is the seller account; choose another buyer');
      }
      const ranges = takeFromAccount(state, command.sellerAccountId, command.quantity, command.batchId, command.batchId);
      return [directTrade(command.tradeId, context.market, { ...command, ranges }, at)];
    }
    case 'OfferDirectTrade': {
      requireBatch(state, command.batchId);
      if (command.sellerAccountId === command.buyerAccountId) {
        throw new DomainError('ValidationFailed', 'The buyer account is the seller account; choose another buyer');
      }
      if (state.offers.has(command.offerId)) throw new DomainError('Conflict', 'This offer already exists');
      const ranges = takeFromAccount(state, command.sellerAccountId, command.quantity, command.batchId, command.batchId);
      return [
        {
          type: 'DirectTradeOffered',
          data: {
            offerId: command.offerId,
            batchId: command.batchId,
            projectType: context.market.projectType,
            vintage: context.market.vintage,
            sellerAccountId: command.sellerAccountId,
            buyerAccountId: command.buyerAccountId,
            quantity: command.quantity,
            price: command.price,
            ranges,
            offeredAt: at,
            expiresAt: command.expiresAt.toISOString(),
          },
        },
      ];
    }
    case 'AcceptDirectTradeOffer':
      return acceptOffer(command, state, context);
    case 'WithdrawDirectTradeOffer': {
      const offer = requireOffer(state, command.offerId);
      const expired = offerExpired(offer, context.now);
      const party = command.requestedBy === offer.sellerAccountId || command.requestedBy === offer.buyerAccountId;
      // Once it expired either party may close it; before, the buyer declines and the seller cancels.
      const reason: DirectTradeOfferWithdrawn['data']['reason'] | undefined = expired
        ? 'expired'
        : command.requestedBy === offer.sellerAccountId
          ? 'cancelled'
          : command.requestedBy === offer.buyerAccountId
            ? 'declined'
            : undefined;
      if (!reason || (!party && !command.isAdmin)) throw new DomainError('Forbidden', 'Only the seller or the buyer of an offer can close it');
      return [
        {
          type: 'DirectTradeOfferWithdrawn',
          data: { offerId: offer.offerId, reason, withdrawnBy: command.requestedBy, released: [...offer.ranges], withdrawnAt: at },
        },
      ];
    }
    case 'RetireCredits': {
      requireBatch(state, command.batchId);
      const ranges = takeFromAccount(state, command.accountId, command.quantity, command.batchId, command.batchId);
      const { type: _type, ...rest } = command;
      return [{ type: 'CreditsRetired', data: { ...rest, ranges, retiredAt: at } }];
    }
    case 'CancelCredits':
      return cancelCredits(command, state, at);
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

/** Reasons a holder may give for cancelling their own serials; the others are the registry's. */
const HOLDER_CANCELLATION_REASONS: ReadonlySet<CancellationReason> = new Set(['voluntary']);

function cancelCredits(command: Extract<CreditMarketCommand, { type: 'CancelCredits' }>, state: CreditMarketState, at: string): CreditMarketEvent[] {
  requireBatch(state, command.batchId);
  if (command.quantity < 1 || !Number.isInteger(command.quantity)) throw new DomainError('ValidationFailed', 'Cancel at least 1 whole credit');
  if (!command.asRegistry) {
    if (command.accountId !== command.cancelledBy) throw new DomainError('Forbidden', 'Only the holder of credits, or the registry, can cancel them');
    if (!HOLDER_CANCELLATION_REASONS.has(command.reason)) {
      throw new DomainError('Forbidden', `Only the registry cancels credits for the reason "${command.reason}"; a holder cancels voluntarily`);
    }
  }
  // The vault's serials back NXCC on XRPL: they come out by a redemption, never by a cancellation.
  if (command.accountId === VAULT_ACCOUNT_ID) throw new DomainError('Conflict', 'Credits in the vault back NXCC on XRPL; redeem them before cancelling');
  if (command.reason === 'reversal' && !command.reversal)
    throw new DomainError('ValidationFailed', 'A reversal cancellation names the project and its reversal');
  const ranges = takeFromAccount(state, command.accountId, command.quantity, command.batchId, command.batchId);
  return [
    {
      type: 'CreditsCancelled',
      data: {
        cancellationId: command.cancellationId,
        batchId: command.batchId,
        accountId: command.accountId,
        quantity: command.quantity,
        ranges,
        reason: command.reason,
        note: command.note,
        cancelledBy: command.cancelledBy,
        byRegistry: command.asRegistry,
        ...(command.reversal ? { reversal: { ...command.reversal } } : {}),
        cancelledAt: at,
      },
    },
  ];
}

function requireOffer(state: CreditMarketState, offerId: string): OfferState {
  const offer = state.offers.get(offerId);
  if (!offer) throw new DomainError('NotFound', 'No open offer with this id (it may have been accepted, declined, cancelled or have expired)');
  return offer;
}

export function offerExpired(offer: Pick<OfferState, 'expiresAt'>, now: Date): boolean {
  return now.getTime() >= Date.parse(offer.expiresAt);
}

/** The buyer's reservation pays for exactly the offer's notional and its fee (docs/funds.md): the trade posts both with the serials. */
export function offerCostCents(offer: Pick<OfferState, 'quantity' | 'price'>): { notionalCents: number; feeCents: number; totalCents: number } {
  const notionalCents = offer.quantity * priceToCents(offer.price);
  const feeCents = platformFeeCents(notionalCents);
  return { notionalCents, feeCents, totalCents: notionalCents + feeCents };
}

function acceptOffer(
  command: Extract<CreditMarketCommand, { type: 'AcceptDirectTradeOffer' }>,
  state: CreditMarketState,
  context: DecideContext,
): CreditMarketEvent[] {
  const offer = requireOffer(state, command.offerId);
  if (offer.buyerAccountId !== command.buyerAccountId) throw new DomainError('Forbidden', 'Only the buyer named in an offer can accept it');
  if (offerExpired(offer, context.now)) throw new DomainError('Conflict', `This offer expired at ${offer.expiresAt}`, { expiresAt: offer.expiresAt });
  const cost = offerCostCents(offer);
  if (command.funding.reservedCents !== cost.totalCents) {
    throw new DomainError('ValidationFailed', `The reservation holds ${command.funding.reservedCents} cents; the offer costs ${cost.totalCents} with the fee`);
  }
  const paid = { cash: { notionalCents: cost.notionalCents, feeCents: cost.feeCents, releasedCents: 0 }, offerId: offer.offerId };
  return [directTrade(command.tradeId, context.market, offer, context.now.toISOString(), paid)];
}

/** A trade outside the order book (an admin's transfer, an accepted offer): no orders, no aggressor. */
export function directTrade(
  tradeId: string,
  market: DecideContext['market'],
  trade: Pick<OfferState, 'buyerAccountId' | 'sellerAccountId' | 'quantity' | 'price' | 'ranges'>,
  executedAt: string,
  paid?: { readonly cash: TradeCash; readonly offerId: string },
): CreditMarketEvent {
  return {
    type: 'TradeExecuted',
    data: {
      tradeId,
      kind: 'direct',
      projectType: market.projectType,
      vintage: market.vintage,
      buyOrderId: null,
      sellOrderId: null,
      aggressor: null,
      buyerAccountId: trade.buyerAccountId,
      sellerAccountId: trade.sellerAccountId,
      quantity: trade.quantity,
      price: trade.price,
      ranges: [...trade.ranges],
      settlement: { status: 'pending' },
      ...paid,
      executedAt,
    },
  };
}

function tokenized(input: TokenizeInput, batchId: string, accountId: string, ranges: SerialRange[], at: string): CreditMarketEvent {
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

/** A cancel of an order the state does not hold: unknown, or closed (the market's memory or the read model says how). */
function refuseCancelOfClosed(command: Extract<CreditMarketCommand, { type: 'CancelOrder' }>, closed: ClosedOrder | undefined): never {
  if (!closed) throw new DomainError('NotFound', 'Order not found');
  // Someone else's order: how it closed is not theirs to learn.
  if (closed.ownerId !== command.requestedBy && !command.isAdmin) throw new DomainError('Forbidden', 'Only the owner of an order can cancel it');
  throw closedOrderRefusal(command.orderId, closed.status);
}

/** The refusal of a cancel of a closed order, naming how it closed. */
export function closedOrderRefusal(orderId: string, status: ClosedOrder['status']): DomainError {
  return new DomainError('Conflict', `Order ${orderId} is already ${status === 'completed' ? 'filled' : 'cancelled'}`, { orderId, status });
}

/** The orders an event may close, as the state holds them before it is folded. */
export function ordersItMayClose(state: CreditMarketState, event: CreditMarketEvent): OrderState[] {
  const ids = event.type === 'TradeExecuted' ? [event.data.buyOrderId, event.data.sellOrderId] : event.type === 'OrderCancelled' ? [event.data.orderId] : [];
  return ids.flatMap((id) => {
    const order = id ? state.orders.get(id) : undefined;
    return order ? [order] : [];
  });
}

function crosses(side: OrderSide, limitCents: number, resting: OrderState): boolean {
  return side === 'buy' ? resting.priceCents <= limitCents : resting.priceCents >= limitCents;
}

/**
 * Places an order and matches it against the book: price-time priority, maker's price.
 * Self-trade prevention is FIX cancel-newest (docs/self-trade-prevention.md): when the next
 * order the incoming one would trade with is the owner's own, the incoming order's remainder is
 * cancelled there, so no order ever rests crossing another.
 */
function placeOrder(
  command: Extract<CreditMarketCommand, { type: 'PlaceOrder' }>,
  state: CreditMarketState,
  context: DecideContext,
  marketName: string,
): CreditMarketEvent[] {
  // An open order; a closed one with this id is this command again, which the log's event-id key refuses.
  if (state.orders.has(command.orderId)) throw new DomainError('Conflict', 'This order already exists');
  const { order } = command;
  const at = context.now.toISOString();
  const limitCents = priceToCents(order.price);
  const reserved = order.type === 'sell' ? takeFromAccount(state, command.ownerId, order.amount, undefined, marketName) : undefined;
  if (command.funding) checkFunding(command.funding, order.type, order.amount, limitCents);
  const events: CreditMarketEvent[] = [
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
  command: Extract<CreditMarketCommand, { type: 'PlaceOrder' }>,
  remaining: number,
  escrow: readonly SerialRange[],
  resting: OrderState,
  at: string,
  releasedCents: number | undefined,
): CreditMarketEvent {
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

/** What the owner is told when self-trade prevention cancelled part of an order (read from its placement's events); undefined otherwise. */
export function selfTradeNote(events: readonly CreditMarketEvent[], orderId: string): string | undefined {
  for (const event of events) {
    if (event.type !== 'OrderCancelled' || event.data.orderId !== orderId) continue;
    const { remaining, selfTradeWith } = event.data;
    return selfTradeWith && remaining !== undefined ? `${remaining} not filled: your own ${selfTradeWith.side} order at ${selfTradeWith.price}` : undefined;
  }
  return undefined;
}

/** What an order's owner is shown of it. */
export type OrderSummary = Pick<OrderState, 'orderId' | 'ownerId' | 'side' | 'priceCents' | 'amount' | 'remaining' | 'status' | 'placedAt'>;

/**
 * An order as the market left it after a command's events: an open one from the state; one these
 * events placed and closed (filled, or cancelled at a self-trade) rebuilt from them, since the state
 * no longer holds it. Undefined for an order that later commands closed.
 */
export function orderAfter(state: CreditMarketState, events: readonly CreditMarketEvent[], orderId: string): OrderSummary | undefined {
  const open = state.orders.get(orderId);
  if (open) return open;
  const placed = events.find((event) => event.type === 'OrderPlaced' && event.data.orderId === orderId);
  if (placed?.type !== 'OrderPlaced') return undefined;
  let remaining = placed.data.amount;
  let cancelled = false;
  for (const event of events) {
    if (event.type === 'TradeExecuted' && (event.data.buyOrderId === orderId || event.data.sellOrderId === orderId)) remaining -= event.data.quantity;
    if (event.type === 'OrderCancelled' && event.data.orderId === orderId) cancelled = true;
  }
  if (!cancelled && remaining > 0) return undefined;
  const { ownerId, side, amount, price, placedAt } = placed.data;
  return { orderId, ownerId, side, priceCents: priceToCents(price), amount, remaining, status: cancelled ? 'cancelled' : 'completed', placedAt };
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
export function orderHoldCents(order: OrderState): number {
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

function replaceOrder(state: CreditMarketState, next: OrderState): void {
  const open = next.status === 'pending' || next.status === 'partially_filled';
  // A closed order leaves the state: no decision reads it again (see CreditMarketState).
  if (open) state.orders.set(next.orderId, next);
  else state.orders.delete(next.orderId);
  (next.side === 'buy' ? state.bids : state.asks).replace(next, open);
}

/** Folds one event into the state, in place; returns the same state. */
export function evolveCreditMarket(state: CreditMarketState, event: CreditMarketEvent): CreditMarketState {
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
      };
      if (data.reserved) moveOut(state, data.ownerId, data.reserved);
      state.orders.set(order.orderId, order);
      (order.side === 'buy' ? state.bids : state.asks).insert(order);
      return state;
    }
    case 'TradeExecuted': {
      const data = event.data;
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
      replaceOrder(state, { ...order, status: 'cancelled', reserved: [] });
      return state;
    }
    case 'CreditsRetired': {
      const data: CreditsRetired['data'] = event.data;
      moveOut(state, data.accountId, data.ranges);
      for (const range of data.ranges) {
        state.retired.set(range.batchId, addRanges(state.retired.get(range.batchId) ?? [], [range]));
      }
      return state;
    }
    case 'CreditsCancelled': {
      const data = event.data;
      moveOut(state, data.accountId, data.ranges);
      for (const range of data.ranges) {
        state.cancelled.set(range.batchId, addRanges(state.cancelled.get(range.batchId) ?? [], [range]));
      }
      return state;
    }
    case 'CreditsTokenized':
      moveOut(state, event.data.accountId, event.data.ranges);
      moveIn(state, VAULT_ACCOUNT_ID, event.data.ranges);
      return state;
    case 'CreditsRedeemed':
      moveOut(state, VAULT_ACCOUNT_ID, event.data.ranges);
      moveIn(state, event.data.accountId, event.data.ranges);
      return state;
    case 'DirectTradeOffered': {
      const data = event.data;
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
    case 'XrplSettlementRecorded': {
      const data = event.data;
      const batch = state.batches.get(data.batchId);
      if (batch) {
        const settled = new Set(batch.settled).add(`${data.subject}:${data.subjectId}`);
        state.batches.set(data.batchId, { ...batch, settled, nftId: batch.nftId ?? data.nftId });
      }
      return state;
    }
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
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
  return sizeOf(tradableOf(state, VAULT_ACCOUNT_ID));
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
