import { acceptDirectTradeOfferResponse, type AcceptDirectTradeOfferResponse } from '@carbon-ledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { tradeOffersQueryKey } from './list-trade-offers';

/** The buyer accepts: the price and the 0.5% fee are paid from the buyer's cash with the serials. */
export function acceptTradeOffer(offerId: string): Promise<AcceptDirectTradeOfferResponse> {
  return requestJson(`/api/trade/offers/${encodeURIComponent(offerId)}/accept`, acceptDirectTradeOfferResponse, { method: 'POST' });
}

export function useAcceptTradeOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTradeOffer,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: tradeOffersQueryKey });
      await queryClient.invalidateQueries({ queryKey: ['api', 'funds'] });
    },
  });
}
