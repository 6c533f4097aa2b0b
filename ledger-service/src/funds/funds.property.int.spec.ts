import { randomUUID } from 'node:crypto';
import {
  type CreditProjectType,
  creditMarketStreamId,
  fundsStreamId,
  isCreditEvent,
  isFundsEvent,
  isOrderEvent,
  platformCashAccounts,
  priceToCents,
  type RecordedEvent,
} from '@carbon-ledger/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderHoldCents, type CreditMarketState } from '../credit-market/credit-market.decider.js';
import { CreditMarketStore } from '../credit-market/credit-market.store.js';
import type { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import type { CommandContext } from '../shared/command-context.js';
import { DomainError } from '../shared/domain-error.js';
import { createEventStoreDatabase, type EventStoreDatabase } from '../test-support/event-store-database.js';
import { evolveFullHistory, initialFullHistoryState } from '../test-support/full-history-market.js';
import { CashLedger } from './cash-ledger.js';
import { FundedOrders } from './funded-orders.js';
import { CompletePlacementWhenFundsReserved } from './reactions/complete-placement-when-funds-reserved.handler.js';
import { issueRegistryBatch } from '../test-support/registry-batch.js';

const MARKETS: readonly CreditProjectType[] = ['Solar Energy', 'Wind Energy', 'Reforestation'];
const USERS = 4;
const CREDITS_PER_USER = 40;

type Step =
  | { kind: 'deposit'; user: number; cents: number }
  | { kind: 'buy'; user: number; market: number; amount: number; priceCents: number; fault: BuyFault; retry: boolean }
  | { kind: 'sell'; user: number; market: number; amount: number; priceCents: number }
  | { kind: 'cancel'; user: number; market: number; pick: number }
  | { kind: 'withdraw'; user: number; cents: number; outcome: 'post' | 'void' | 'open' }
  | { kind: 'crash' };

/**
 * How a buy's process dies. 'two-step': the reservation recorded alone, then a crash before the order
 * reaches its market (how a log written on the two-step path, or by a store without atomic appends,
 * can be left). 'append-refused': the process dies while the atomic append of the reservation and the
 * order is on its way, before the database took it. 'answer-lost': it dies after the database
 * committed it, before the answer arrived.
 */
type BuyFault = 'none' | 'two-step' | 'append-refused' | 'answer-lost';

const user = fc.nat({ max: USERS - 1 });
const market = fc.nat({ max: MARKETS.length - 1 });
// Close enough together that orders cross often; odd cents so fees round.
const price = fc.integer({ min: 93, max: 117 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), user, cents: fc.integer({ min: 1, max: 20_000 }) }),
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('buy' as const),
      user,
      market,
      amount: fc.integer({ min: 1, max: 9 }),
      priceCents: price,
      fault: fc.constantFrom<BuyFault>('none', 'none', 'none', 'none', 'none', 'two-step', 'append-refused', 'answer-lost'),
      retry: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sell' as const), user, market, amount: fc.integer({ min: 1, max: 9 }), priceCents: price }) },
  fc.record({ kind: fc.constant('cancel' as const), user, market, pick: fc.nat() }),
  fc.record({
    kind: fc.constant('withdraw' as const),
    user,
    cents: fc.integer({ min: 1, max: 3_000 }),
    outcome: fc.constantFrom('post' as const, 'void' as const, 'open' as const),
  }),
  fc.constant({ kind: 'crash' as const }),
);

const context = (userId: string, commandId = randomUUID()): CommandContext => ({
  commandId,
  correlationId: commandId,
  causationId: commandId,
  actor: { userId, role: 'trader' },
  now: new Date('2026-11-26T12:00:00Z'),
});
const hash = (): string => randomUUID().replaceAll('-', '').toUpperCase().padEnd(64, '0');
const fee = (notionalCents: number): number => Math.ceil((notionalCents * 5) / 1000);

/**
 * One run: its own users and markets (a vintage of its own) in the shared test database. The
 * "process" is a CreditMarketStore and a FundedOrders; a crash drops both and starts again from
 * the log, then completes the placements a crash cut off (as the service's recovery does).
 */
