import { randomUUID } from 'node:crypto';
import type { OrderEvent, Position, ProjectionName } from '@carbon-ledger/contracts';
import { expect } from 'vitest';
import { ProjectionHost } from '../infrastructure/projections/projection-host.js';
import { toEventsToAppend } from '../shared/command-context.js';
import type { ServiceUnderTest, SignedInClient } from './service-under-test.js';

/**
 * Plants events in the log as one admin command would have recorded them, and waits until `views` have
 * projected them: read-side tests start from a history, not from the commands that would make it.
 */
export async function appendAndProject(
  service: ServiceUnderTest,
  views: readonly ProjectionName[],
  streamId: string,
  events: readonly { type: string; data: unknown }[],
): Promise<Position> {
  const commandId = randomUUID();
  const { position } = await service.runtime.eventStore.appendToStream(
    streamId,
    toEventsToAppend(events, { commandId, correlationId: commandId, causationId: commandId, actor: { userId: 'test', role: 'admin' }, now: new Date() }),
    { expected: 'any' },
  );
  expect(await service.app.get(ProjectionHost).waitFor(views, position, 10_000)).toBe(true);
  return position;
}

/** GETs `path` as `client`, expecting 200. */
export async function getJson(client: SignedInClient, path: string): Promise<unknown> {
  const response = await client.request('GET', path);
  expect(response.status, `${path}: ${response.status}`).toBe(200);
  return response.json();
}

/** The 2023 Reforestation batch the read-side specs issue, order and trade. */
export const REFORESTATION_BATCH = 'REFOREST-2023-0000AAAA';

export const minutesAgo = (minutes: number): string => new Date(Date.now() - minutes * 60_000).toISOString();

/** An order in the 2023 Reforestation market, placed 50 minutes ago; `reserved` is the serial range of the batch a sell holds back. */
export function reforestationOrder(
  orderId: string,
  ownerId: string,
  side: 'buy' | 'sell',
  amount: number,
  price: string,
  reserved?: [number, number],
): OrderEvent {
  return {
    type: 'OrderPlaced',
    data: {
      orderId,
      ownerId,
      side,
      amount,
      price,
      projectType: 'Reforestation',
      vintage: 2023,
      ...(reserved ? { reserved: [{ batchId: REFORESTATION_BATCH, start: reserved[0], end: reserved[1] }] } : {}),
      placedAt: minutesAgo(50),
    },
  };
}
