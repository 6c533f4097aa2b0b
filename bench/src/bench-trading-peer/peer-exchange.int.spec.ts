import { randomUUID } from 'node:crypto';
import type { PlaceOrderRequest } from '@carbon-ledger/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test-support/test-database.js';
import { checkPeer, peerCheckFailures } from './peer-checks.js';
import { PeerExchange } from './peer-exchange.js';
import { createPeerSchema, PEER_SCHEMA, seedPeer } from './peer-schema.js';

const BATCH = 'SOLAR-2026-PEER0001';
const issued = new Map([[BATCH, 8]]);
const buy = (price = '10.00', amount = 1): PlaceOrderRequest => ({ type: 'buy', amount, price, projectType: 'Solar Energy', vintage: 2026 });

describe("bench:trading's peer exchange and its checks", () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let exchange: PeerExchange;

  beforeAll(async () => {
    database = await createTestDatabase('peer');
    pool = new pg.Pool({ connectionString: database.connectionString, max: 8 });
    await createPeerSchema(pool);
    await seedPeer(pool, {
      sellerId: 'seller',
      buyerIds: ['alice', 'bob'],
      depositCents: 100_000,
      markets: [{ projectType: 'Solar Energy', vintage: 2026, batchId: BATCH, quantity: 8, asks: 5, askPriceCents: 1_000 }],
    });
    exchange = new PeerExchange(pool);
  });

  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it('fills concurrent funded buys at the resting price once each, keeps a key to one answer, and refuses a buyer who cannot pay', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => exchange.place(n % 2 ? 'alice' : 'bob', randomUUID(), `f${n}`, buy('10.50'))));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    expect(answers.filter((answer) => answer.body['filled'] === 1)).toHaveLength(5);

    const key = randomUUID();
    const first = await exchange.place('alice', key, 'same', buy());
    expect(await exchange.place('alice', key, 'same', buy())).toEqual(first);
    expect((await exchange.place('alice', key, 'other', buy())).status).toBe(422);
    expect((await exchange.place('nobody', randomUUID(), 'poor', buy())).status).toBe(409);

    // The seller sells two of its free serials into the resting bids (10.50 each, the bids' price).
    const sold = await exchange.place('seller', randomUUID(), 'sell', { ...buy('10.00', 2), type: 'sell' });
    expect(sold.body['filled']).toBe(2);

    const check = await checkPeer(pool, issued);
    expect(peerCheckFailures(check)).toEqual([]);
    expect(check.trades).toBe(7);
    // 5 trades at 10.00 (fee 5 each) and 2 at 10.50 (fee ceil(5.25) = 6 each).
    expect(check.feeRevenue).toBe(5 * 5 + 2 * 6);
  });

  it('names a serial owned twice and cash that does not sum to zero', async () => {
    await pool.query(`update ${PEER_SCHEMA}.holdings set last_serial = last_serial + 1 where block_id = (select min(block_id) from ${PEER_SCHEMA}.holdings)`);
    await pool.query(`update ${PEER_SCHEMA}.accounts set posted = posted + 1 where account_id = 'user:alice'`);
    const failures = peerCheckFailures(await checkPeer(pool, issued));
    expect(failures).toEqual(
      expect.arrayContaining([
        'posted balances sum to 1, not 0',
        'accounts off their transfers: user:alice',
        expect.stringMatching(/^serials owned twice: SOLAR-2026-PEER0001 #2/),
      ]),
    );
  });
});
