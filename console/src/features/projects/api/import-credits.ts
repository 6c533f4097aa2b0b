import { importCreditsResponse, type ImportCreditsRequest } from '@carbon-ledger/contracts';
import type { z } from 'zod';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { creditsListQueryKey, projectDecisionRefreshes } from './query-keys';

export type ImportCreditsResponse = z.infer<typeof importCreditsResponse>;

/** Records credits brought from another registry; an origin range recorded before is refused (409). */
export function importCredits(request: ImportCreditsRequest): Promise<ImportCreditsResponse> {
  return requestJson('/api/registry/imports', importCreditsResponse, { method: 'POST', body: request });
}

export function useImportCredits() {
  return useRefreshingMutation({ mutationFn: importCredits, refreshes: [...projectDecisionRefreshes, creditsListQueryKey] });
}
