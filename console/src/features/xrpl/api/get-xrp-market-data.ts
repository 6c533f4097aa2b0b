import { XRP_PRICE_LIVE_POLL_MS, XRP_PRICE_POLL_MS, XRP_PRICE_STALE_MS, xrpMarketDataResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { jsonQueryAt } from '../../../shared/api/json-query';

export const xrpMarketDataQueryKey = ['api', 'xrpl', 'market-data'] as const;

/** 30 s in live mode, else 60 s, stale after 30 s; only mainnet XRP has a market price. */
export function xrpMarketDataQueryOptions({ live, isMainnet }: { live: boolean; isMainnet: boolean }) {
  return queryOptions({
    ...jsonQueryAt(xrpMarketDataQueryKey, xrpMarketDataResponse),
    enabled: isMainnet,
    refetchInterval: live ? XRP_PRICE_LIVE_POLL_MS : XRP_PRICE_POLL_MS,
    staleTime: XRP_PRICE_STALE_MS,
  });
}

export function useXrpMarketData(options: { live: boolean; isMainnet: boolean }) {
  return useQuery(xrpMarketDataQueryOptions(options));
}