class Run {
  readonly users: string[];
  /** The fault the next atomic append meets (see BuyFault), then none. */
  private fault: BuyFault = 'none';
  /** The event store as this run's processes see it: the real one, with the fault armed in its atomic append. */
  private readonly store: PostgresEventStore;
  /** Orders whose reservation was recorded alone (the two-step faults): only these may have a hold in another commit. */
  private readonly twoStep = new Set<string>();
  readonly vintage: number;
  private markets: CreditMarketStore;
  private funded: FundedOrders;
  /** What the test knows independently of the ledger: every deposit and posted withdrawal. */
  readonly deposited = new Map<string, number>();
  readonly withdrawn = new Map<string, number>();
  /** The last buy's command, to retry it with the same id. */
  refusedForFunds = 0;
  placedBuys = 0;
  crashedPlacements = 0;
  crashedAppends = 0;

  constructor(
    private readonly eventStore: PostgresEventStore,
    runNumber: number,
  ) {
    const tag = randomUUID().slice(0, 8);
    this.users = Array.from({ length: USERS }, (_, n) => `prop-${tag}-u${n}`);
    this.vintage = 2000 + runNumber;
    this.store = new Proxy(eventStore, {
      get: (target, property) => {
        if (property !== 'appendToStreams') {
          const value: unknown = Reflect.get(target, property, target);
          return typeof value === 'function' ? value.bind(target) : value;
        }
        return async (...args: Parameters<PostgresEventStore['appendToStreams']>) => {
          const fault = this.fault;
          this.fault = 'none';
          if (fault === 'append-refused') throw new Error('connection terminated before the append reached the database');
          const result = await target.appendToStreams(...args);
          if (fault === 'answer-lost') throw new Error('connection terminated after the append was committed');
          return result;
        };
      },
    });
    this.markets = new CreditMarketStore(this.store);
    this.funded = new FundedOrders(
      this.store,
      this.markets,
      async (userId) => (await this.ledger()).marketCredits.get(userId) ?? 0,
      async () => new Map(),
    );
  }

  private streams(): string[] {
    return [...this.users.map(fundsStreamId), ...MARKETS.map((projectType) => creditMarketStreamId(projectType, this.vintage))];
  }

  async events(): Promise<RecordedEvent[]> {
    return (await Promise.all(this.streams().map((id) => this.eventStore.readStream(id)))).flat();
  }

  /** The cash ledger folded from the log: cash streams first, so every hold is known before a fill draws on it. */
  async ledger(): Promise<CashLedger> {
    const ledger = new CashLedger();
    for (const event of await this.events()) ledger.apply(event);
    return ledger;
  }

  async issue(): Promise<void> {
    for (const [m, projectType] of MARKETS.entries()) {
      for (const [u, owner] of this.users.entries()) {
        const batchId = `${['SOL', 'WND', 'REF'][m]}-${this.vintage}-${(u + 0xa0).toString(16).toUpperCase().padStart(8, '0')}`;
        await this.markets.execute(
          projectType,
          this.vintage,
          issueRegistryBatch(batchId, owner, CREDITS_PER_USER, { projectType, vintage: this.vintage }),
          context(owner),
          () => undefined,
        );
      }
    }
  }

  private marketState(m: number): Promise<CreditMarketState> {
    return this.markets.read(MARKETS[m]!, this.vintage, (state) => state);
  }

