import {
  buyReservationCents,
  type CreditLabel,
  type CreditProjectType,
  type EventStore,
  fundsStreamId,
  type FundsEvent,
  type FundsReserved,
  type PlaceOrderRequest,
  priceToCents,
  type StreamAppend,
  WrongExpectedVersion,
} from '@carbon-ledger/contracts';
import type { CreditMarketEvent, CreditMarketState } from '../credit-market/credit-market.decider.js';
import type { CreditMarketStore, MarketCommandResult } from '../credit-market/credit-market.store.js';
import { offerCostCents } from '../credit-market/credit-market.decider.js';
import type { AcceptedOffer, FundedBuys } from '../credit-market/funded-buys.port.js';
import { type CommandContext, commandEventId, deriveId, toEventsToAppend } from '../shared/command-context.js';
import { DomainError } from '../shared/domain-error.js';
import { aggregateStream, type DecidedStream, handleCommand, type Recorded } from '../shared/handle-command.js';
import { type FundsCommand, fundsDecider, type FundsState } from './funds.decider.js';

/** A user's proceeds and released holds recorded in the markets so far (a lower bound is safe, see FundsState). */
export type MarketCredits = (userId: string) => Promise<number>;

/** The labels of a market's batches as the registry shows them, for a bid for labelled credits (marketBatchLabels). */
export type MarketBatchLabels = (market: {
  readonly projectType: CreditProjectType;
  readonly vintage: number;
}) => Promise<ReadonlyMap<string, readonly CreditLabel[]>>;

/** Concurrent commands on one user's cash stream: each reloads and decides again. */
const MAX_CONFLICT_RETRIES = 8;

/** The cash stream held the reservation already: only its market command is left to run. */
const RESERVED_BEFORE = Symbol('reserved before');

/**
 * Funded buy orders (docs/funds.md): the reservation is decided on the buyer's cash stream, at its
 * version, and stored with the order in one atomic append to the cash stream and the market stream
 * (the order names the reservation in OrderPlaced), so the log holds both or neither. Fills and the
 * cancel then move the cash in the market stream, with the serials.
 *
 * On an event store that cannot append to two streams at once (and in logs written before this
 * path), the reservation is recorded first and the order placed after it. A crash between the two
 * leaves a reservation whose order is not placed; `completePlacement` places it with the same
 * command id, so whichever of the request's retry and the recovery comes first places it once.
 */
interface CashAccountCache {
  stream: DecidedStream<FundsState> | undefined;
  /** The user's commands in this process, one after another. */
  tail: Promise<void>;
}

/**
 * The reservation that pays for accepting a direct trade offer. Its ids derive from the offer, not the
 * request: any accept of one offer (a retry, a second tab, the recovery) is the same reservation and the
 * same market command, so the offer moves once.
 */
export function offerReservation(offer: AcceptedOffer): Omit<FundsReserved['data'], 'reservedAt'> {
  const acceptCommandId = deriveId(offer.offerId, 'direct-trade:accept');
  return {
    reservationId: deriveId(acceptCommandId, 'funds:reservation'),
    userId: offer.buyerAccountId,
    orderId: offer.offerId,
    amountCents: offerCostCents(offer).totalCents,
    order: { projectType: offer.projectType, vintage: offer.vintage, amount: offer.quantity, price: offer.price },
    placementCommandId: acceptCommandId,
    pays: 'direct-offer',
  };
}

export class FundedOrders implements FundedBuys {
  private readonly accounts = new Map<string, CashAccountCache>();

  constructor(
    private readonly eventStore: EventStore,
    private readonly markets: CreditMarketStore,
    private readonly marketCredits: MarketCredits,
    private readonly batchLabels: MarketBatchLabels,
  ) {}

