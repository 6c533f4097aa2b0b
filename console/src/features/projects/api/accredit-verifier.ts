import { accreditVerifierResponse, type CreditProjectType } from '@carbon-ledger/contracts';
import type { z } from 'zod';
import { requestJson } from '../../../shared/api/http';
import { useRefreshingMutation } from '../../../shared/api/refreshing-mutation';
import { verifiersQueryKey } from './list-verifiers';

export type AccreditVerifierResponse = z.infer<typeof accreditVerifierResponse>;

export interface AccreditVerifierVariables {
  verifierId: string;
  projectTypes: CreditProjectType[];
}

/** Replaces what the verifier is accredited for. */
export function accreditVerifier({ verifierId, projectTypes }: AccreditVerifierVariables): Promise<AccreditVerifierResponse> {
  return requestJson(`/api/verifiers/${encodeURIComponent(verifierId)}/accreditation`, accreditVerifierResponse, {
    method: 'POST',
    body: { projectTypes },
  });
}

export function useAccreditVerifier() {
  return useRefreshingMutation({ mutationFn: accreditVerifier, refreshes: [verifiersQueryKey] });
}
