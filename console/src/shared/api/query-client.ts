import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { requestJson } from './http';

const untypedJson = { parse: (data: unknown): unknown => data };

/** A cached load without its own fetcher GETs the query key parts joined by slashes. */
const getByQueryKey: QueryFunction = ({ queryKey, signal }) => requestJson(`/${queryKey.join('/')}`, untypedJson, { signal });

/** The product's defaults: no polling unless a query asks, no refetch on focus, never stale, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getByQueryKey,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
