import { complianceDashboardResponse, issueCreditsResponse } from '@carbon-ledger/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { tradeDirectly } from '../test-support/direct-trade.js';
import { verifiedAddress } from '../test-support/verified-address.js';
import { projectForm } from '../test-support/project-form.js';
import { issueThroughRegistry } from '../test-support/registry-issuance.js';

describe("the compliance dashboard's Recent Activity", () => {
  const service = serviceForSuite(WITHOUT_BACKGROUND_JOBS);
  let issuer: SignedInClient;
  let trader: SignedInClient;
  let compliance: SignedInClient;

  beforeAll(async () => {
    [issuer, trader, compliance] = await Promise.all([service.signIn(['issuer', 'trader']), service.signIn(['trader']), service.signIn(['compliance'])]);
    await verifiedAddress(service, trader);
  });

  it('found case: lists a retirement with the credits it retired and their value at the last trade price, not $0.00', async () => {
    const { address } = await verifiedAddress(service, issuer);
    const issued = issueCreditsResponse.parse(
      await (
        await issueThroughRegistry(service, issuer, {
          ...projectForm('PRJ-ACT', 'Activity Wind', 'Wind Energy', { description: 'Recent activity' }),
          xrplAddress: address,
        })
      ).json(),
    );
    await tradeDirectly(issuer, trader, { tokenId: issued.tokenId, amount: 50, price: 18.75 });
    const retired = await trader.request('POST', '/api/retire', { tokenId: issued.tokenId, amount: 12, beneficiary: 'Northwind Logistics' });
    expect(retired.status).toBe(201);

    // The dashboard reads three read models; each catches up on its own.
    await expect
      .poll(
        async () => {
          const dashboard = complianceDashboardResponse.parse(await (await compliance.request('GET', '/api/kyc/dashboard')).json());
          return dashboard.recentActivity.find((activity) => activity.type === 'retirement');
        },
        { timeout: 10_000, interval: 200 },
      )
      .toMatchObject({ type: 'retirement', credits: 12, amount: 225 });
    const dashboard = complianceDashboardResponse.parse(await (await compliance.request('GET', '/api/kyc/dashboard')).json());
    expect(dashboard.recentActivity.find((activity) => activity.type === 'trade')).toMatchObject({ amount: 937.5, credits: null });
  });
});
