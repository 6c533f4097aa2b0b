import type { CreditProjectType, PlaceOrderRequest } from '@carbon-ledger/contracts';
import type { CommandContext } from '../shared/command-context.js';
import type { CreditMarketEvent, CreditMarketState } from './credit-market.decider.js';
import type { MarketCommandResult } from './credit-market.store.js';

/** Buy orders are paid for (docs/funds.md): the orders and portfolio capabilities place them through this port; funds provides it. */
export const FUNDED_BUYS = Symbol('FundedBuys');

export interface FundedBuys {
  /** Reserves the order's cost and fee in the buyer's cash stream (409 with the available balance when short), then places it. */
  placeBuy<R>(
    orderId: string,
    ownerId: string,
    order: PlaceOrderRequest,
    context: CommandContext,
    after: (state: CreditMarketState, events: readonly CreditMarketEvent[]) => R,
  ): Promise<MarketCommandResult<R>>;

  /**
   * The buyer accepts a direct trade offer (docs/funds.md, "Direct trades"): reserves its notional and fee
   * in the buyer's cash stream (409 with the available balance when short), then the market moves the
   * escrowed serials and the cash in one TradeExecuted. Every accept of one offer is the same command.
   */
  acceptOffer<R>(
    offer: AcceptedOffer,
    context: CommandContext,
    after: (state: CreditMarketState, events: readonly CreditMarketEvent[]) => R,
  ): Promise<MarketCommandResult<R>>;
}

/** What the buyer agreed to pay for, as the market holds it. */
export interface AcceptedOffer {
  readonly offerId: string;
  readonly buyerAccountId: string;
  readonly projectType: CreditProjectType;
  readonly vintage: number;
  readonly quantity: number;
  readonly price: string;
}
