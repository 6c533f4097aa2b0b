import { withdrawDirectTradeOfferResponse, type WithdrawDirectTradeOfferResponse } from '@carbon-ledger/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';
import { tradeOffersQueryKey } from './list-trade-offers';

/** decline: the buyer's answer; cancel: the seller's (or either party's once the offer expired). */
export type OfferWithdrawal = { readonly offerId: string; readonly as: 'decline' | 'cancel' };

export function withdrawTradeOffer({ offerId, as }: OfferWithdrawal): Promise<WithdrawDirectTradeOfferResponse> {
  return requestJson(`/api/trade/offers/${encodeURIComponent(offerId)}/${as}`, withdrawDirectTradeOfferResponse, { method: 'POST' });
}

export function useWithdrawTradeOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: withdrawTradeOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tradeOffersQueryKey }),
  });
}
