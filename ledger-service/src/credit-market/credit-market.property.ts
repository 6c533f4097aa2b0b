import {
  BUFFER_POOL_ACCOUNT_ID,
  buyReservationCents,
  cancellationReasons,
  type OrderStatus,
  type PlaceOrderRequest,
  priceToCents,
  seededRandom,
  VAULT_ACCOUNT_ID,
} from '@carbon-ledger/contracts';
import { deriveId } from '../shared/command-context.js';
import { DomainError } from '../shared/domain-error.js';
import {
  type CreditMarketCommand,
  type CreditMarketEvent,
  type CreditMarketState,
  type DecideContext,
  decideCreditMarket,
  evolveCreditMarket,
  initialCreditMarketState,
  offerCostCents,
} from './credit-market.decider.js';

export const PROPERTY_MARKET = { projectType: 'Solar Energy', vintage: 2026 } as const;
const ACCOUNTS = ['alice', 'bob', 'carol', 'dave'];
const PROPERTY_ADDRESS = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';

/** The id of a random run's `n`th command, and of what it places. */
export const uuid = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** How the market decides a random run's `step`: its ids derive from the step, so a run decides the same every time. */
export function stepContext(now: Date, step: number): DecideContext {
  return { now, newId: (purpose) => deriveId(uuid(step), purpose), market: PROPERTY_MARKET };
}

/** What the market answers a command: its events, or its refusal. */
export type Answer = { readonly events: readonly CreditMarketEvent[] } | { readonly refused: { code: string; message: string; details: unknown } };

export function answerOf(decide: () => readonly CreditMarketEvent[]): Answer {
  try {
    return { events: decide() };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { refused: { code: error.code, message: error.message, details: error.details } };
  }
}

/** Half the buys are funded by a reservation of exactly their cost, as the cash stream places them. */
export function fundSomeBuys(command: CreditMarketCommand, next: () => number, step: number): CreditMarketCommand {
  if (command.type !== 'PlaceOrder' || command.order.type !== 'buy' || next() >= 0.5) return command;
  const reservedCents = buyReservationCents(command.order.amount, priceToCents(command.order.price));
  return { ...command, funding: { reservationId: uuid(1_000_000 + step), reservedCents } };
}

/** An order as the order book read model lists it: closed ones too, which the market's state no longer holds. */
export interface ListedOrder {
  readonly orderId: string;
  readonly ownerId: string;
  readonly amount: number;
  readonly remaining: number;
  readonly status: OrderStatus;
}

/** Folds a market event into the list of every order placed, in the order they were placed. */
export function listOrder(orders: Map<string, ListedOrder>, event: CreditMarketEvent): void {
  if (event.type === 'OrderPlaced') {
    const { orderId, ownerId, amount } = event.data;
    orders.set(orderId, { orderId, ownerId, amount, remaining: amount, status: 'pending' });
  } else if (event.type === 'TradeExecuted') {
    for (const orderId of [event.data.buyOrderId, event.data.sellOrderId]) {
      const order = orderId ? orders.get(orderId) : undefined;
      if (!order) continue;
      const remaining = order.remaining - event.data.quantity;
      orders.set(order.orderId, { ...order, remaining, status: remaining === 0 ? 'completed' : 'partially_filled' });
    }
  } else if (event.type === 'OrderCancelled') {
    const order = orders.get(event.data.orderId);
    if (order) orders.set(order.orderId, { ...order, status: 'cancelled' });
  }
}

/**
 * A random command over the market's current state: issue, buy/sell orders,
 * cancels (also of others' and finished orders), transfers, retirements (from a
 * holder or the vault), tokenizations into the vault and redemptions out of it
 * (also beyond the holding, and of unknown tokens), direct trade offers with their
 * accepts (funded, by the buyer or someone else, some expired), declines and cancels,
 * so refusals are exercised.
 * `listed` is every order ever placed (the market's state holds open ones only):
 * a cancel picks from it, and names how a closed one was closed, as the order book
 * read model tells the cancel handler.
 */