  async placeBuy<R>(
    orderId: string,
    ownerId: string,
    order: PlaceOrderRequest,
    context: CommandContext,
    after: (state: CreditMarketState, events: readonly CreditMarketEvent[]) => R,
  ): Promise<MarketCommandResult<R>> {
    const reservation: Omit<FundsReserved['data'], 'reservedAt'> = {
      reservationId: deriveId(context.commandId, 'funds:reservation'),
      userId: ownerId,
      orderId,
      amountCents: buyReservationCents(order.amount, priceToCents(order.price)),
      order: {
        projectType: order.projectType,
        vintage: order.vintage,
        amount: order.amount,
        price: order.price,
        ...(order.labels && order.labels.length > 0 ? { labels: order.labels } : {}),
      },
      placementCommandId: context.commandId,
    };
    const reserve = (marketCreditsCents: number): FundsCommand => ({ type: 'ReserveFunds', reservation, marketCreditsCents });
    const reserveContext = { ...context, commandId: deriveId(context.commandId, 'funds:reserve') };
    if (this.markets.appendsAtomically) {
      const stored = await this.reserveWith(ownerId, reserve, reserveContext, (reservationEvents) =>
        this.place(reservation, context, after, reservationEvents),
      );
      if (stored !== RESERVED_BEFORE) return stored;
    } else await this.recordInCashStream(ownerId, reserve, reserveContext);
    return this.place(reservation, context, after);
  }

  async acceptOffer<R>(
    offer: AcceptedOffer,
    context: CommandContext,
    after: (state: CreditMarketState, events: readonly CreditMarketEvent[]) => R,
  ): Promise<MarketCommandResult<R>> {
    const reservation = offerReservation(offer);
    const reserve = (marketCreditsCents: number): FundsCommand => ({ type: 'ReserveFunds', reservation, marketCreditsCents });
    const reserveContext = { ...context, commandId: deriveId(reservation.placementCommandId, 'funds:reserve') };
    if (this.markets.appendsAtomically) {
      const stored = await this.reserveWith(offer.buyerAccountId, reserve, reserveContext, (reservationEvents) =>
        this.accept(reservation, context, after, reservationEvents),
      );
      if (stored !== RESERVED_BEFORE) return stored;
    } else await this.recordInCashStream(offer.buyerAccountId, reserve, reserveContext);
    // Recorded before the acceptance (the two-step path, a retry of it): a refused acceptance voids it.
    return this.accept(reservation, context, after, 'recorded');
  }

  /**
   * The reservations among these whose order (or offer acceptance) the log does not hold yet, in one
   * lookup of their placements' first event ids: the recovery asks this for a batch of reservations
   * instead of once per reservation (one statement per funded buy, bench:trading 2026-11-28).
   */
  async unplaced(reservations: readonly FundsReserved['data'][]): Promise<FundsReserved['data'][]> {
    if (reservations.length === 0 || !this.eventStore.findEvents) return [...reservations];
    const placed = new Set(
      (await this.eventStore.findEvents(reservations.map((reservation) => commandEventId(reservation.placementCommandId, 0)))).map((event) => event.eventId),
    );
    return reservations.filter((reservation) => !placed.has(commandEventId(reservation.placementCommandId, 0)));
  }

  /**
   * Places the order (or accepts the offer) a reservation pays for, if its market does not hold it yet.
   * Almost always the request did already: the log's event-id key says so in one lookup. Deciding it
   * again would cost more than a replay once the order has closed — the market forgets closed orders,
   * decides the placement anew, finds its events in the log and rebuilds its state from the last snapshot.
   */
  async completePlacement(reservation: FundsReserved['data'], context: Omit<CommandContext, 'commandId'>): Promise<MarketCommandResult<undefined> | undefined> {
    const [placed] = (await this.eventStore.findEvents?.([commandEventId(reservation.placementCommandId, 0)])) ?? [];
    if (placed) return { position: placed.position, replayed: true, events: [], result: undefined };
    if (reservation.pays === 'direct-offer') {
      try {
        return await this.accept(reservation, { ...context, commandId: reservation.placementCommandId }, () => undefined, 'recorded');
      } catch (error) {
        // The offer closed before the acceptance: the reservation was voided, nothing to complete.
        if (error instanceof DomainError) return undefined;
        throw error;
      }
    }
    return this.place(reservation, { ...context, commandId: reservation.placementCommandId }, () => undefined);
  }

