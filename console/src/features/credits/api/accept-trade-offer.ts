import { acceptDirectTradeOfferResponse, type AcceptDirectTradeOfferResponse } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { tradeOffersQueryKey } from './list-trade-offers';

/** The buyer accepts: the price and the 0.5% fee are paid from the buyer's cash with the serials. */
export function acceptTradeOffer(offerId: string): Promise<AcceptDirectTradeOfferResponse> {
  return requestJson(`/api/trade/offers/${encodeURIComponent(offerId)}/accept`, acceptDirectTradeOfferResponse, { method: 'POST' });
}

export function useAcceptTradeOffer() {
  return useRefreshingMutation({
    mutationFn: acceptTradeOffer,
    refreshes: [tradeOffersQueryKey, ['api', 'funds']],
  });
}
