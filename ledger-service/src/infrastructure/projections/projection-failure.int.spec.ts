import { randomUUID } from 'node:crypto';
import { comparePositions, formatPosition, type Position } from '@carbon-ledger/contracts';
import { amlAlertsProjection, LogFollowerRunner, readCheckpoint, rebuildProjection, usersProjection } from '@carbon-ledger/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresEventStore } from '../../event-store/postgres/postgres-event-store.js';
import type { ReadModels } from '../postgres/database.js';
import { toEventsToAppend } from '../../shared/command-context.js';
import { createEventStoreDatabase, type EventStoreDatabase } from '../../test-support/event-store-database.js';

describe('a projection over events it cannot or could not store', () => {
  let database: EventStoreDatabase;
  let db: ReadModels;
  let store: PostgresEventStore;
  const connection = (): { connectionString: string } => ({ connectionString: database.connectionString });

  /** Appends straight to the log, as a command before the contracts' bounds could have. */
  async function appendDirectly(streamId: string, type: string, data: Record<string, unknown>): Promise<Position> {
    const commandId = randomUUID();
    const result = await store.appendToStream(
      streamId,
      toEventsToAppend([{ type, data }], {
        commandId,
        correlationId: commandId,
        causationId: commandId,
        actor: { userId: 'legacy', role: 'trader' },
        now: new Date(),
      }),
      { expected: 'any' },
    );
    return result.position;
  }

  const order = (ownerId: string, amount: number, price: string) => {
    const orderId = randomUUID();
    return appendDirectly(`order-test-${orderId}`, 'OrderPlaced', {
      orderId,
      ownerId,
      side: 'buy',
      amount,
      price,
      projectType: 'Forestry',
      vintage: 2025,
      placedAt: new Date().toISOString(),
    });
  };

  beforeAll(async () => {
    database = await createEventStoreDatabase('totality');
    ({ readModels: db, eventStore: store } = database);
  });
  afterAll(() => database.close());

  it('stops at the event that fails (keeping those before it), names it, and logs once per back-off step', async () => {
    const owner = `owner-${randomUUID()}`;
    await order(owner, 5, '10.00');
    await order(owner, 6, '11.00');
    // Within the old contract, beyond what aml_transactions.amount_usd (numeric(16, 2)) holds.
    const oversized = await order(owner, 1_000_000_000, '100000.00');
    await order(owner, 7, '12.00');

    const logged: { at: number; message: string }[] = [];
    const runner = new LogFollowerRunner(amlAlertsProjection, {
      db,
      eventStore: store,
      connectionConfig: connection(),
      logger: { log: () => undefined, error: (message) => logged.push({ at: Date.now(), message }) },
    });
    runner.start();
    try {
      const deadline = Date.now() + 6_000;
      while (logged.length < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));

      const { failure, state } = runner.status;
      expect(state).toBe('failed');
      expect(failure?.event?.type).toBe('OrderPlaced');
      expect(comparePositions(failure!.event!.position, oversized)).toBe(0);
      expect(failure?.error).toContain('numeric field overflow');
      expect(failure?.attempts).toBeGreaterThanOrEqual(3);

      // The two orders before it are in the read model and the checkpoint stops just before it; nothing after it.
      const screened = await db.selectFrom('aml_transactions').select('amount_usd').where('user_id', '=', owner).orderBy('amount_usd').execute();
      expect(screened.map((row) => Number(row.amount_usd))).toEqual([50, 66]);
      const checkpoint = await readCheckpoint(db, amlAlertsProjection.name);
      expect(comparePositions(checkpoint!.position, oversized)).toBeLessThan(0);
      expect(comparePositions(runner.position, oversized)).toBeLessThan(0);

      // One line per attempt, each naming the event, and each attempt waits the back-off it announced.
      expect(logged.length).toBeGreaterThanOrEqual(3);
      expect(logged.length).toBeLessThanOrEqual(5);
      for (const line of logged) {
        expect(line.message).toContain(`projection aml-alerts failed at event ${formatPosition(oversized)} (OrderPlaced): numeric field overflow`);
      }
      for (let index = 1; index < logged.length; index += 1) {
        const announced = Number(/retrying in (\d+) ms/.exec(logged[index - 1]!.message)?.[1]);
        expect(announced).toBe(500 * 2 ** (index - 1));
        expect(logged[index]!.at - logged[index - 1]!.at).toBeGreaterThanOrEqual(announced - 20);
      }
    } finally {
      await runner.stop();
    }
  }, 20_000);

  it('projects text with NUL bytes and lone surrogates from an old log, as U+FFFD, live and rebuilt', async () => {
    const userId = randomUUID();
    const reached = await appendDirectly(`user-${userId}`, 'UserRegistered', {
      userId,
      email: `legacy-${userId}@example.com`,
      name: 'Ada\u0000Lovelace \uD800',
      registeredAt: new Date().toISOString(),
    });
    const runner = new LogFollowerRunner(usersProjection, { db, eventStore: store, connectionConfig: connection() });
    runner.start();
    try {
      expect(await runner.waitFor(reached, 10_000)).toBe(true);
      expect(runner.status.failure).toBeUndefined();
    } finally {
      await runner.stop();
    }
    const stored = () => db.selectFrom('users').select('name').where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect((await stored()).name).toBe('Ada\uFFFDLovelace \uFFFD');

    await rebuildProjection({ eventStore: store, connectionConfig: connection(), projection: usersProjection });
    expect((await stored()).name).toBe('Ada\uFFFDLovelace \uFFFD');
  });
});
