import { setTimeout as sleep } from 'node:timers/promises';
import { issueCreditsResponse, listOrdersResponse, placeOrderResponse } from '@carbon-ledger/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { fundWithTestUsd } from '../test-support/test-usd.js';
import { verifiedAddress } from '../test-support/verified-address.js';
import { projectForm } from '../test-support/project-form.js';
import { issueThroughRegistry } from '../test-support/registry-issuance.js';

const ROUNDS = 20;

describe('a cancel racing the sell that fills its order', () => {
  // The cancels that win answer once the order book has them; the open transaction below holds it back for a moment.
  const service = serviceForSuite({ ...WITHOUT_BACKGROUND_JOBS, PROJECTION_WAIT_MS: '30000' });
  let seller: SignedInClient;
  let buyer: SignedInClient;
  let vintage: number;

  beforeAll(async () => {
    [seller, buyer] = await Promise.all([service.signIn(['issuer', 'trader']), service.signIn(['trader'])]);
    const { address } = await verifiedAddress(service, seller);
    await verifiedAddress(service, buyer);
    await fundWithTestUsd(buyer);
    const issued = await issueThroughRegistry(service, seller, {
      ...projectForm('PRJ-RACE', 'Race Solar', 'Solar Energy', { description: 'Cancel against fill', scope1: 550 }),
      xrplAddress: address,
    });
    const body: unknown = await issued.json();
    if (!issued.ok) throw new Error(JSON.stringify(body));
    vintage = issueCreditsResponse.parse(body).vintage;
  });

  it(`answers every cancel 200 (cancelled) or 409 (already filled), never 404, and the order ends as answered (${ROUNDS} rounds)`, async () => {
    const answers = { cancelled: 0, filled: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      // Each round a step cheaper: a sell left resting by a cancel that won never crosses a later buy.
      const price = (60 - round).toFixed(2);
      const order = { amount: 1, price, projectType: 'Solar Energy', vintage };
      const placed = await buyer.request('POST', '/api/orders', { ...order, type: 'buy' });
      expect(placed.status).toBe(201);
      const buy = placeOrderResponse.parse(await placed.json());
      expect(buy.status).toBe('pending');

      // Another writer's transaction in flight, as under load: the log's horizon, and the order book, stay behind the fill.
      const other = await service.runtime.pool.connect();
      try {
        await other.query('begin');
        await other.query('select pg_current_xact_id()');
        const [sold, cancel] = await Promise.all([
          seller.request('POST', '/api/orders', { ...order, type: 'sell' }),
          sleep(round % 4).then(() => buyer.request('POST', `/api/orders/${buy.id}/cancel`)),
          sleep(300).then(() => other.query('commit')),
        ]);
        expect(sold.status, `round ${round}: sell answered ${await sold.clone().text()}`).toBe(201);
        const text = await cancel.text();
        expect([200, 409], `round ${round}: cancel answered ${cancel.status} ${text}`).toContain(cancel.status);
        const listed = listOrdersResponse.parse(await (await buyer.request('GET', '/api/orders')).json()).orders.find((one) => one.id === buy.id);
        if (cancel.status === 200) {
          answers.cancelled += 1;
          expect(JSON.parse(text)).toMatchObject({ id: buy.id, status: 'cancelled', filled: 0 });
          expect(listed).toMatchObject({ status: 'cancelled', filled: 0 });
        } else {
          answers.filled += 1;
          expect(JSON.parse(text)).toEqual({
            error: 'Conflict',
            message: `Order ${buy.id} is already filled`,
            details: { orderId: buy.id, status: 'completed' },
          });
          expect(listed).toMatchObject({ status: 'completed', filled: 1 });
        }
      } finally {
        other.release();
      }
    }
    // Both sides of the race were run into.
    expect(answers.filled).toBeGreaterThan(0);
    console.info(`cancel won ${answers.cancelled} and fill won ${answers.filled} of ${ROUNDS} rounds`);
  }, 180_000);
});
