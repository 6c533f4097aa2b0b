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
import { type CommandContext, deriveId } from '../shared/command-context.js';
import { handleCommand } from '../shared/handle-command.js';
import { type FundsCommand, fundsDecider } from './funds.decider.js';

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
export class FundedOrders {
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

  /** Places the order a reservation pays for, if it is not on its market yet (a replay otherwise). */
  completePlacement(reservation: FundsReserved['data'], context: Omit<CommandContext, 'commandId'>): Promise<MarketCommandResult<undefined>> {
    return this.place(reservation, { ...context, commandId: reservation.placementCommandId }, () => undefined);
  }

  /** Decides a command on the user's cash stream with the market credits read just before; reloads on a conflict. */
  async recordInCashStream(userId: string, command: (marketCreditsCents: number) => FundsCommand, context: CommandContext): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      const marketCreditsCents = await this.marketCredits(userId);
      try {
        await handleCommand(this.eventStore, fundsStreamId(userId), fundsDecider, { command: command(marketCreditsCents), context });
        return;
      } catch (error) {
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
