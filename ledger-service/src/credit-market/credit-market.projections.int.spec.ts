import { randomUUID } from 'node:crypto';
import { creditMarketStreamId } from '@carbon-ledger/contracts';
import { creditRegistryProjection, orderBookProjection } from '@carbon-ledger/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProjectionTestBed, type ProjectionTestBed } from '@carbon-ledger/projections/testing';
import { toEventsToAppend } from '../shared/command-context.js';
import { batchSummary, tradableOf } from './credit-market.decider.js';
import { PROPERTY_MARKET, runRandomMarket } from './credit-market.property.js';

/**
 * The invariant against the read models: random command sequences (with
 * refusals) are decided, their events appended to a real PostgreSQL event store
 * and projected; then every batch's holdings rows add up to what was issued,
 * no two rows share a serial, and each account's tradable total and each
 * order's status match the decider.
 */
describe('credit market invariant against the projections (property)', () => {
  let bed: ProjectionTestBed;

  beforeAll(async () => {
    bed = await startProjectionTestBed([creditRegistryProjection, orderBookProjection]);
  });
  afterAll(async () => {
    await bed?.close();
  });

  it.each([11, 12, 13])('seed %i: 250 commands, then holdings and order statuses equal the decider', async (seed) => {
    const run = runRandomMarket(seed, 250, () => undefined);
    // Each seed gets its own market (vintage) so runs do not mix.
    const vintage = 2030 + seed;
    const streamId = creditMarketStreamId(PROPERTY_MARKET.projectType, vintage);
    const renamed = (batchId: string): string => batchId.replace('SOLAR-2026-', `SOLAR-${vintage}-`);
    // Order and trade ids of the generator repeat across seeds; give each seed its own.
    const renamedId = (id: string): string => id.replace(/^00000000-/, `000000${seed}-`);
    const rename = (value: unknown): unknown =>
      JSON.parse(
        JSON.stringify(value)
          .replaceAll('SOLAR-2026-', `SOLAR-${vintage}-`)
          .replaceAll('"vintage":2026', `"vintage":${vintage}`)
          .replaceAll('"00000000-', `"000000${seed}-`),
      );
    const commands = run.events.filter((events) => events.length > 0);
    let version: bigint | 'no_stream' = 'no_stream';
    for (const [index, events] of commands.entries()) {
      const events2 = events.map((event) => ({ type: event.type, data: rename(event.data) }));
      if (index === commands.length - 1) {
        await bed.append(streamId, events2);
        break;
      }
      const commandId = randomUUID();
      const appended = await bed.store.appendToStream(
        streamId,
        toEventsToAppend(events2, { commandId, correlationId: commandId, causationId: commandId, actor: { userId: 'test', role: 'trader' }, now: new Date() }),
        { expected: version },
      );
      version = appended.nextExpectedVersion;
    }

    for (const batch of run.state.batches.values()) {
      const tokenId = renamed(batch.batchId);
      const rows = await bed.db.selectFrom('credit_holdings').selectAll().where('token_id', '=', tokenId).orderBy('serial_start').execute();
      let next = 1;
      for (const row of rows) {
        expect(row.serial_start, `${tokenId}: no serial in two places, none missing`).toBe(next);
        next = row.serial_end + 1;
      }
      expect(next - 1).toBe(batch.quantity);
      const size = (status: string): number => rows.filter((row) => row.status === status).reduce((sum, row) => sum + row.serial_end - row.serial_start + 1, 0);
      const expected = batchSummary(run.state, batch.batchId);
      expect({ tradable: size('tradable'), reserved: size('reserved'), retired: size('retired'), cancelled: size('cancelled') }).toEqual({
        tradable: expected.tradable,
        reserved: expected.reserved,
        retired: expected.retired,
        cancelled: expected.cancelled,
      });
      const stored = await bed.db
        .selectFrom('credit_batches')
        .select(['quantity', 'retired', 'cancelled'])
        .where('token_id', '=', tokenId)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ quantity: batch.quantity, retired: expected.retired, cancelled: expected.cancelled });
    }
    for (const accountId of ['alice', 'bob', 'carol', 'dave']) {
      const rows = await bed.db
        .selectFrom('credit_holdings')
        .select(['serial_start', 'serial_end'])
        .where('account_id', '=', accountId)
        .where('status', '=', 'tradable')
        .where('token_id', 'like', `SOLAR-${vintage}-%`)
        .execute();
      const held = rows.reduce((sum, row) => sum + row.serial_end - row.serial_start + 1, 0);
      expect(held, `${accountId} tradable`).toBe(tradableOf(run.state, accountId).reduce((sum, range) => sum + range.end - range.start + 1, 0));
    }
    // Every order ever placed (the market's state holds only the open ones).
    for (const order of run.orders.values()) {
      const row = await bed.db.selectFrom('order_book').select(['status', 'filled']).where('order_id', '=', renamedId(order.orderId)).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: order.status, filled: order.amount - order.remaining });
    }
  });
});
