import { randomUUID } from 'node:crypto';
import { creditMarketStreamId, IDEMPOTENT_REPLAYED_HEADER, issueCreditsResponse, placeOrderResponse, retireCreditsResponse } from '@carbon-ledger/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../../test-support/service-under-test.js';
import { fundWithTestUsd } from '../../test-support/test-usd.js';
import { verifiedAddress } from '../../test-support/verified-address.js';
import { projectForm } from '../../test-support/project-form.js';
import { issueThroughRegistry } from '../../test-support/registry-issuance.js';

const YEAR = new Date().getUTCFullYear();
const buy = (amount: number, price = '3.00', vintage = YEAR) => ({ type: 'buy', amount, price, projectType: 'Solar Energy', vintage });
const project = projectForm('PRJ-IDEM', 'Idempotent Solar', 'Solar Energy', { description: 'PV', scope2: 50 });
const retirement = (tokenId: string, amount: number) => ({ tokenId, amount, beneficiary: 'Acme Ltd', purpose: 'FY offset' });

/** A fresh key, as the console sends one with every change. */
const keyed = (key = randomUUID()) => ({ 'idempotency-key': key });

interface Answer {
  readonly status: number;
  readonly text: string;
  readonly replayed: boolean;
}

async function answerOf(response: Promise<Response>): Promise<Answer> {
  const settled = await response;
  return { status: settled.status, text: await settled.text(), replayed: settled.headers.get(IDEMPOTENT_REPLAYED_HEADER) === 'true' };
}