  /**
   * The market accepts the offer with the reservation named; when it refuses (the offer was declined,
   * cancelled or expired meanwhile) the reservation is voided whole in the buyer's cash stream.
   */
  private async accept<R>(
    reservation: Omit<FundsReserved['data'], 'reservedAt'>,
    context: CommandContext,
    after: (state: CreditMarketState, events: readonly CreditMarketEvent[]) => R,
    /** The reservation's events to store with the acceptance, or 'recorded': the cash stream holds it already. */
    funding: StreamAppend | 'recorded',
  ): Promise<MarketCommandResult<R>> {
    const { order } = reservation;
    try {
      return await this.markets.execute(
        order.projectType,
        order.vintage,
        {
          type: 'AcceptDirectTradeOffer',
          offerId: reservation.orderId,
          tradeId: deriveId(reservation.placementCommandId, 'trade'),
          buyerAccountId: reservation.userId,
          funding: { reservationId: reservation.reservationId, reservedCents: reservation.amountCents },
        },
        { ...context, commandId: reservation.placementCommandId },
        after,
        funding === 'recorded' ? {} : { with: [funding] },
      );
    } catch (error) {
      // Refused with its reservation: nothing was stored, nothing to give back.
      if (funding === 'recorded' && error instanceof DomainError && (error.code === 'NotFound' || error.code === 'Conflict')) {
        await this.recordInCashStream(
          reservation.userId,
          () => ({ type: 'VoidReservation', reservationId: reservation.reservationId, reason: error.code === 'Conflict' ? 'offer-expired' : 'offer-closed' }),
          { ...context, commandId: deriveId(reservation.placementCommandId, 'funds:void') },
        );
      }
      throw error;
    }
  }

