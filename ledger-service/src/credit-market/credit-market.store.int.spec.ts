import { randomUUID } from 'node:crypto';
import { creditMarketStreamId, DuplicateEventId, type PlaceOrderRequest } from '@carbon-ledger/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import type { CommandContext } from '../shared/command-context.js';
import { createEventStoreDatabase, type EventStoreDatabase } from '../test-support/event-store-database.js';
import { type CreditMarketEvent, describeRanges } from './credit-market.decider.js';
import { CreditMarketStore } from './credit-market.store.js';

const context = (commandId: string, userId = 'user-1'): CommandContext => ({
  commandId,
  correlationId: commandId,
  causationId: commandId,
  actor: { userId, role: 'trader' },
  now: new Date('2026-11-25T01:00:00Z'),
});
const buy = (vintage: number, amount = 1): PlaceOrderRequest => ({ type: 'buy', amount, price: '2.00', projectType: 'Solar Energy', vintage });

describe('CreditMarketStore against PostgreSQL: one command never fails the others of its group', () => {
  let database: EventStoreDatabase | undefined;
  let eventStore: PostgresEventStore;

  beforeAll(async () => {
    database = await createEventStoreDatabase('market_store', 10);
    eventStore = database.eventStore;
  });
  afterAll(() => database?.close());

  const place = (store: CreditMarketStore, vintage: number, commandId: string, userId = 'user-1') =>
    store.execute(
      'Solar Energy',
      vintage,
      { type: 'PlaceOrder', orderId: randomUUID(), ownerId: userId, order: buy(vintage) },
      context(commandId, userId),
      () => undefined,
    );

  it('a command whose event ids another stream holds is refused alone; the 800 decided with it are appended', async () => {
    const store = new CreditMarketStore(eventStore);
    const usedElsewhere = randomUUID();
    await place(store, 2024, usedElsewhere);

    const others = Array.from({ length: 800 }, (_, n) => place(store, 2025, randomUUID(), `user-${n % 40}`));
    const colliding = place(store, 2025, usedElsewhere);
    const settled = await Promise.allSettled(others);

    expect(settled.filter((outcome) => outcome.status === 'rejected')).toEqual([]);
    await expect(colliding).rejects.toBeInstanceOf(DuplicateEventId);
    const stream = await eventStore.readStream(creditMarketStreamId('Solar Energy', 2025));
    expect(stream.filter((event) => event.type === 'OrderPlaced')).toHaveLength(800);
  });

  it('the same command twice in one group is decided once and both get its answer', async () => {
    const store = new CreditMarketStore(eventStore);
    const commandId = randomUUID();
    const orderId = randomUUID();
    const command = { type: 'PlaceOrder', orderId, ownerId: 'user-1', order: buy(2026, 3) } as const;
    const traffic = Array.from({ length: 30 }, (_, n) => place(store, 2026, randomUUID(), `user-${n}`));
    const twice = await Promise.all(
      [0, 1].map(() => store.execute('Solar Energy', 2026, command, context(commandId), (state) => state.orders.get(orderId)?.amount)),
    );
    await Promise.all(traffic);

    expect(twice.map((outcome) => outcome.result)).toEqual([3, 3]);
    expect(twice.map((outcome) => outcome.replayed).sort()).toEqual([false, true]);
    const placed = (await eventStore.readStream(creditMarketStreamId('Solar Energy', 2026))).filter(
      (event) => event.type === 'OrderPlaced' && (event.data as { orderId: string }).orderId === orderId,
    );
    expect(placed).toHaveLength(1);
  });

  it('a command another process appended meanwhile is replayed, and the commands grouped behind it are still appended', async () => {
    const vintage = 2027;
    const here = new CreditMarketStore(eventStore);
    const elsewhere = new CreditMarketStore(eventStore);
    await place(here, vintage, randomUUID());
    const commandId = randomUUID();
    const orderId = randomUUID();
    const command = { type: 'PlaceOrder', orderId, ownerId: 'user-1', order: buy(vintage, 4) } as const;
    // Another process applies it: this store's cached market does not know.
    await elsewhere.execute('Solar Energy', vintage, command, context(commandId), () => undefined);

    const again = here.execute('Solar Energy', vintage, command, context(commandId), (state) => state.orders.get(orderId)?.amount);
    const behind = Array.from({ length: 20 }, (_, n) => place(here, vintage, randomUUID(), `user-${n}`));
    expect((await again).result).toBe(4);
    expect((await again).replayed).toBe(true);
    await Promise.all(behind);

    const stream = await eventStore.readStream(creditMarketStreamId('Solar Energy', vintage));
    expect(stream.filter((event) => event.type === 'OrderPlaced')).toHaveLength(22);
  });

  it('a replayed retirement reads its serials from the events recorded for it the first time (the state keeps no retirements)', async () => {
    const store = new CreditMarketStore(eventStore);
    const vintage = 2028;
    const batchId = `SOLAR-${vintage}-0000AB12`;
    await store.execute(
      'Solar Energy',
      vintage,
      {
        type: 'IssueCredits',
        batch: {
          batchId,
          projectId: 'P',
          projectName: 'P',
          projectType: 'Solar Energy',
          description: '',
          vintage,
          standard: 'Gold Standard',
          methodology: 'm',
          scopes: { scope1: 0, scope2: 0, scope3: 0, scope4: 0, scope5: 0 },
          quantity: 50,
          serialPrefix: `NXCC-${batchId}`,
          accountId: 'user-1',
          issuedBy: 'user-1',
          xrplAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
          source: 'registry',
        },
      },
      context(randomUUID()),
      () => undefined,
    );
    const retirementId = randomUUID();
    const retire = {
      type: 'RetireCredits',
      retirementId,
      batchId,
      accountId: 'user-1',
      quantity: 5,
      beneficiary: 'B',
      purpose: '',
      standard: 'Gold Standard',
      offsetType: 'compensation',
      retiredBy: 'user-1',
    } as const;
    const commandId = randomUUID();
    const serials = (state: Parameters<typeof describeRanges>[0], events: readonly CreditMarketEvent[]) =>
      describeRanges(state, events.flatMap((event) => (event.type === 'CreditsRetired' && event.data.retirementId === retirementId ? event.data.ranges : [])));
    const first = await store.execute('Solar Energy', vintage, retire, context(commandId), serials);
    const replay = await new CreditMarketStore(eventStore).execute('Solar Energy', vintage, retire, context(commandId), serials);
    expect(first.result).toEqual([`NXCC-${batchId}-000001 to NXCC-${batchId}-000005`]);
    expect(replay).toMatchObject({ replayed: true, result: first.result });
  });
});