export function randomCommand(
  next: () => number,
  state: CreditMarketState,
  step: number,
  listed: ReadonlyMap<string, Pick<ListedOrder, 'orderId' | 'ownerId' | 'status'>>,
): CreditMarketCommand {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const account = pick(ACCOUNTS);
  const batches = [...state.batches.keys()];
  const roll = next();
  if (roll < 0.15 || batches.length === 0) {
    const hex = (0x10000000 + step).toString(16).toUpperCase().slice(-8);
    const batchId = `SOLAR-2026-${hex}`;
    const buffer = next() < 0.05;
    return {
      type: 'IssueCredits',
      batch: {
        batchId,
        projectId: `P-${step}`,
        projectName: `Project ${step}`,
        projectType: 'Solar Energy',
        description: '',
        vintage: 2026,
        standard: 'Gold Standard',
        methodology: 'AMS-I.D.',
        scopes: { scope1: 50, scope2: 0, scope3: 0, scope4: 0, scope5: 0 },
        quantity: 1 + Math.floor(next() * 60),
        serialPrefix: `NXCC-${batchId}`,
        // Some batches are a buffer pool share, held by the pool (reversals cancel from it).
        ...(buffer ? { accountId: BUFFER_POOL_ACCOUNT_ID, bufferFor: batchId } : { accountId: account }),
        issuedBy: account,
        xrplAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
        source: 'registry',
      },
    };
  }
  if (roll < 0.6) {
    const order: PlaceOrderRequest = {
      type: next() < 0.5 ? 'buy' : 'sell',
      amount: 1 + Math.floor(next() * 30),
      price: `${10 + Math.floor(next() * 5)}.${next() < 0.5 ? '00' : '50'}`,
      projectType: 'Solar Energy',
      vintage: 2026,
    };
    return { type: 'PlaceOrder', orderId: uuid(step), ownerId: account, order };
  }
  if (roll < 0.72) {
    const orders = [...listed.values()];
    const target = orders.length > 0 ? pick(orders) : undefined;
    const closed = target?.status === 'completed' || target?.status === 'cancelled' ? { ownerId: target.ownerId, status: target.status } : undefined;
    return {
      type: 'CancelOrder',
      orderId: target?.orderId ?? uuid(999_999),
      requestedBy: next() < 0.8 && target ? target.ownerId : account,
      isAdmin: false,
      ...(closed ? { closed } : {}),
    };
  }
  const batchId = next() < 0.05 ? 'SOLAR-2026-FFFFFFFF' : pick(batches);
  const quantity = 1 + Math.floor(next() * 25);
  if (roll >= 0.76 && roll < 0.82) return randomOfferCommand(next, state, step, account, batchId, quantity);
  if (roll < 0.82) {
    return { type: 'TransferCredits', tradeId: uuid(step), batchId, sellerAccountId: account, buyerAccountId: pick(ACCOUNTS), quantity, price: '12.00' };
  }
  if (roll < 0.86) {
    // Retirements on XRPL take the vault's serials.
    const from = next() < 0.3 ? VAULT_ACCOUNT_ID : account;
    return {
      type: 'RetireCredits',
      retirementId: uuid(step),
      batchId,
      accountId: from,
      quantity,
      beneficiary: 'Beneficiary',
      purpose: '',
      standard: 'Gold Standard',
      offsetType: 'compensation',
      retiredBy: account,
    };
  }
  if (roll < 0.895) return randomCancelCommand(next, state, step, account, batchId, Math.ceil(quantity / 3));
  if (roll < 0.945) {
    return { type: 'TokenizeCredits', tokenizationId: uuid(step), batchId, accountId: account, quantity, xrplAddress: PROPERTY_ADDRESS, requestedBy: account };
  }
  return {
    type: 'RedeemCredits',
    redemptionId: uuid(step),
    accountId: account,
    xrplAddress: PROPERTY_ADDRESS,
    quantity,
    ...(next() < 0.5 ? { batchId } : {}),
    reason: next() < 0.9 ? 'redeemed' : 'payment-refused',
  };
}

/**
 * A cancellation: mostly a holder's own, voluntary; sometimes someone else's or a registry-only reason
 * without being the registry (refused); sometimes the registry's, of any account, the vault's included
 * (refused), and reversals naming a project.
 */
