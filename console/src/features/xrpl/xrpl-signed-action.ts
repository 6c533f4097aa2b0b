import { type QueryKey } from '@tanstack/react-query';
import { xrplPrepareResponse, type XrplPrepareResponse, type XrplSubmitRequest } from '@carbon-ledger/contracts';
import { requestJson, type ResponseParser } from '../../shared/api/http';
import { useRefreshingMutation } from '../../shared/api/refreshing-mutation';
import type { BrowserSigner } from './signing/browser-signer';

/**
 * What a form hands to an XRPL action: the request without any seed, and a way
 * to get the browser signer (which checks the seed against xrplAddress first).
 */
export interface SignedActionInput<Request> {
  readonly request: Request;
  readonly loadSigner: () => Promise<BrowserSigner>;
}

/** prepare (service) -> sign (browser) -> submit (service); only the signed blobs leave the browser. */
export async function runSignedAction<Request, Result>(
  { request, loadSigner }: SignedActionInput<Request>,
  prepare: (request: Request) => Promise<XrplPrepareResponse>,
  submit: (submission: XrplSubmitRequest) => Promise<Result>,
): Promise<Result> {
  // The seed is checked before the service prepares anything for the address.
  const signer = await loadSigner();
  const prepared = await prepare(request);
  const signedTransactions = signer.sign(prepared.transactions);
  return submit({ preparation: prepared.preparation, signedTransactions });
}

export interface SignedActionEndpoint<Result> {
  /** POST /api/xrpl/{action}/prepare, then POST /api/xrpl/{action}; also the mutation's key. */
  readonly action: 'issue' | 'redeem' | 'retire' | 'tokenize' | 'trade';
  /** The prepare answer's schema, where it is not the common one. */
  readonly prepared?: ResponseParser<XrplPrepareResponse>;
  readonly result: ResponseParser<Result>;
  /** The cached loads a successful action changes. */
  readonly refreshes: readonly QueryKey[];
}

/** The mutation hook of one signed XRPL action: every action prepares, signs and submits alike. */
export function signedActionMutation<Request, Result>({ action, prepared = xrplPrepareResponse, result, refreshes }: SignedActionEndpoint<Result>) {
  const path = `/api/xrpl/${action}`;
  const run = (input: SignedActionInput<Request>): Promise<Result> =>
    runSignedAction(
      input,
      (request) => requestJson(`${path}/prepare`, prepared, { method: 'POST', body: request }),
      (submission) => requestJson(path, result, { method: 'POST', body: submission }),
    );
  return function useSignedActionMutation() {
    return useRefreshingMutation({ mutationKey: ['api', 'xrpl', action], mutationFn: run, refreshes });
  };
}
