import {
  createUserRequest,
  healthResponse,
  issueCreditsRequest,
  issueCreditsResponse,
  listAmlAlertsResponse,
  MAX_CREDITS,
  MAX_NOTIONAL_USD,
  MAX_PRICE_PER_CREDIT,
  MAX_TEST_USD,
  retireCreditsRequest,
  tradeCreditsResponse,
  type ProjectionHealth,
} from '@carbon-ledger/contracts';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { serviceForSuite, type SignedInClient } from '../test-support/service-under-test.js';
import { fundWithTestUsd } from '../test-support/test-usd.js';
import { verifiedAddress } from '../test-support/verified-address.js';
import { issueThroughRegistry } from '../test-support/registry-issuance.js';

const RTL = 'שלום עולם مرحبا بالعالم';
const ASTRAL = '\u{1F331}\u{1F30D}\u{1D400}\u{20000}';

/** Text a request contract's field accepts, biased to its limits: the longest, astral-plane and right-to-left. */
function acceptedText(field: z.ZodType, max: number): fc.Arbitrary<string> {
  const atLimit = (unit: string): string =>
    Array.from(unit.repeat(Math.ceil(max / unit.length)))
      .reduce((out, char) => (out.length + char.length <= max ? out + char : out), '')
      .trim();
  return fc
    .oneof(
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }),
      fc.constantFrom(atLimit('x'), atLimit(RTL), atLimit(ASTRAL), atLimit(`${RTL} ${ASTRAL}\n`)),
    )
    .filter((text) => field.safeParse(text).success);
}

const price = fc
  .oneof(fc.constantFrom(1, MAX_PRICE_PER_CREDIT * 100), fc.integer({ min: 1, max: MAX_PRICE_PER_CREDIT * 100 }))
  .map((cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`);

/**
 * Totality (docs/totality.md) for reactions: commands at the contracts' limits go through the real
 * service, whose reactions (AML screening, XRPL settlement with its retirement memo, the KYC
 * credential) and projections must all follow them to the head of the log without a failure.
 */
describe('every reaction and projection follows commands at the contracts’ limits', () => {
  const service = serviceForSuite();
  let issuer: SignedInClient;
  let buyer: SignedInClient;
  let issuerAddress: string;

  beforeAll(async () => {
    [issuer, buyer] = await Promise.all([service.signIn(['issuer', 'trader', 'admin']), service.signIn(['trader'])]);
    issuerAddress = (await verifiedAddress(service, issuer)).address;
    await verifiedAddress(service, buyer);
    // Buy orders are paid for (docs/funds.md): enough for the largest order the contracts take, and for the runs before it.
    await fundWithTestUsd(buyer, String(MAX_TEST_USD));
    await fundWithTestUsd(buyer, '1000000000.00');
  });

  async function post(client: SignedInClient, path: string, body: unknown): Promise<unknown> {
    const response = await client.request('POST', path, body);
    if (response.status !== 200 && response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  }

  /** A request at the limits walked through verification and approval to its batch. */
  async function issueOk(client: SignedInClient, body: Record<string, unknown>): Promise<unknown> {
    const response = await issueThroughRegistry(service, client, body);
    if (response.status !== 201) throw new Error(`POST /api/issue answered ${response.status}: ${await response.text()}`);
    return response.json();
  }

  async function caughtUp(): Promise<{ status: number; followers: ProjectionHealth[] }> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const response = await service.anonymous('GET', '/api/health');
      const health = healthResponse.parse(await response.json());
      const followers = [...health.projections, ...health.reactions];
      const done = followers.every((follower) => follower.status === 'failed' || follower.lagEvents === 0);
      if ((done && response.status === 200) || response.status === 503 || Date.now() > deadline) return { status: response.status, followers };
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('issues, matches, trades directly, retires and screens texts and amounts at the limits without stalling anything', async () => {
    const shape = issueCreditsRequest.shape;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          // Room for a run number: a Project ID names one project (another name under it is refused).
          id: acceptedText(shape.id, 94),
          name: acceptedText(shape.name, 200),
          description: acceptedText(shape.description, 2000),
          beneficiary: acceptedText(retireCreditsRequest.shape.beneficiary, 200),
          purpose: acceptedText(retireCreditsRequest.shape.purpose, 500),
          userName: acceptedText(createUserRequest.shape.name, 120),
          price,
          scope: fc.constantFrom(50, 550, 5500, 15000),
        }),
        async (s) => {
          run += 1;
          const issued = issueCreditsResponse.parse(
            await issueOk(issuer, {
              id: `r${run}-${s.id}`,
              name: s.name,
              projectType: 'Solar Energy',
              description: s.description,
              scope1: s.scope,
              scope2: s.scope,
              scope3: 0,
              scope4: 0,
              scope5: 0,
              xrplAddress: issuerAddress,
            }),
          );
          const sold = Math.max(1, Math.floor(issued.quantity / 2));
          const market = { projectType: 'Solar Energy', vintage: issued.vintage };
          await post(issuer, '/api/orders', { type: 'sell', amount: sold, price: s.price, ...market });
          await post(buyer, '/api/orders', { type: 'buy', amount: sold, price: s.price, ...market });
          // One credit of the rest sold directly: an offer the buyer accepts and pays for, at the same price.
          const direct = issued.quantity - sold > 1 ? 1 : 0;
          if (direct > 0) {
            const offer = tradeCreditsResponse.parse(
              await post(issuer, '/api/trade', { tokenId: issued.tokenId, amount: direct, buyerAccountId: buyer.userId, price: s.price }),
            );
            await post(buyer, `/api/trade/offers/${offer.transactionId}/accept`, undefined);
          }
          await post(issuer, '/api/retire', {
            tokenId: issued.tokenId,
            amount: issued.quantity - sold - direct,
            beneficiary: s.beneficiary,
            purpose: s.purpose,
          });
          await post(issuer, '/api/users', {
            email: `limits-${issued.tokenId.toLowerCase()}@example.test`,
            name: s.userName,
            password: 'correct horse battery',
            roles: ['trader'],
          });
        },
      ),
      { numRuns: 6, interruptAfterTimeLimit: 30_000, markInterruptAsFailure: false },
    );
    // The largest order the contract takes: its value (10^13 USD) is screened and alerted on.
    await post(buyer, '/api/orders', { type: 'buy', amount: MAX_CREDITS, price: `${MAX_PRICE_PER_CREDIT}.00`, projectType: 'Wind Energy', vintage: 2100 });

    const { status, followers } = await caughtUp();
    expect(followers.filter((follower) => follower.status === 'failed')).toEqual([]);
    expect(status).toBe(200);
    const alerts = listAmlAlertsResponse.parse(await (await issuer.request('GET', '/api/aml/alerts?limit=100')).json());
    expect(alerts.alerts.map((alert) => alert.amount)).toContain(MAX_NOTIONAL_USD);
  }, 120_000);
});
