import {
  buyReservationCents,
  type EventStore,
  fundsStreamId,
  type FundsReserved,
  type PlaceOrderRequest,
  priceToCents,
  WrongExpectedVersion,
} from '@carbon-ledger/contracts';
import type { CreditMarketEvent, CreditMarketState } from '../credit-market/credit-market.decider.js';
import type { CreditMarketStore, MarketCommandResult } from '../credit-market/credit-market.store.js';
import type { FundedBuys } from '../credit-market/funded-buys.port.js';
import { type CommandContext, commandEventId, deriveId } from '../shared/command-context.js';
import { DomainError } from '../shared/domain-error.js';
import { aggregateStream, type DecidedStream, handleCommand, type Recorded } from '../shared/handle-command.js';
import { type FundsCommand, fundsDecider, type FundsState } from './funds.decider.js';

/** A user's proceeds and released holds recorded in the markets so far (a lower bound is safe, see FundsState). */
export type MarketCredits = (userId: string) => Promise<number>;

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

export class FundedOrders implements FundedBuys {
  private readonly accounts = new Map<string, CashAccountCache>();

  constructor(
    private readonly eventStore: EventStore,
    private readonly markets: CreditMarketStore,
    private readonly marketCredits: MarketCredits,
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
      order: { projectType: order.projectType, vintage: order.vintage, amount: order.amount, price: order.price },
      placementCommandId: context.commandId,
    };
    await this.recordInCashStream(ownerId, (marketCreditsCents) => ({ type: 'ReserveFunds', reservation, marketCreditsCents }), {
      ...context,
      commandId: deriveId(context.commandId, 'funds:reserve'),
    });
    return this.place(reservation, context, after);
  }

  /**
   * Places the order a reservation pays for, if it is not on its market yet. Almost always the request
   * placed it already: the log's event-id key says so in one lookup. Deciding it again would cost more
   * than a replay once the order has closed — the market forgets closed orders, decides the placement
   * anew, finds its events in the log and rebuilds its state from the last snapshot.
   */
  async completePlacement(reservation: FundsReserved['data'], context: Omit<CommandContext, 'commandId'>): Promise<MarketCommandResult<undefined>> {
    const [placed] = (await this.eventStore.findEvents?.([commandEventId(reservation.placementCommandId, 0)])) ?? [];
    if (placed) return { position: placed.position, replayed: true, events: [], result: undefined };
    return this.place(reservation, { ...context, commandId: reservation.placementCommandId }, () => undefined);
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

  private place<R>(
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
      },
      context,
      after,
    );
  }
}
