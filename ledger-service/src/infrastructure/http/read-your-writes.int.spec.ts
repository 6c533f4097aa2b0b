import { randomUUID } from 'node:crypto';
import {
  CATCHING_UP_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  issueCreditsResponse,
  kycStatusResponse,
  listOrdersResponse,
  listProjectsResponse,
  listRetirementsResponse,
  placeOrderResponse,
  retireCreditsResponse,
  verifyKycResponse,
} from '@carbon-ledger/contracts';
import { Wallet } from 'xrpl';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectForm } from '../../test-support/project-form.js';
import { approveFiled } from '../../test-support/registry-issuance.js';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../../test-support/service-under-test.js';
import { startKyc, verifiedAddress } from '../../test-support/verified-address.js';

const identity = { legalName: 'Alice Example', dateOfBirth: '1990-04-01', country: 'GB', documentNumber: 'P1234567' };

/** Read your writes, as a client sees it: a write's answer comes once the views it declares show it. */
describe('read your writes', () => {
  // Long enough that a view that is not held back always catches up within it, even on busy cores.
  const service = serviceForSuite({ ...WITHOUT_BACKGROUND_JOBS, PROJECTION_WAIT_MS: '3000' });
  let holder: SignedInClient;
  let tokenId: string;
  let vintage: number;

  const json = async (client: SignedInClient, path: string): Promise<unknown> => {
    const response = await client.request('GET', path);
    expect(response.status, path).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    holder = await service.signIn(['issuer', 'trader']);
    const { address } = await verifiedAddress(service, holder);

    // A project filing, read back at once from the proponent's projects.
    const filed = await holder.request('POST', '/api/issue', { ...projectForm('PRJ-RYW', 'Read Your Writes Solar', 'Solar Energy'), xrplAddress: address });
    expect(filed.status).toBe(201);
    const answer = issueCreditsResponse.parse(await filed.json());
    const mine = listProjectsResponse.parse(await json(holder, '/api/projects/mine'));
    expect(mine.projects.find((project) => project.projectId === answer.projectId)?.reports.map((report) => report.reportId)).toEqual([answer.reportId]);

    await approveFiled(service, holder, answer);
    tokenId = answer.tokenId;
    vintage = answer.vintage;
  });

  it('a placed order is in the caller’s next list of orders', async () => {
    const placed = await holder.request('POST', '/api/orders', { type: 'sell', amount: 2, price: '30.00', projectType: 'Solar Energy', vintage });
    expect(placed.status).toBe(201);
    const order = placeOrderResponse.parse(await placed.json());
    const listed = listOrdersResponse.parse(await json(holder, '/api/orders')).orders;
    expect(listed.find((one) => one.id === order.id)).toMatchObject({ id: order.id, status: 'pending', amount: 2 });
  });

  it('a retirement is in the next list of retirements', async () => {
    const retired = await holder.request('POST', '/api/retire', { tokenId, amount: 3, beneficiary: 'Acme Ltd', purpose: 'Offsetting FY2026 travel' });
    expect(retired.status).toBe(201);
    const retirement = retireCreditsResponse.parse(await retired.json());
    const listed = listRetirementsResponse.parse(await json(holder, '/api/retirements')).retirements;
    expect(listed.find((one) => one.id === retirement.retirementId)).toMatchObject({ tokenId, amount: 3, beneficiary: 'Acme Ltd' });
  });

  it('a KYC verification shows in the address’s next status', async () => {
    const user = await service.signIn(['trader']);
    const wallet = Wallet.generate();
    const inquiryId = await startKyc(service, user, wallet);
    const verified = await user.request('POST', '/api/kyc/verify', { xrplAddress: wallet.address, inquiryId, ...identity });
    expect(verified.status).toBe(200);
    expect(verifyKycResponse.parse(await verified.json())).toMatchObject({ success: true, kycStatus: 'verified' });
    const status = kycStatusResponse.parse(await json(user, `/api/kyc/status?address=${wallet.address}`));
    expect(status.kycStatus).toBe('verified');
  });

  it('a write whose view is held back answers 202 with its body; the same key answers the success once the view caught up', async () => {
    const orderEvents = async (orderId: string): Promise<number> =>
      Number(
        (await service.runtime.pool.query<{ count: string }>(`select count(*) from events where type = 'OrderPlaced' and data->>'orderId' = $1`, [orderId]))
          .rows[0]!.count,
      );
    const body = { type: 'sell', amount: 1, price: '31.00', projectType: 'Solar Energy', vintage };
    const key = randomUUID();
    // The order book's writes wait behind this lock, as behind a stuck projection; its reads do not.
    const blocker = await service.runtime.pool.connect();
    let first: Response;
    try {
      await blocker.query('begin');
      await blocker.query('lock table order_book in exclusive mode');
      first = await holder.request('POST', '/api/orders', body, { 'idempotency-key': key });
      expect(first.status).toBe(202);
      expect(first.headers.get('retry-after')).toBe('1');
      expect(first.headers.get(CATCHING_UP_HEADER)).toBe('order-book');
      const accepted = placeOrderResponse.parse(await first.json());
      expect(accepted).toMatchObject({ status: 'pending', amount: 1, price: '31.00' });
      // Recorded, once, though the order book does not show it yet.
      expect(await orderEvents(accepted.id)).toBe(1);
      expect(listOrdersResponse.parse(await json(holder, '/api/orders')).orders.some((one) => one.id === accepted.id)).toBe(false);
      await blocker.query('commit');

      // The same request and key: nothing is placed again, and the answer is the success.
      const retried = await holder.request('POST', '/api/orders', body, { 'idempotency-key': key });
      expect(retried.status).toBe(201);
      expect(placeOrderResponse.parse(await retried.json())).toMatchObject({ id: accepted.id, status: 'pending', position: accepted.position });
      expect(await orderEvents(accepted.id)).toBe(1);
      expect(listOrdersResponse.parse(await json(holder, '/api/orders')).orders.find((one) => one.id === accepted.id)).toMatchObject({ status: 'pending' });

      // That success is the answer the key keeps.
      const replayed = await holder.request('POST', '/api/orders', body, { 'idempotency-key': key });
      expect(replayed.status).toBe(201);
      expect(replayed.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBe('true');
      expect(placeOrderResponse.parse(await replayed.json()).id).toBe(accepted.id);
    } finally {
      await blocker.query('rollback').catch(() => undefined);
      blocker.release();
    }
  });
});
