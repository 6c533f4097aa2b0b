import {
  buyReservationCents,
  type CreditLabel,
  type CreditProjectType,
  type EventStore,
  fundsStreamId,
  type FundsReserved,
  type PlaceOrderRequest,
  priceToCents,
  WrongExpectedVersion,
} from '@carbon-ledger/contracts';
import type { CreditMarketEvent, CreditMarketState } from '../credit-market/credit-market.decider.js';
import type { CreditMarketStore, MarketCommandResult } from '../credit-market/credit-market.store.js';
import { offerCostCents } from '../credit-market/credit-market.decider.js';
import type { AcceptedOffer, FundedBuys } from '../credit-market/funded-buys.port.js';
import { type CommandContext, commandEventId, deriveId } from '../shared/command-context.js';
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

/**
 * Funded buy orders (docs/funds.md): the reservation is recorded in the buyer's cash stream, at its
 * version, before the order enters its market with the reservation named in OrderPlaced. Fills and
 * the cancel then move the cash in the market stream, with the serials. A crash between the two
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
    await this.recordInCashStream(ownerId, (marketCreditsCents) => ({ type: 'ReserveFunds', reservation, marketCreditsCents }), {
      ...context,
      commandId: deriveId(context.commandId, 'funds:reserve'),
    });
    return this.place(reservation, context, after);
  }

  async acceptOffer<R>(
    offer: AcceptedOffer,
    context: CommandContext,
    after: (state: CreditMarketState, events: readonly CreditMarketEvent[]) => R,
  ): Promise<MarketCommandResult<R>> {
    const reservation = offerReservation(offer);
    await this.recordInCashStream(offer.buyerAccountId, (marketCreditsCents) => ({ type: 'ReserveFunds', reservation, marketCreditsCents }), {
      ...context,
      commandId: deriveId(reservation.placementCommandId, 'funds:reserve'),
    });
    return this.accept(reservation, context, after);
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
        return await this.accept(reservation, { ...context, commandId: reservation.placementCommandId }, () => undefined);
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
      );
    } catch (error) {
      if (error instanceof DomainError && (error.code === 'NotFound' || error.code === 'Conflict')) {
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
    const account = this.accounts.get(userId) ?? { stream: undefined, tail: Promise.resolve() };
    this.accounts.set(userId, account);
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

  private async place<R>(
    reservation: Omit<FundsReserved['data'], 'reservedAt'>,
    context: CommandContext,
    after: (state: CreditMarketState, events: readonly CreditMarketEvent[]) => R,
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
    );
  }
}
