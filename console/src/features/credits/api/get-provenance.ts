import { provenanceResponse, type ProvenanceResponse } from '@carbon-ledger/contracts';
import { useMutation } from '@tanstack/react-query';
import { requestJson } from '../../../shared/api/http';

/**
 * The chain of custody of one batch, read from the event log. The server answers 404 NotFound
 * when no batch has this token id and 400 ValidationFailed when the id is malformed; both are
 * thrown as HttpError carrying the server's message.
 */
export function fetchProvenance(tokenId: string, signal?: AbortSignal): Promise<ProvenanceResponse> {
  return requestJson(`/api/provenance/${encodeURIComponent(tokenId)}`, provenanceResponse, { signal });
}

/**
 * A lookup is asked for on demand (the Search button) and each search should read the log
 * afresh, so it is a mutation, not a cached query (like the swap quote).
 */
export function useProvenanceLookup() {
  return useMutation({ mutationKey: ['api', 'provenance'], mutationFn: (tokenId: string) => fetchProvenance(tokenId) });
}