  async apply(step: Step): Promise<void> {
    switch (step.kind) {
      case 'deposit': {
        const userId = this.users[step.user]!;
        await this.funded.recordInCashStream(
          userId,
          () => ({ type: 'RecordDeposit', depositId: randomUUID(), userId, amountCents: step.cents, txHash: hash() }),
          context(userId),
        );
        this.deposited.set(userId, (this.deposited.get(userId) ?? 0) + step.cents);
        return;
      }
      case 'buy': {
        const userId = this.users[step.user]!;
        const order = {
          type: 'buy' as const,
          amount: step.amount,
          price: (step.priceCents / 100).toFixed(2),
          projectType: MARKETS[step.market]!,
          vintage: this.vintage,
        };
        const ctx = context(userId);
        const availableBefore = (await this.ledger()).balanceOf(userId).available;
        const cost = step.amount * step.priceCents + fee(step.amount * step.priceCents);
        const orderId = randomUUID();
        try {
          if (step.fault === 'append-refused' || step.fault === 'answer-lost') {
            // The process dies during the one append of the reservation and the order; the request comes again after.
            this.fault = step.fault;
            const died = await this.funded
              .placeBuy(orderId, userId, order, ctx, () => undefined)
              .then(
                () => new Error('placed without meeting its fault'),
                (error: unknown) => error,
              );
            // A buy refused for its funds never reaches the append.
            this.fault = 'none';
            if (died instanceof DomainError) throw died;
            expect(died).toMatchObject({ message: expect.stringMatching(/connection terminated/) });
            this.crashedAppends += 1;
            await this.crash();
            const again = await this.funded.placeBuy(orderId, userId, order, ctx, () => undefined);
            // Committed before the crash: the retry is a replay; refused: it is the first placement.
            expect(again.replayed).toBe(step.fault === 'answer-lost');
            expect(availableBefore).toBeGreaterThanOrEqual(cost);
            this.placedBuys += 1;
            return;
          }
          if (step.fault === 'two-step') {
            this.twoStep.add(orderId);
            // The reservation is recorded, then the process dies before the order reaches its market.
            await this.funded.recordInCashStream(
              userId,
              (marketCreditsCents) => ({
                type: 'ReserveFunds',
                reservation: {
                  reservationId: randomUUID(),
                  userId,
                  orderId,
                  amountCents: cost,
                  order: { projectType: order.projectType, vintage: order.vintage, amount: order.amount, price: order.price },
                  placementCommandId: ctx.commandId,
                },
                marketCreditsCents,
              }),
              { ...ctx, commandId: `${ctx.commandId}:reserve` },
            );
            this.crashedPlacements += 1;
            await this.crash();
            return;
          }
          await this.funded.placeBuy(orderId, userId, order, ctx, () => undefined);
          if (step.retry) {
            const again = await this.funded.placeBuy(orderId, userId, order, ctx, () => undefined);
            expect(again.replayed).toBe(true);
          }
          expect(availableBefore).toBeGreaterThanOrEqual(cost);
          this.placedBuys += 1;
        } catch (error) {
          if (!(error instanceof DomainError && error.message.startsWith('Insufficient funds'))) throw error;
          // Refused exactly when the buyer could not pay for the order with its fee.
          expect(availableBefore).toBeLessThan(cost);
          this.refusedForFunds += 1;
        }
        return;
      }
      case 'sell': {
        const userId = this.users[step.user]!;
        const order = {
          type: 'sell' as const,
          amount: step.amount,
          price: (step.priceCents / 100).toFixed(2),
          projectType: MARKETS[step.market]!,
          vintage: this.vintage,
        };
        await this.markets
          .execute(order.projectType, this.vintage, { type: 'PlaceOrder', orderId: randomUUID(), ownerId: userId, order }, context(userId), () => undefined)
          .catch((error: unknown) => {
            if (!(error instanceof DomainError && error.message.startsWith('Insufficient credits'))) throw error;
          });
        return;
      }
      case 'cancel': {
        const userId = this.users[step.user]!;
        const state = await this.marketState(step.market);
        const open = [...state.orders.values()].filter(
          (order) => order.ownerId === userId && (order.status === 'pending' || order.status === 'partially_filled'),
        );
        const order = open[step.pick % Math.max(open.length, 1)];
        if (!order) return;
        await this.markets.execute(
          MARKETS[step.market]!,
          this.vintage,
          { type: 'CancelOrder', orderId: order.orderId, requestedBy: userId, isAdmin: false },
          context(userId),
          () => undefined,
        );
        return;
      }
      case 'withdraw': {
        const userId = this.users[step.user]!;
        const withdrawalId = randomUUID();
        try {
          await this.funded.recordInCashStream(
            userId,
            (marketCreditsCents) => ({
              type: 'RequestWithdrawal',
              withdrawalId,
              userId,
              amountCents: step.cents,
              destination: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
              marketCreditsCents,
            }),
            context(userId),
          );
        } catch (error) {
          if (error instanceof DomainError && error.message.startsWith('Insufficient funds')) return;
          throw error;
        }
        if (step.outcome === 'open') return;
        const command =
          step.outcome === 'post'
            ? ({ type: 'PostWithdrawal', withdrawalId, txHash: hash() } as const)
            : ({ type: 'VoidWithdrawal', withdrawalId, reason: 'tecPATH_DRY' } as const);
        await this.funded.recordInCashStream(userId, () => command, context(userId));
        if (step.outcome === 'post') this.withdrawn.set(userId, (this.withdrawn.get(userId) ?? 0) + step.cents);
        return;
      }
      case 'crash':
        await this.crash();
        return;
    }
  }

