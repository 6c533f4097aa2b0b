import { healthResponse, type HealthResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HttpError } from '../../../shared/api/http';

export const healthQueryKey = ['api', 'health'] as const;
/** A stuck projection is an operator's emergency, but it does not come and go by the second. */
export const HEALTH_POLL_INTERVAL_MS = 15_000;

/** GET /api/health. Its 503 (a projection or reaction is stuck) carries the same body, which is the point. */
export async function getHealth(signal?: AbortSignal): Promise<HealthResponse> {
  const response = await fetch('/api/health', { headers: { accept: 'application/json' }, credentials: 'same-origin', ...(signal ? { signal } : {}) });
  const text = await response.text();
  if (response.ok || response.status === 503) {
    const parsed = healthResponse.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  }
  throw new HttpError(response.status, response.statusText, text);
}

export function healthQueryOptions() {
  return queryOptions({
    queryKey: healthQueryKey,
    queryFn: ({ signal }) => getHealth(signal),
    refetchInterval: HEALTH_POLL_INTERVAL_MS,
  });
}

export function useHealth(enabled: boolean) {
  return useQuery({ ...healthQueryOptions(), enabled });
}