describe('Idempotency-Key at the edge (every state-changing route)', () => {
  // A loaded machine's order book may lag more than the default 2 s; the answers here are about keys, not lag.
  const service = serviceForSuite({ ...WITHOUT_BACKGROUND_JOBS, PROJECTION_WAIT_MS: '30000' });
  let issuer: SignedInClient;
  let trader: SignedInClient;
  let otherTrader: SignedInClient;
  let issuerAddress: string;

  beforeAll(async () => {
    [issuer, trader, otherTrader] = await Promise.all([service.signIn(['issuer', 'trader']), service.signIn(['trader']), service.signIn(['trader'])]);
    // Trading needs KYC verified on every path (one at a time: the sandbox's genesis account funds each).
    issuerAddress = (await verifiedAddress(service, issuer)).address;
    await verifiedAddress(service, trader);
    await verifiedAddress(service, otherTrader);
    // Buy orders are paid for (docs/funds.md).
    await Promise.all([fundWithTestUsd(issuer), fundWithTestUsd(trader), fundWithTestUsd(otherTrader)]);
  });

  const marketEvents = async (type: string): Promise<{ data: Record<string, unknown>; commandId: string }[]> => {
    const stream = await service.runtime.eventStore.readStream(creditMarketStreamId('Solar Energy', YEAR));
    return stream.filter((event) => event.type === type).map((event) => ({ data: event.data as Record<string, unknown>, commandId: event.metadata.commandId }));
  };
  // One monitoring report a project a day: each batch under a project of its own.
  let batches = 0;
  const issueBatch = async (headers: Record<string, string> = keyed()) => {
    batches += 1;
    const body = { ...project, id: `${project.id}-${batches}`, xrplAddress: issuerAddress };
    return issueCreditsResponse.parse(await (await issueThroughRegistry(service, issuer, body, headers)).json());
  };

  it("another user's key is that user's alone: the same key and body places a new order owned by the sender", async () => {
    const key = keyed();
    const mine = placeOrderResponse.parse(await (await trader.request('POST', '/api/orders', buy(4), key)).json());
    const before = await service.countEvents('credit-market-');

    const response = await otherTrader.request('POST', '/api/orders', buy(4), key);
    expect(response.status).toBe(201);
    expect(response.headers.get(IDEMPOTENT_REPLAYED_HEADER)).toBeNull();
    const theirs = placeOrderResponse.parse(await response.json());
    expect(theirs.ownerId).toBe(otherTrader.userId);
    expect(theirs.id).not.toBe(mine.id);
    expect(JSON.stringify(theirs)).not.toContain(trader.userId);
    expect(await service.countEvents('credit-market-')).toBe(before + 1);
  });

  it('the same key with another body is refused with 422 and appends nothing (a "buy 7" never gets the earlier "buy 2")', async () => {
    const key = keyed();
    const first = await trader.request('POST', '/api/orders', buy(2), key);
    expect(first.status).toBe(201);
    // What an order could append: its market's events and its buyer's cash reservation. (Reactions to the
    // first order, such as its AML screening, land in other streams whenever they run.)
    const orderEvents = async (): Promise<number> => (await service.countEvents('credit-market-')) + (await service.countEvents('funds-'));
    const before = await orderEvents();

    const other = await trader.request('POST', '/api/orders', buy(7), key);
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({
      error: 'IdempotencyKeyReused',
      message: 'This Idempotency-Key was already used for a different request (method, path or body). Send a new key for a new request.',
    });
    // Key order and spacing of the JSON do not make it another request.
    const reordered = await trader.request(
      'POST',
      '/api/orders',
      `{ "vintage": ${YEAR}, "projectType": "Solar Energy", "price": "3.00", "amount": 2, "type": "buy" }`,
      key,
    );
    expect(reordered.status).toBe(201);
    expect(await orderEvents()).toBe(before);
  });

  it('a key reused for another command on the same market is refused with 422: no retirement, no issue, no cancel pretends to be done', async () => {
    const issueKey = keyed();
    const batch = await issueBatch(issueKey);
    const retiredBefore = (await marketEvents('CreditsRetired')).length;
    const issuedBefore = (await marketEvents('CreditsIssued')).length;

    const retire = await issuer.request('POST', '/api/retire', retirement(batch.tokenId, 3), issueKey);
    expect(retire.status).toBe(422);
    expect(await retire.json()).toMatchObject({ error: 'IdempotencyKeyReused' });
    expect(await marketEvents('CreditsRetired')).toHaveLength(retiredBefore);

    const retireKey = keyed();
    const retired = retireCreditsResponse.parse(await (await issuer.request('POST', '/api/retire', retirement(batch.tokenId, 2), retireKey)).json());
    expect(retired.serialRanges).toEqual([`NXCC-${batch.tokenId}-000001 to NXCC-${batch.tokenId}-000002`]);
    const issue = await issuer.request('POST', '/api/issue', { ...project, id: `${project.id}-reused-key`, xrplAddress: issuerAddress }, retireKey);
    expect(issue.status).toBe(422);
    expect(await marketEvents('CreditsIssued')).toHaveLength(issuedBefore);

    const orderKey = keyed();
    const order = placeOrderResponse.parse(await (await trader.request('POST', '/api/orders', buy(5), orderKey)).json());
    const cancel = await trader.request('POST', `/api/orders/${order.id}/cancel`, undefined, orderKey);
    expect(cancel.status).toBe(422);
    const cancelled = await trader.request('POST', `/api/orders/${order.id}/cancel`, undefined, keyed());
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ id: order.id, status: 'cancelled' });
  });

  it('a replayed retirement answers the first answer byte for byte, serial ranges included; after the key expired the log still holds it once', async () => {
    const batch = await issueBatch();
    const key = keyed();
    const first = await answerOf(issuer.request('POST', '/api/retire', retirement(batch.tokenId, 4), key));
    expect(first.status).toBe(201);
    const retired = retireCreditsResponse.parse(JSON.parse(first.text));
    expect(retired.serialRanges).toEqual([`NXCC-${batch.tokenId}-000001 to NXCC-${batch.tokenId}-000004`]);

    const again = await answerOf(issuer.request('POST', '/api/retire', retirement(batch.tokenId, 4), key));
    expect(again).toEqual({ ...first, replayed: true });

    // Past the expiry window the row is gone; the command id (user + key + request) collides in the log instead.
    await service.runtime.pool.query("update idempotency_keys set expires_at = now() - interval '1 second' where idempotency_key = $1", [
      key['idempotency-key'],
    ]);
    const afterExpiry = await answerOf(issuer.request('POST', '/api/retire', retirement(batch.tokenId, 4), key));
    expect(afterExpiry.status).toBe(201);
    expect(afterExpiry.replayed).toBe(false);
    const { position: _first, ...firstAnswer } = retired;
    const { position: _later, ...laterAnswer } = retireCreditsResponse.parse(JSON.parse(afterExpiry.text));
    expect(laterAnswer).toEqual(firstAnswer);
    expect((await marketEvents('CreditsRetired')).filter((event) => event.data.retirementId === retired.retirementId)).toHaveLength(1);
  });

  it('16 concurrent duplicates place one order and get 16 identical answers, on an idle and on a busy market', async () => {
    for (const busy of [false, true]) {
      const key = keyed();
      const traffic = busy
        ? Array.from({ length: 48 }, (_, n) => otherTrader.request('POST', '/api/orders', buy(1, `1.${String(n).padStart(2, '0')}`), keyed()))
        : [];
      const answers = await Promise.all(Array.from({ length: 16 }, () => answerOf(trader.request('POST', '/api/orders', buy(9, '2.25'), key))));
      for (const other of await Promise.all(traffic)) expect(other.status).toBe(201);

      expect(answers[0]?.status).toBe(201);
      expect(new Set(answers.map(({ status, text }) => `${status} ${text}`)).size).toBe(1);
      expect(answers.filter((answer) => !answer.replayed)).toHaveLength(1);
      const order = placeOrderResponse.parse(JSON.parse(answers[0]?.text ?? ''));
      expect((await marketEvents('OrderPlaced')).filter((event) => event.data.orderId === order.id)).toHaveLength(1);
    }
  });

  it('duplicates sent to two processes of the service wait for one first answer', async () => {
    const other = await service.startAnotherProcess();
    try {
      const key = keyed();
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, n) =>
          answerOf(
            n % 2 === 0
              ? trader.request('POST', '/api/orders', buy(6, '2.75'), key)
              : trader.requestAt(other.baseUrl, 'POST', '/api/orders', buy(6, '2.75'), key),
          ),
        ),
      );
      expect(answers[0]?.status).toBe(201);
      expect(new Set(answers.map(({ status, text }) => `${status} ${text}`)).size).toBe(1);
      const order = placeOrderResponse.parse(JSON.parse(answers[0]?.text ?? ''));
      expect((await marketEvents('OrderPlaced')).filter((event) => event.data.orderId === order.id)).toHaveLength(1);
      // The same key with another body at the other process: 422 there too.
      expect((await trader.requestAt(other.baseUrl, 'POST', '/api/orders', buy(1), key)).status).toBe(422);
    } finally {
      await other.close();
    }
  });

  it('800 orders from many users in one market: one request reusing a key fails alone, none of the others does', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => service.signIn(['trader'])));
    for (const user of users) await verifiedAddress(service, user);
    await Promise.all(users.map((user) => fundWithTestUsd(user)));
    // The reused key first placed an order on another market (another vintage).
    const reused = keyed();
    expect((await trader.request('POST', '/api/orders', buy(1, '1.00', YEAR - 1), reused)).status).toBe(201);
    const before = (await marketEvents('OrderPlaced')).length;

    const started = performance.now();
    // 100 clients at a time (817 sockets at once overflow the listen backlog on a loaded machine); the market still groups them.
    const statuses: number[] = [];
    let next = 0;
    const client = async (): Promise<void> => {
      for (let n = next++; n < 816; n = next++) {
        const owner = users[n % users.length]!;
        const response = await owner.request('POST', '/api/orders', buy(1 + (n % 5), `0.${String((n % 90) + 10)}`), keyed());
        statuses.push(response.status);
      }
    };
    const clients = Array.from({ length: 100 }, () => client());
    while (next < 400) await new Promise((resolve) => setTimeout(resolve, 5));
    const reusing = await trader.request('POST', '/api/orders', buy(3, '1.00'), reused);
    await Promise.all(clients);

    expect(statuses).toHaveLength(816);
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    expect(reusing.status).toBe(422);
    expect(await marketEvents('OrderPlaced')).toHaveLength(before + 816);
    console.info(`817 order POSTs answered in ${Math.round(performance.now() - started)} ms`);
  }, 300_000);

  it('refuses a malformed key with 400 and runs nothing', async () => {
    const mine = async () => (await marketEvents('OrderPlaced')).filter((event) => event.data.ownerId === trader.userId).length;
    const before = await mine();
    const response = await trader.request('POST', '/api/orders', buy(1), { 'idempotency-key': 'short' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'ValidationFailed', message: 'Idempotency-Key must be 8-128 characters of letters, digits, . _ : -' });
    expect(await mine()).toBe(before);
  });

  it('keeps a refusal as the first answer too: the same request again gets the same 4xx, byte for byte', async () => {
    const key = keyed();
    const first = await answerOf(otherTrader.request('POST', '/api/orders/00000000-0000-4000-8000-000000000000/cancel', undefined, key));
    expect(first.status).toBe(404);
    const again = await answerOf(otherTrader.request('POST', '/api/orders/00000000-0000-4000-8000-000000000000/cancel', undefined, key));
    expect(again).toEqual({ ...first, replayed: true });
  });
});
