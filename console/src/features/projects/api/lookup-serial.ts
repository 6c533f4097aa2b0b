import { registrySerialView, type RegistrySerialView } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HttpError, requestJson } from '../../../shared/api/http';
import { registryQueryKeyPrefix } from './query-keys';

/** What the public registry knows of one serial; null when it never issued it (404). */
export async function lookupSerial(serial: string, signal?: AbortSignal): Promise<RegistrySerialView | null> {
  try {
    return await requestJson(`/api/registry/serials/${encodeURIComponent(serial)}`, registrySerialView, { signal });
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) return null;
    throw error;
  }
}

export function serialLookupQueryOptions(serial: string) {
  return queryOptions({
    queryKey: [...registryQueryKeyPrefix, 'serials', serial],
    queryFn: ({ signal }) => lookupSerial(serial, signal),
    // A serial's status changes (retired, tokenized): each search reads it afresh.
    staleTime: 0,
  });
}

/** Looks up `serial` once one is asked for (null: nothing searched yet). */
export function useSerialLookup(serial: string | null) {
  return useQuery({ ...serialLookupQueryOptions(serial ?? ''), enabled: serial !== null });
}
