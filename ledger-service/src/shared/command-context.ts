import { createHash } from 'node:crypto';
import type { Actor, EventToAppend, RecordedEvent } from '@carbon-ledger/contracts';

/** Who asked, when, and under which ids; the only source of time and ids for deciders. */
export interface CommandContext {
  readonly commandId: string;
  readonly correlationId: string;
  readonly causationId: string;
  readonly actor: Actor;
  readonly now: Date;
}

/** A UUID derived from the command id, so a retried command yields the same ids. */
export function deriveId(commandId: string, purpose: string): string {
  const bytes = createHash('sha256').update(`${commandId}\u0000${purpose}`).digest();
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8 (custom)
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 9562 variant
  const hex = bytes.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The context of a command a reaction sends for an event: its id derived from the event and the
 * purpose (a redelivery sends the same command again, which the log answers as a replay), caused by
 * the event, in its correlation, at the time the event was recorded.
 */
export function reactionContext(event: RecordedEvent, purpose: string, actor: Actor = event.metadata.actor): CommandContext {
  return {
    commandId: deriveId(event.eventId, purpose),
    correlationId: event.metadata.correlationId,
    causationId: event.eventId,
    actor: { userId: actor.userId, role: actor.role },
    now: new Date(event.metadata.recordedAt),
  };
}

export const SCHEMA_VERSION = 1;

/** The id of a command's `index`-th event: a retried command's events collide on the log's event-id key. */
export function commandEventId(commandId: string, index: number): string {
  return deriveId(commandId, `event:${index}`);
}

export function toEventsToAppend<E extends { type: string; data: unknown }>(events: readonly E[], context: CommandContext): EventToAppend[] {
  return events.map((event, index) => ({
    eventId: commandEventId(context.commandId, index),
    type: event.type,
    data: event.data,
    metadata: {
      commandId: context.commandId,
      correlationId: context.correlationId,
      causationId: context.causationId,
      actor: context.actor,
      schemaVersion: SCHEMA_VERSION,
      recordedAt: context.now.toISOString(),
    },
  }));
}