  /**
   * Decides a command on the user's cash stream with the market credits read just before. In this
   * process one user's commands run one after another on a cached fold of the stream (a busy trader's
   * history is not read again per order); another process moving the stream on is a conflict, which
   * reloads it and decides again.
   */
  recordInCashStream(userId: string, command: (marketCreditsCents: number) => FundsCommand, context: CommandContext): Promise<Recorded> {
    const account = this.accountOf(userId);
    const run = account.tail.then(() => this.decideInCashStream(userId, account, command, context));
    account.tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private async decideInCashStream(
    userId: string,
    account: CashAccountCache,
    command: (marketCreditsCents: number) => FundsCommand,
    context: CommandContext,
  ): Promise<Recorded> {
    let fresh = false;
    // 0 is a lower bound too: most commands fit without the market credits, which are read only for a refusal.
    let marketCreditsCents = 0;
    let creditsRead = false;
    for (let attempt = 0; ; attempt += 1) {
      try {
        if (!account.stream) {
          account.stream = await aggregateStream(this.eventStore, fundsStreamId(userId), fundsDecider);
          fresh = true;
        }
        const { position, replayed } = await handleCommand(
          this.eventStore,
          fundsStreamId(userId),
          fundsDecider,
          { command: command(marketCreditsCents), context },
          { stream: account.stream },
        );
        return { position, replayed };
      } catch (error) {
        // The cached fold may hold events that were not appended, or be behind another writer (a deposit
        // recorded elsewhere): a refusal decided on it is decided once more on the stream read afresh.
        if (error instanceof DomainError && !creditsRead) {
          marketCreditsCents = await this.marketCredits(userId);
          creditsRead = true;
          continue;
        }
        account.stream = undefined;
        if (error instanceof DomainError && !fresh) continue;
        if (!(error instanceof WrongExpectedVersion) || attempt >= MAX_CONFLICT_RETRIES) throw error;
      }
    }
  }

  /** Places the buy; with `reservationEvents`, the reservation is stored in the same atomic append. */
  private async place<R>(
    reservation: Omit<FundsReserved['data'], 'reservedAt'>,
    context: CommandContext,
    after: (state: CreditMarketState, events: readonly CreditMarketEvent[]) => R,
    reservationEvents?: StreamAppend,
  ): Promise<MarketCommandResult<R>> {
    const { order } = reservation;
    return this.markets.execute(
      order.projectType,
      order.vintage,
      {
        type: 'PlaceOrder',
        orderId: reservation.orderId,
        ownerId: reservation.userId,
        order: { type: 'buy', ...order },
        funding: { reservationId: reservation.reservationId, reservedCents: reservation.amountCents },
        ...(order.labels ? { batchLabels: await this.batchLabels(order) } : {}),
      },
      context,
      after,
      reservationEvents ? { with: [reservationEvents] } : {},
    );
  }

  /**
   * Decides the reservation on the user's cached cash stream and hands its events to `store`, which
   * stores them atomically with the market command that spends them. The user's cash commands run one
   * after another (the queue of recordInCashStream), the market command included: the cash stream
   * stays at the version the reservation was decided on until its append is answered. Another writer
   * that moved the stream meanwhile (another process, a deposit recorded elsewhere) refuses the append
   * whole: the stream is read afresh and the reservation decided again. RESERVED_BEFORE when the
   * stream holds the reservation already (a retry, or a reservation recorded on the two-step path):
   * only the market command is left, and the caller runs it outside the user's queue.
   */
  private reserveWith<R>(
    userId: string,
    command: (marketCreditsCents: number) => FundsCommand,
    context: CommandContext,
    store: (reservationEvents: StreamAppend) => Promise<MarketCommandResult<R>>,
  ): Promise<MarketCommandResult<R> | typeof RESERVED_BEFORE> {
    const account = this.accountOf(userId);
    const run = account.tail.then(() => this.decideAndStore(userId, account, command, context, store));
    account.tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private async decideAndStore<R>(
    userId: string,
    account: CashAccountCache,
    command: (marketCreditsCents: number) => FundsCommand,
    context: CommandContext,
    store: (reservationEvents: StreamAppend) => Promise<MarketCommandResult<R>>,
  ): Promise<MarketCommandResult<R> | typeof RESERVED_BEFORE> {
    const streamId = fundsStreamId(userId);
    for (let attempt = 0; ; attempt += 1) {
      const stream = await this.decidedReservation(userId, account, command, context);
      if (stream.events.length === 0) return RESERVED_BEFORE;
      const expected = stream.decided.version;
      if (expected === 'any') throw new Error(`cash stream ${streamId} was not read`);
      try {
        const outcome = await store({ streamId, events: toEventsToAppend(stream.events, context), expected });
        if (outcome.replayed || outcome.events.length === 0) {
          // Nothing of this request was appended; the stream may hold the reservation from an earlier attempt.
          account.stream = undefined;
          return outcome;
        }
        for (const event of stream.events) fundsDecider.evolve(stream.decided.state, event);
        stream.decided.version = (expected === 'no_stream' ? -1n : expected) + BigInt(stream.events.length);
        stream.decided.applied.set(context.commandId, outcome.position);
        return outcome;
      } catch (error) {
        // A refused market command stored nothing and the fold is still the stream's; anything else may have stored something.
        if (!(error instanceof DomainError)) account.stream = undefined;
        if (!(error instanceof WrongExpectedVersion && error.streamId === streamId) || attempt >= MAX_CONFLICT_RETRIES) throw error;
      }
    }
  }

  /**
   * The reservation's events decided on the user's cash stream (none when it holds them already), with
   * the stream they were decided on. A refusal is decided again with the market credits read, then on
   * the stream read afresh, as decideInCashStream does.
   */
  private async decidedReservation(
    userId: string,
    account: CashAccountCache,
    command: (marketCreditsCents: number) => FundsCommand,
    context: CommandContext,
  ): Promise<{ decided: DecidedStream<FundsState>; events: readonly FundsEvent[] }> {
    let fresh = false;
    let marketCreditsCents = 0;
    let creditsRead = false;
    for (;;) {
      if (!account.stream) {
        account.stream = await aggregateStream(this.eventStore, fundsStreamId(userId), fundsDecider);
        fresh = true;
      }
      const decided = account.stream;
      if (decided.applied.has(context.commandId)) return { decided, events: [] };
      try {
        return { decided, events: fundsDecider.decide(command(marketCreditsCents), decided.state, context) };
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        if (!creditsRead) {
          marketCreditsCents = await this.marketCredits(userId);
          creditsRead = true;
          continue;
        }
        if (fresh) throw error;
        account.stream = undefined;
      }
    }
  }

  private accountOf(userId: string): CashAccountCache {
    const account = this.accounts.get(userId) ?? { stream: undefined, tail: Promise.resolve() };
    this.accounts.set(userId, account);
    return account;
  }
}
