import { getRetirementResponse, type GetRetirementResponse } from '@carbon-ledger/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { HttpError, requestJson } from '../../../shared/api/http';
import { retirementsQueryKey } from './list-retirements';

/** A certificate, public: null when there is no such retirement (404). */
export async function fetchRetirement(id: string, signal?: AbortSignal): Promise<GetRetirementResponse | null> {
  try {
    return await requestJson(`/api/retirements/${encodeURIComponent(id)}`, getRetirementResponse, { signal });
  } catch (error) {
    // The server checks the id is a UUID first, so a malformed link answers 400: not found either.
    if (error instanceof HttpError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export function certificatePdfPath(id: string): string {
  return `/api/retirements/${encodeURIComponent(id)}/certificate.pdf`;
}

export function retirementQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...retirementsQueryKey, id],
    queryFn: ({ signal }) => fetchRetirement(id, signal),
  });
}

export function useRetirement(id: string) {
  return useQuery(retirementQueryOptions(id));
}
