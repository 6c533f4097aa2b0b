import type { PlaceOrderRequest } from '@carbon-ledger/contracts';
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
}