function randomCancelCommand(
  next: () => number,
  state: CreditMarketState,
  step: number,
  account: string,
  randomBatch: string,
  quantity: number,
): CreditMarketCommand {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const asRegistry = next() < 0.35;
  // The registry mostly covers reversals; a holder mostly cancels voluntarily, sometimes giving a registry's reason (refused).
  const reason = asRegistry ? (next() < 0.5 ? 'reversal' : pick(cancellationReasons)) : next() < 0.8 ? 'voluntary' : pick(cancellationReasons);
  // The registry covers reversals from the buffer pool, and cancels any account's serials (the vault's are refused).
  const registryHolder = reason === 'reversal' && next() < 0.8 ? BUFFER_POOL_ACCOUNT_ID : next() < 0.15 ? VAULT_ACCOUNT_ID : pick(ACCOUNTS);
  const holder = asRegistry ? registryHolder : next() < 0.85 ? account : pick(ACCOUNTS);
  // Mostly a batch the account holds, so cancellations are decided, not only refused.
  const held = [...(state.tradable.get(holder)?.keys() ?? [])];
  const batchId = held.length > 0 && next() < 0.7 ? pick(held) : randomBatch;
  return {
    type: 'CancelCredits',
    cancellationId: uuid(step),
    batchId,
    accountId: holder,
    quantity,
    reason,
    note: '',
    cancelledBy: asRegistry ? 'registrar' : account,
    asRegistry,
    ...(reason === 'reversal' && next() < 0.9 ? { reversal: { projectId: `P-${step}`, reversalId: uuid(3_000_000 + step) } } : {}),
  };
}

/** Some offers are made already expired, so accepting and closing them after expiry is exercised. */
const OFFER_EXPIRY = { open: new Date('2030-01-01T00:00:00.000Z'), expired: new Date('2020-01-01T00:00:00.000Z') };

function randomOfferCommand(
  next: () => number,
  state: CreditMarketState,
  step: number,
  account: string,
  batchId: string,
  quantity: number,
): CreditMarketCommand {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const offers = [...state.offers.values()];
  const roll = next();
  if (roll < 0.5 || offers.length === 0) {
    return {
      type: 'OfferDirectTrade',
      offerId: uuid(step),
      batchId,
      sellerAccountId: account,
      buyerAccountId: pick(ACCOUNTS),
      quantity,
      price: `${10 + Math.floor(next() * 5)}.${next() < 0.5 ? '00' : '25'}`,
      expiresAt: next() < 0.8 ? OFFER_EXPIRY.open : OFFER_EXPIRY.expired,
    };
  }
  const offer = pick(offers);
  if (roll < 0.8) {
    return {
      type: 'AcceptDirectTradeOffer',
      offerId: offer.offerId,
      tradeId: uuid(step),
      buyerAccountId: next() < 0.85 ? offer.buyerAccountId : account,
      funding: { reservationId: uuid(2_000_000 + step), reservedCents: offerCostCents(offer).totalCents },
    };
  }
  const requestedBy = next() < 0.45 ? offer.sellerAccountId : next() < 0.8 ? offer.buyerAccountId : account;
  return { type: 'WithdrawDirectTradeOffer', offerId: offer.offerId, requestedBy, isAdmin: false };
}

/**
 * Runs `steps` random commands; returns the events of every accepted command, in order, the refusal
 * count, the market's state and every order ever placed (as the order book read model lists them).
 */
export function runRandomMarket(
  seed: number,
  steps: number,
  check: (state: CreditMarketState, step: number) => void,
): { events: CreditMarketEvent[][]; refused: number; state: CreditMarketState; orders: Map<string, ListedOrder> } {
  const next = seededRandom(seed);
  const state = initialCreditMarketState();
  const orders = new Map<string, ListedOrder>();
  const accepted: CreditMarketEvent[][] = [];
  let refused = 0;
  const now = new Date('2026-11-22T10:00:00.000Z');
  for (let step = 0; step < steps; step += 1) {
    const command = randomCommand(next, state, step, orders);
    let events: CreditMarketEvent[];
    try {
      events = decideCreditMarket(command, state, stepContext(now, step));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refused += 1;
      check(state, step);
      continue;
    }
    for (const event of events) {
      evolveCreditMarket(state, event);
      listOrder(orders, event);
    }
    accepted.push(events);
    check(state, step);
  }
  return { events: accepted, refused, state, orders };
}
