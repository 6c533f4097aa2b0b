import { listAmlAlertsResponse } from '@carbon-ledger/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { cursorPagesOptions } from '../../../shared/api/cursor-pages';
import { AML_FEED_SIZE } from '../merge-aml-alerts';

export const amlAlertsQueryKey = ['api', 'aml', 'alerts'] as const;

/** Newest first, a feed's worth a page: each page's nextCursor loads older alerts. */
export function amlAlertsQueryOptions() {
  return cursorPagesOptions(amlAlertsQueryKey, `/api/aml/alerts?limit=${AML_FEED_SIZE}`, listAmlAlertsResponse);
}

export function useAmlAlerts() {
  return useInfiniteQuery(amlAlertsQueryOptions());
}
