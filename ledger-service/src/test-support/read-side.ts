import { randomUUID } from 'node:crypto';
import type { Position, ProjectionName } from '@carbon-ledger/contracts';
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
