import type { EventStore, Position, RecordedEvent } from '@carbon-ledger/contracts';
import { type CommandContext, toEventsToAppend } from './command-context.js';

export interface StreamCommandResult {
  readonly position: Position;
  /** True when this command id was already applied (a retry); nothing new was appended. */
  readonly replayed: boolean;
}

/**
 * The one write path of every command handler: load the stream, fold it with
 * `evolve`, `decide`, append at the version that was read. A retried command
 * (same command id) answers with its original position instead of deciding again.
 */
export async function executeOnStream<State, Event extends { type: string; data: unknown }>(options: {
  readonly eventStore: EventStore;
  readonly streamId: string;
  readonly context: CommandContext;
  readonly initial: State;
  readonly accepts: (event: RecordedEvent) => event is RecordedEvent & Event;
  readonly evolve: (state: State, event: Event) => State;
  readonly decide: (state: State) => readonly Event[];
}): Promise<StreamCommandResult> {
  const { eventStore, streamId, context } = options;
  const history = await eventStore.readStream(streamId);
  const earlier = history.filter((event) => event.metadata.commandId === context.commandId).at(-1);
  if (earlier) return { position: earlier.position, replayed: true };

  const state = history.filter(options.accepts).reduce(options.evolve, options.initial);
  const events = options.decide(state);
  const last = history.at(-1);
  const result = await eventStore.appendToStream(streamId, toEventsToAppend(events, context), {
    expected: last ? last.streamVersion : 'no_stream',
  });
  return { position: result.position, replayed: false };
}
