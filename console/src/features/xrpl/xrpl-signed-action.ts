import type { XrplPrepareResponse, XrplSubmitRequest } from '@carbon-ledger/contracts';
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
