import { creditProjectTypes, issueCreditsResponse, type IssueCreditsResponse } from '@carbon-ledger/contracts';
import { type APIRequestContext, type BrowserContext, request } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningService } from './service.js';

const REVIEWER_PASSWORD = 'Quartz-lantern-orbit-47';

async function csrfOf(context: BrowserContext): Promise<string> {
  return (await context.cookies()).find((cookie) => cookie.name === 'cl_csrf')?.value ?? '';
}

/** A user of `roles` created by the administrator `admin`, signed in on an API context of its own. */
async function newUser(
  admin: BrowserContext,
  service: RunningService,
  roles: readonly string[],
  name: string,
  organisation: string,
): Promise<{ id: string; api: APIRequestContext; csrf: string }> {
  const email = `${roles[0]}-${Date.now()}-${Math.random().toString(16).slice(2, 6)}@e2e.carbon-ledger.local`;
  const created = await admin.request.post(`${service.baseUrl}/api/users`, {
    data: { email, name, password: REVIEWER_PASSWORD, roles, organisation },
    headers: { 'x-csrf-token': await csrfOf(admin) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { user } = (await created.json()) as { user: { id: string } };
  const api = await request.newContext({ baseURL: service.baseUrl });
  const login = await api.post('/api/auth/login', { data: { email, password: REVIEWER_PASSWORD } });
  expect(login.status()).toBe(200);
  const csrf = (await api.storageState()).cookies.find((cookie) => cookie.name === 'cl_csrf')?.value ?? '';
  return { id: user.id, api, csrf };
}

/**
 * The issue form's request walked to its credits over the API, as a verifier and the registry would act
 * on it (created by the administrator `admin`, of organisations of their own): answers the issue call's
 * answer once the batch is in the proponent's account.
 */
export async function issueThroughRegistryApi(
  proponent: BrowserContext,
  admin: BrowserContext,
  service: RunningService,
  body: Record<string, unknown>,
): Promise<IssueCreditsResponse> {
  const filed = await proponent.request.post(`${service.baseUrl}/api/issue`, { data: body, headers: { 'x-csrf-token': await csrfOf(proponent) } });
  expect(filed.status(), await filed.text()).toBe(201);
  const answer = issueCreditsResponse.parse(await filed.json());
  await approveThroughRegistryApi(proponent, admin, service, answer);
  // Polled by hand: this runs in hooks too, where expect.poll cannot.
  for (const deadline = Date.now() + 30_000; ;) {
    const credits = await proponent.request.get(`${service.baseUrl}/api/credits`);
    const { holdings } = (await credits.json()) as { holdings: { tokenId: string }[] };
    if (holdings.some((holding) => holding.tokenId === answer.tokenId)) break;
    if (Date.now() > deadline) throw new Error(`batch ${answer.tokenId} was not issued within 30 s of its approval`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return answer;
}

/** Where a filed issuance request stands: the issue form's answer, or the /xrpl Issue tab's. */
export interface FiledRequest {
  readonly projectId: string;
  readonly reportId: string;
  readonly vintage: number;
  readonly claimedQuantity: number;
}

/**
 * A newly drafted project's filed request approved over the API by a verifier and a registry
 * operator (created by the administrator `admin`, of organisations of their own), as claimed.
 */
export async function approveThroughRegistryApi(
  proponent: BrowserContext,
  admin: BrowserContext,
  service: RunningService,
  answer: FiledRequest,
): Promise<void> {
  const verifier = await newUser(admin, service, ['verifier'], 'E2E Verifier', 'E2E Assurance');
  const registry = await newUser(admin, service, ['registry'], 'E2E Registry', 'E2E Registry Office');
  const post = async (who: { api: APIRequestContext; csrf: string } | BrowserContext, path: string, data: unknown): Promise<void> => {
    const response =
      'api' in who
        ? await who.api.post(path, { data, headers: { 'x-csrf-token': who.csrf } })
        : await who.request.post(`${service.baseUrl}${path}`, { data, headers: { 'x-csrf-token': await csrfOf(who) } });
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  };
  const project = `/api/projects/${encodeURIComponent(answer.projectId)}`;
  await post(registry, `/api/verifiers/${verifier.id}/accreditation`, { projectTypes: creditProjectTypes });
  await post(proponent, `${project}/validation`, { verifierId: verifier.id });
  await post(verifier, `${project}/validation/decision`, { decision: 'validated' });
  await post(registry, `${project}/registration`, { decision: 'registered' });
  await post(verifier, `${project}/reports/${answer.reportId}/verification`, {
    decision: 'verified',
    verified: [{ vintage: answer.vintage, quantity: answer.claimedQuantity }],
  });
  await post(registry, `${project}/reports/${answer.reportId}/review`, { decision: 'approved' });
  await Promise.all([verifier.api.dispose(), registry.api.dispose()]);
}
