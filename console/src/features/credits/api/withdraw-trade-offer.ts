import { withdrawDirectTradeOfferResponse, type WithdrawDirectTradeOfferResponse } from '@carbon-ledger/contracts';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { tradeOffersQueryKey } from './list-trade-offers';

/** decline: the buyer's answer; cancel: the seller's (or either party's once the offer expired). */
export type OfferWithdrawal = { readonly offerId: string; readonly as: 'decline' | 'cancel' };

export function withdrawTradeOffer({ offerId, as }: OfferWithdrawal): Promise<WithdrawDirectTradeOfferResponse> {
  return requestJson(`/api/trade/offers/${encodeURIComponent(offerId)}/${as}`, withdrawDirectTradeOfferResponse, { method: 'POST' });
}

export function useWithdrawTradeOffer() {
  return useRefreshingMutation({
    mutationFn: withdrawTradeOffer,
    refreshes: [tradeOffersQueryKey],
  });
}
