/**
 * The credit market decider: one decide function per command (under decide/, matching in
 * decide/matching.ts), one evolve per event (market-evolve.ts), over the state of market-state.ts.
 * This module is their dispatch and the market's one import for the rest of the service.
 */
import {
  decideCancelCredits,
  decideIssueCredits,
  decideRecordXrplSettlement,
  decideRedeemCredits,
  decideRetireCredits,
  decideTokenizeCredits,
} from './decide/credits.js';
import { decideAcceptDirectTradeOffer, decideOfferDirectTrade, decideTransferCredits, decideWithdrawDirectTradeOffer } from './decide/direct-trades.js';
import { decideCancelOrder, decidePlaceOrder } from './decide/orders.js';
import type { CreditMarketCommand, DecideCommand, DecideContext } from './market-commands.js';
import type { CreditMarketEvent, CreditMarketState } from './market-state.js';

export type { ClosedOrder, CreditMarketCommand, DecideContext, IssueCreditsInput, TokenizeInput } from './market-commands.js';
export {
  batchSummary,
  type CreditMarketEvent,
  type CreditMarketState,
  describeRanges,
  initialCreditMarketState,
  type OfferState,
  orderHoldCents,
  type OrderState,
  registryViolations,
  tradableOf,
  vaultHolding,
} from './market-state.js';
export { evolveCreditMarket, ordersItMayClose } from './market-evolve.js';
export { directTrade, offerCostCents, offerExpired } from './decide/direct-trades.js';
export { closedOrderRefusal, orderAfter, type OrderSummary, selfTradeNote } from './decide/orders.js';
export { mayMeetLabelledBid } from './decide/matching.js';
export {
  decideAcceptDirectTradeOffer,
  decideCancelCredits,
  decideCancelOrder,
  decideIssueCredits,
  decideOfferDirectTrade,
  decidePlaceOrder,
  decideRecordXrplSettlement,
  decideRedeemCredits,
  decideRetireCredits,
  decideTokenizeCredits,
  decideTransferCredits,
  decideWithdrawDirectTradeOffer,
};

/** One decide per command type; the mapped type makes a new command a compile error until it is decided. */
const deciders: { readonly [T in CreditMarketCommand['type']]: DecideCommand<T> } = {
  IssueCredits: decideIssueCredits,
  TokenizeCredits: decideTokenizeCredits,
  RedeemCredits: decideRedeemCredits,
  PlaceOrder: decidePlaceOrder,
  CancelOrder: decideCancelOrder,
  TransferCredits: decideTransferCredits,
  OfferDirectTrade: decideOfferDirectTrade,
  AcceptDirectTradeOffer: decideAcceptDirectTradeOffer,
  WithdrawDirectTradeOffer: decideWithdrawDirectTradeOffer,
  RetireCredits: decideRetireCredits,
  CancelCredits: decideCancelCredits,
  RecordXrplSettlement: decideRecordXrplSettlement,
};

/** The command's events on the state, or a DomainError; the state is never changed. */
export function decideCreditMarket(command: CreditMarketCommand, state: CreditMarketState, context: DecideContext): CreditMarketEvent[] {
  // The table pairs each type with its decide; TypeScript cannot correlate the lookup with the command's own type.
  return (deciders[command.type] as DecideCommand<CreditMarketCommand['type']>)(command, state, context);
}