  /** A new process: nothing in memory, everything from the log; unfinished placements completed. */
  async crash(): Promise<void> {
    this.markets = new CreditMarketStore(this.store);
    this.funded = new FundedOrders(
      this.store,
      this.markets,
      async (userId) => (await this.ledger()).marketCredits.get(userId) ?? 0,
      async () => new Map(),
    );
    // Before recovery, a crashed placement is a hold whose order is on no market: the invariants below count it.
    await this.check();
    // The recovery reaction, in batches as its runner hands them (one lookup of the placements per batch).
    const recovery = new CompletePlacementWhenFundsReserved(this.funded);
    const reserved = (await this.events()).filter((event) => isFundsEvent(event) && event.type === 'FundsReserved');
    for (let from = 0; from < reserved.length; from += recovery.batchSize) await recovery.handleBatch(reserved.slice(from, from + recovery.batchSize));
    // Recovered: the order of every reservation is on its market now (the invariants alone accept a hold without one).
    const after = await this.events();
    const placed = new Set(after.filter((event) => event.type === 'OrderPlaced').map((event) => (event.data as { orderId: string }).orderId));
    expect(reserved.map((event) => (event.data as { orderId: string }).orderId).filter((orderId) => !placed.has(orderId))).toEqual([]);
  }

  async check(): Promise<void> {
    const events = await this.events();
    const ledger = new CashLedger();
    for (const event of events) ledger.apply(event);
    expect(ledger.violations).toEqual([]);
    expect(ledger.totals()).toEqual({ posted: 0, pending: 0 });
    expect(ledger.negativeUsers()).toEqual([]);

    // Every order ever placed, folded from the log as the market's state kept them before it forgot closed ones.
    const histories = MARKETS.map((projectType) => {
      const history = initialFullHistoryState();
      const streamId = creditMarketStreamId(projectType, this.vintage);
      for (const event of events) if (event.streamId === streamId && (isCreditEvent(event) || isOrderEvent(event))) evolveFullHistory(history, event);
      return history;
    });
    const orders = histories.flatMap((history) => [...history.orders.values()]);
    // The market's own state holds exactly the open ones.
    const states = await Promise.all(MARKETS.map((_, m) => this.marketState(m)));
    states.forEach((state, m) => {
      const open = [...histories[m]!.orders.values()].filter((order) => order.status === 'pending' || order.status === 'partially_filled');
      expect([...state.orders.values()]).toEqual(open);
    });
    const placed = new Set(orders.map((order) => order.orderId));
    const reservations = events.filter((event) => isFundsEvent(event) && event.type === 'FundsReserved') as (RecordedEvent & {
      type: 'FundsReserved';
      data: { orderId: string; userId: string; amountCents: number };
    })[];
    // Delivery versus payment begins with one commit: a reservation and its order are stored together, or
    // neither is; only a reservation recorded alone (the two-step faults) has its order in a later commit, or none yet.
    const placedIn = new Map(
      events.filter((event) => event.type === 'OrderPlaced').map((event) => [(event.data as { orderId: string }).orderId, event.position.commit]),
    );
    expect(new Set(reservations.map((event) => event.data.orderId)).size).toBe(reservations.length);
    for (const reservation of reservations) {
      if (!this.twoStep.has(reservation.data.orderId)) expect(placedIn.get(reservation.data.orderId)).toBe(reservation.position.commit);
    }
    const pendingWithdrawals = new Map<string, number>();
    for (const event of events) {
      if (event.type === 'WithdrawalRequested') {
        const data = event.data as { withdrawalId: string; userId: string; amountCents: number };
        pendingWithdrawals.set(data.withdrawalId, data.amountCents);
      }
      if (event.type === 'WithdrawalPosted' || event.type === 'WithdrawalVoided')
        pendingWithdrawals.delete((event.data as { withdrawalId: string }).withdrawalId);
    }

    // Matched notional per buy order and what each user paid and received, from the trades alone.
    const matched = new Map<string, number>();
    const paid = new Map<string, number>();
    const received = new Map<string, number>();
    for (const event of events) {
      if (event.type !== 'TradeExecuted') continue;
      const data = event.data as {
        buyOrderId: string | null;
        buyerAccountId: string;
        sellerAccountId: string;
        quantity: number;
        price: string;
        ranges: { start: number; end: number }[];
        cash?: { notionalCents: number; feeCents: number };
      };
      const notional = data.quantity * priceToCents(data.price);
      const buyOrder = orders.find((order) => order.orderId === data.buyOrderId);
      // Delivery versus payment: a funded buyer's every fill carries its cash, and the serials it carries are the quantity paid for.
      expect(data.cash !== undefined).toBe(buyOrder?.funding !== undefined);
      expect(data.ranges.reduce((sum, range) => sum + range.end - range.start + 1, 0)).toBe(data.quantity);
      if (!data.cash) continue;
      expect(data.cash.notionalCents).toBe(notional);
      matched.set(data.buyOrderId!, (matched.get(data.buyOrderId!) ?? 0) + notional);
      received.set(data.sellerAccountId, (received.get(data.sellerAccountId) ?? 0) + notional);
    }
    let expectedFees = 0;
    for (const order of orders) {
      if (!order.funding) continue;
      const notional = matched.get(order.orderId) ?? 0;
      expectedFees += fee(notional);
      paid.set(order.ownerId, (paid.get(order.ownerId) ?? 0) + notional + fee(notional));
      // The hold of an open buy order is its remaining cost at the limit plus the fee it may still pay.
      const open = order.status === 'pending' || order.status === 'partially_filled';
      const rest = order.remaining * order.priceCents;
      const expectedHold = open ? rest + fee(notional + rest) - fee(notional) : 0;
      expect(orderHoldCents(order)).toBe(expectedHold);
      expect(ledger.holdOf(order.orderId)).toBe(expectedHold);
    }
    // Fee revenue is 0.5% of each buy order's matched notional, rounded up to the cent once per order.
    expect(ledger.account(platformCashAccounts.feeRevenue).creditsPosted).toBe(expectedFees);

    for (const userId of this.users) {
      const unplaced = reservations
        .filter((event) => event.data.userId === userId && !placed.has(event.data.orderId))
        .reduce((sum, event) => sum + event.data.amountCents, 0);
      const openHolds = orders.filter((order) => order.ownerId === userId).reduce((sum, order) => sum + orderHoldCents(order), 0);
      const withdrawing =
        reservations.length >= 0
          ? [...events]
              .filter(
                (event) =>
                  event.type === 'WithdrawalRequested' &&
                  (event.data as { userId: string }).userId === userId &&
                  pendingWithdrawals.has((event.data as { withdrawalId: string }).withdrawalId),
              )
              .reduce((sum, event) => sum + (event.data as { amountCents: number }).amountCents, 0)
          : 0;
      const balance = ledger.balanceOf(userId);
      expect(balance.reserved).toBe(openHolds + unplaced + withdrawing);
      // Every cent is accounted for: deposits + proceeds − (paid with fees) − withdrawals.
      expect(balance.available + balance.reserved).toBe(
        (this.deposited.get(userId) ?? 0) + (received.get(userId) ?? 0) - (paid.get(userId) ?? 0) - (this.withdrawn.get(userId) ?? 0),
      );
    }
  }
}

