import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  carbonPricesResponse,
  PRICES_POLL_INTERVAL_MS,
  referenceCarbonPrices,
  REFERENCE_PRICES_NOTICE,
  type CarbonMarketPrice,
  type CarbonPriceSource,
  type CarbonPricesResponse,
} from '@carbon-ledger/contracts';

/** A compliance market row as the console shows it. */
export interface ComplianceMarketPrice extends CarbonMarketPrice {
  type: 'compliance';
}

/** fetch itself rejected: the server was never reached. */
export class CarbonPricesNetworkError extends Error {
  override readonly name = 'CarbonPricesNetworkError';
  constructor() {
    super('Network error');
  }
}

// Not the shared HTTP helper: the product words this call's failure as 'HTTP {status}: {statusText}'.
export async function getCarbonPrices(signal?: AbortSignal): Promise<CarbonPricesResponse> {
  let response: Response;
  try {
    response = await fetch('/api/carbon-prices', {
      credentials: 'include',
      headers: { accept: 'application/json' },
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new CarbonPricesNetworkError();
  }
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${response.statusText}`);
  const parsed = carbonPricesResponse.safeParse(await response.json());
  if (!parsed.success) throw new Error('Invalid price data');
  return parsed.data;
}

export const carbonPricesQueryOptions = queryOptions({
  queryKey: ['api', 'carbon-prices'],
  queryFn: ({ signal }) => getCarbonPrices(signal),
  refetchInterval: PRICES_POLL_INTERVAL_MS,
});

/** The text the user sees when the price call fails. */
export function describePricesError(error: unknown): string {
  if (error instanceof CarbonPricesNetworkError) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return `Unable to fetch live carbon prices: ${message}`;
}

export interface CarbonPricesState {
  markets: ComplianceMarketPrice[];
  loading: boolean;
  /** Set when the last fetch failed; cleared by the next success. */
  error: string | null;
  source: CarbonPriceSource;
  /** Shown beside reference (non-live) prices. */
  notice: string | null;
}

function toComplianceRows(prices: CarbonPricesResponse): ComplianceMarketPrice[] {
  return prices.markets.map((market) => ({ ...market, type: 'compliance' }));
}

/** Compliance prices: fetched on load and every 60 s; the built-in reference prices stand in on failure. */
export function useCarbonPrices(): CarbonPricesState {
  const query = useQuery(carbonPricesQueryOptions);
  if (query.isError) {
    const fallback = referenceCarbonPrices(new Date(query.errorUpdatedAt || Date.now()));
    return {
      markets: toComplianceRows(fallback),
      loading: false,
      error: describePricesError(query.error),
      source: 'reference',
      notice: REFERENCE_PRICES_NOTICE,
    };
  }
  if (query.data === undefined) {
    return { markets: [], loading: query.isPending, error: null, source: 'live', notice: null };
  }
  const { data } = query;
  return {
    markets: toComplianceRows(data),
    loading: false,
    error: null,
    source: data.source,
    notice: data.source === 'reference' ? (data.notice ?? REFERENCE_PRICES_NOTICE) : null,
  };
}
