import { type PlaceOrderRequest, seededRandom } from '@carbon-ledger/contracts';
import { deriveId } from '../shared/command-context.js';
import { DomainError } from '../shared/domain-error.js';
import { evolveFullHistory, type FullHistoryState, initialFullHistoryState } from '../test-support/full-history-market.js';
import {
  type CreditMarketCommand,
  type CreditMarketEvent,
  type CreditMarketState,
  decideCreditMarket,
  evolveCreditMarket,
  initialCreditMarketState,
} from './credit-market.decider.js';

export const PROPERTY_MARKET = { projectType: 'Solar Energy', vintage: 2026 } as const;
const ACCOUNTS = ['alice', 'bob', 'carol', 'dave'];

const uuid = (n: number): string => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/**
 * A random command over the market's current state: issue, buy/sell orders,
 * cancels (also of others' and finished orders), transfers and retirements
 * (also beyond the holding, and of unknown tokens), so refusals are exercised.
 * `history` is every order ever placed (the market's state holds open ones only):
 * a cancel picks from it, and names how a closed one was closed, as the order book
 * read model tells the cancel handler.
 */
export function randomCommand(next: () => number, state: CreditMarketState, step: number, history: FullHistoryState): CreditMarketCommand {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const account = pick(ACCOUNTS);
  const batches = [...state.batches.keys()];
  const roll = next();
  if (roll < 0.15 || batches.length === 0) {
    const hex = (0x10000000 + step).toString(16).toUpperCase().slice(-8);
    const batchId = `SOLAR-2026-${hex}`;
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
        accountId: account,
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
    const orders = [...history.orders.values()];
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
  if (roll < 0.88) {
    return { type: 'TransferCredits', tradeId: uuid(step), batchId, sellerAccountId: account, buyerAccountId: pick(ACCOUNTS), quantity, price: '12.00' };
  }
  return {
    type: 'RetireCredits',
    retirementId: uuid(step),
    batchId,
    accountId: account,
    quantity,
    beneficiary: 'Beneficiary',
    purpose: '',
    standard: 'Gold Standard',
    offsetType: 'compensation',
    retiredBy: account,
  };
}

/**
 * Runs `steps` random commands; returns the events of every accepted command, in order, the refusal
 * count, the market's state and the full history (every order ever placed, as the read model keeps them).
 */
export function runRandomMarket(
  seed: number,
  steps: number,
  check: (state: CreditMarketState, step: number) => void,
): { events: CreditMarketEvent[][]; refused: number; state: CreditMarketState; history: FullHistoryState } {
  const next = seededRandom(seed);
  const state = initialCreditMarketState();
  const history = initialFullHistoryState();
  const accepted: CreditMarketEvent[][] = [];
  let refused = 0;
  const now = new Date('2026-11-22T10:00:00.000Z');
  for (let step = 0; step < steps; step += 1) {
    const command = randomCommand(next, state, step, history);
    let events: CreditMarketEvent[];
    try {
      events = decideCreditMarket(command, state, { now, newId: (purpose) => deriveId(uuid(step), purpose), market: PROPERTY_MARKET });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refused += 1;
      check(state, step);
      continue;
    }
    for (const event of events) {
      evolveCreditMarket(state, event);
      evolveFullHistory(history, event);
    }
    accepted.push(events);
    check(state, step);
  }
  return { events: accepted, refused, state, history };
}