describe('cash ledger with funded orders (property, real PostgreSQL)', () => {
  let database: EventStoreDatabase | undefined;
  let eventStore: PostgresEventStore;
  beforeAll(async () => {
    database = await createEventStoreDatabase('funds_property', 4);
    eventStore = database.eventStore;
  });
  afterAll(() => database?.close());

  it('random deposits, buys, sells, partial fills, cancels and withdrawals across 3 markets and 4 users, with crashes between steps and during the append of a reservation with its order: the ledger sums to zero, no user is negative, reserved = open buys’ remaining cost + fee, fee revenue = 0.5% of matched notional, and every fill moves serials and cash together', async () => {
    let runNumber = 0;
    const totals = { refused: 0, placed: 0, crashed: 0, crashedAppends: 0, trades: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 40, maxLength: 90 }), async (steps) => {
        runNumber += 1;
        const run = new Run(eventStore, runNumber);
        await run.issue();
        for (const step of steps) {
          await run.apply(step);
          await run.check();
        }
        await run.crash();
        await run.check();
        totals.refused += run.refusedForFunds;
        totals.placed += run.placedBuys;
        totals.crashed += run.crashedPlacements;
        totals.crashedAppends += run.crashedAppends;
        totals.trades += (await run.events()).filter((event) => event.type === 'TradeExecuted').length;
      }),
      { numRuns: 30 },
    );
    // The runs exercised refusals, crashed placements and many fills.
    expect(totals.refused).toBeGreaterThan(0);
    expect(totals.crashed).toBeGreaterThan(0);
    expect(totals.crashedAppends).toBeGreaterThan(0);
    expect(totals.trades).toBeGreaterThan(150);
  }, 600_000);
});
