import { creditProjectTypes, issueCreditsResponse, marketOfTokenId } from '@carbon-ledger/contracts';
import { CREDIT_MARKETS } from '../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../credit-market/credit-market.store.js';
import { ProjectionHost } from '../infrastructure/projections/projection-host.js';
import type { ServiceUnderTest, SignedInClient } from './service-under-test.js';

export interface RegistryReviewers {
  readonly verifier: SignedInClient;
  readonly registry: SignedInClient;
}

const reviewers = new WeakMap<object, Promise<RegistryReviewers>>();

/** A verifier accredited for every project type and a registry operator, once per started service. */
export function reviewersOf(service: ServiceUnderTest): Promise<RegistryReviewers> {
  const key = service.app as object;
  let found = reviewers.get(key);
  if (!found) {
    found = (async () => {
      const verifier = await service.signIn(['verifier']);
      const registry = await service.signIn(['registry']);
      await expectOk(registry.request('POST', `/api/verifiers/${verifier.userId}/accreditation`, { projectTypes: creditProjectTypes }), 'accreditation');
      return { verifier, registry };
    })();
    reviewers.set(key, found);
  }
  return found;
}

async function expectOk(pending: Promise<Response>, what: string): Promise<unknown> {
  const response = await pending;
  const body: unknown = await response.json();
  if (response.status >= 300) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/**
 * The issue form's request walked to its issuance, as three users would: the proponent files it
 * (POST /api/issue), a verifier validates the project and verifies the report as claimed, the
 * registry registers the project and approves the issuance. Answers the issue call's own answer
 * (a refusal as it came) once the batch is in the registry.
 */
export async function issueThroughRegistry(
  service: ServiceUnderTest,
  proponent: SignedInClient,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
): Promise<Response> {
  const filed = await proponent.request('POST', '/api/issue', body, headers);
  if (filed.status !== 201) return filed;
  const answer = issueCreditsResponse.parse(await filed.json());
  await approveFiled(service, proponent, answer);
  return new Response(JSON.stringify(answer), { status: 201, headers: { 'content-type': 'application/json' } });
}

/** Where a filed issuance request stands: the issue form's answer, or the /xrpl Issue tab's. */
export interface FiledRequest {
  readonly projectId: string;
  readonly projectStatus: string;
  readonly reportId: string;
  readonly reportStatus: string;
  readonly vintage: number;
  readonly claimedQuantity: number;
  readonly tokenId: string;
}

/** The verifier and the registry take a filed request to its issuance as claimed; resolves once the batch is in the registry. */
export async function approveFiled(service: ServiceUnderTest, proponent: SignedInClient, answer: FiledRequest): Promise<void> {
  const { verifier, registry } = await reviewersOf(service);
  const project = `/api/projects/${encodeURIComponent(answer.projectId)}`;
  if (answer.projectStatus === 'draft' || answer.projectStatus === 'rejected') {
    await expectOk(proponent.request('POST', `${project}/validation`, { verifierId: verifier.userId }), 'validation request');
  }
  if (answer.projectStatus !== 'registered' && answer.projectStatus !== 'validated') {
    await expectOk(verifier.request('POST', `${project}/validation/decision`, { decision: 'validated' }), 'validation');
  }
  if (answer.projectStatus !== 'registered') await expectOk(registry.request('POST', `${project}/registration`, { decision: 'registered' }), 'registration');
  if (answer.reportStatus === 'awaiting_verification') {
    await expectOk(
      verifier.request('POST', `${project}/reports/${answer.reportId}/verification`, {
        decision: 'verified',
        verified: [{ vintage: answer.vintage, quantity: answer.claimedQuantity }],
      }),
      'verification',
    );
  }
  if (answer.reportStatus !== 'approved')
    await expectOk(registry.request('POST', `${project}/reports/${answer.reportId}/review`, { decision: 'approved' }), 'approval');
  await issued(service, answer.tokenId);
}

/** Waits until the issuance reaction has issued the batch and the registry's read models show it (up to 20 s). */
export async function issued(service: ServiceUnderTest, tokenId: string): Promise<void> {
  const markets = service.app.get<CreditMarketStore>(CREDIT_MARKETS);
  const market = marketOfTokenId(tokenId)!;
  const deadline = Date.now() + 20_000;
  while (!(await markets.read(market.projectType, market.vintage, (state) => state.batches.has(tokenId)))) {
    if (Date.now() > deadline) throw new Error(`batch ${tokenId} was not issued within 20 s of its approval`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await service.app.get(ProjectionHost).waitFor(['credit-registry', 'projects'], await service.runtime.eventStore.headPosition(), 20_000);
}
