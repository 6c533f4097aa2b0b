import {
  provenanceResponse,
  type ProvenanceResponse,
  serialNumberPattern,
  serialProvenanceResponse,
  type SerialProvenanceResponse,
} from '@carbon-ledger/contracts';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { withCursor } from '../../../shared/api/cursor-pages';
import { requestJson } from '../../../shared/api/http';

/**
 * The chain of custody of one batch, read from the event log. The server answers 404 NotFound
 * when no batch has this token id and 400 ValidationFailed when the id is malformed; both are
 * thrown as HttpError carrying the server's message.
 */
export function fetchProvenance(tokenId: string, signal?: AbortSignal, cursor: string | null = null): Promise<ProvenanceResponse> {
  return requestJson(withCursor(`/api/provenance/${encodeURIComponent(tokenId)}`, cursor), provenanceResponse, { signal });
}

/** One serial number's whole life (GET /api/provenance/serials/{serial}); 404 when the registry never issued it. */
export function fetchSerialProvenance(serial: string, signal?: AbortSignal): Promise<SerialProvenanceResponse> {
  return requestJson(`/api/provenance/serials/${encodeURIComponent(serial)}`, serialProvenanceResponse, { signal });
}

/** What a lookup found: a batch by its token id, or one serial by its number. */
export type ProvenanceLookupResult =
  { readonly kind: 'batch'; readonly provenance: ProvenanceResponse } | { readonly kind: 'serial'; readonly provenance: SerialProvenanceResponse };

/** A serial number (NXCC-SOLAR-2026-7F3A9C21-000151) is looked up as a serial, anything else as a token id. */
export async function lookupProvenance(query: string): Promise<ProvenanceLookupResult> {
  if (serialNumberPattern.test(query)) return { kind: 'serial', provenance: await fetchSerialProvenance(query) };
  return { kind: 'batch', provenance: await fetchProvenance(query) };
}

/**
 * A lookup is asked for on demand (the Search button) and each search should read the log
 * afresh, so it is a mutation, not a cached query (like the swap quote).
 */
export function useProvenanceLookup() {
  return useMutation({ mutationKey: ['api', 'provenance'], mutationFn: (query: string) => lookupProvenance(query) });
}

/**
 * A batch's chain of custody from the first page a lookup found on, a page at a time in log order:
 * each page's nextCursor loads the entries after it. `lookedUpAt` tells one search from the next,
 * so a new search starts again from its own first page rather than from an earlier search's pages.
 */
export function useProvenancePages(first: ProvenanceResponse, lookedUpAt: number) {
  return useInfiniteQuery({
    queryKey: ['api', 'provenance', first.tokenId, lookedUpAt],
    queryFn: ({ pageParam, signal }) => fetchProvenance(first.tokenId, signal, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    initialData: { pages: [first], pageParams: [null] },
    // The first page is the lookup's answer: it is not read again, only the pages after it.
    staleTime: Infinity,
  });
}
