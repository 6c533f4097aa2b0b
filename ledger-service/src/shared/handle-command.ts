import {
  type AppendResult,
  DuplicateEventId,
  type EventStore,
  type EventToAppend,
  type Position,
  type RecordedEvent,
  START,
  type StreamAppend,
  WrongExpectedVersion,
} from '@carbon-ledger/contracts';
import { type CommandContext, toEventsToAppend } from './command-context.js';

/** An event as a decider returns it; its id and metadata come from the command's context. */
export interface DecidedEvent {
  readonly type: string;
  readonly data: unknown;
}

/**
 * Emmett's `Decider` over one stream. `decide` is pure (time and ids come in the context) and
 * refuses a command by throwing; `isEvent` picks the stream's events that `evolve` folds.
 */
export interface Decider<State, Command, Event extends DecidedEvent> {
  readonly decide: (command: Command, state: State, context: CommandContext) => readonly Event[];
  readonly evolve: (state: State, event: Event) => State;
  readonly initialState: () => State;
  readonly isEvent: (event: RecordedEvent) => event is RecordedEvent & Event;
}

/**
 * A stream folded by its decider. `handleCommand` moves it on past the events it decides; after
 * a failed append it holds events the log does not, so the caller loads it again.
 */
export interface DecidedStream<State> {
  state: State;
  /** 'any': the stream was not read and its events go wherever it stands (a record no decision reads back). */
  version: bigint | 'no_stream' | 'any';
  /** The commands whose events the stream holds, with the position of each one's last event. */
  readonly applied: Map<string, Position>;
}

export interface CommandRequest<Command> {
  readonly command: Command;
  readonly context: CommandContext;
}

/** What a command handler answers: where its events are in the log, for read-your-writes. */
export interface Recorded {
  /** Of the last event appended, or of the command's last event when it is a replay; START when nothing was decided. */
  readonly position: Position;
  /** True when the stream already held this command id (a retry): nothing new was appended. */
  readonly replayed: boolean;
}

export interface CommandResult<State, Event> extends Recorded {
  readonly newEvents: readonly Event[];
  readonly newState: State;
}

/** One request of a group decided in turn and appended together (the credit market store's group commit). */
export interface GroupedRequest<State, Command, Event> {
  /** Undefined: a read, which sees the state between the requests before and after it. */
  readonly command: Command | undefined;
  readonly context: CommandContext;
  /** Refused with this error instead of being decided, unless the stream holds the command already. */
  readonly refusal?: unknown;
  /** Read from the state right after this request's events, before a later request changes it. */
  readonly after?: (state: State, events: readonly Event[]) => unknown;
  /**
   * Events of other streams that go with this request's: when it is decided with events, they are
   * appended with the group's in one atomic append (the event store's appendToStreams), so both are
   * stored or neither. Dropped when the request is refused or replayed.
   */
  readonly with?: readonly StreamAppend[];
}

export type GroupedOutcome<Event> =
  | { readonly kind: 'decided'; readonly events: readonly Event[]; readonly result: unknown }
  /** position undefined: decided earlier in the same group. */
  | { readonly kind: 'replayed'; readonly position: Position | undefined }
  | { readonly kind: 'refused'; readonly error: unknown }
  | { readonly kind: 'read'; readonly result: unknown };

export interface GroupResult<Event> {
  /** Undefined when the group decided no event. */
  readonly appended: AppendResult | undefined;
  readonly eventCount: number;
  /** One per request, in the group's order. */
  readonly outcomes: readonly GroupedOutcome<Event>[];
}

/** A request of a group whose event ids the log already holds in another stream. */
export class CommandCollided extends Error {
  constructor(
    /** The request's index in the group. */
    readonly index: number,
    readonly collision: DuplicateEventId,
  ) {
    super(collision.message);
  }
}

/** A request of a group whose events for another stream (`with`) were refused: that stream moved on. */
export class AttachedStreamMoved extends Error {
  constructor(
    /** The request's index in the group. */
    readonly index: number,
    readonly moved: WrongExpectedVersion,
  ) {
    super(moved.message);
  }
}

/**
 * The decider of a record: a stream of facts from outside (an alert, a seal, an XRPL outcome) whose
 * decision was made by the caller; its command is the event itself. Whether it may be appended twice
 * is the stream's version's business (see knownStream).
 */
export function recordDecider<Event extends DecidedEvent>(isEvent: (event: RecordedEvent) => event is RecordedEvent & Event): Decider<undefined, Event, Event> {
  return { decide: (event) => [event], evolve: () => undefined, initialState: () => undefined, isEvent };
}

/** Reads and folds a stream (Emmett's `aggregateStream`). */
export async function aggregateStream<State, Command, Event extends DecidedEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
): Promise<DecidedStream<State>> {
  const history = await eventStore.readStream(streamId);
  let state = decider.initialState();
  const applied = new Map<string, Position>();
  for (const recorded of history) {
    if (decider.isEvent(recorded)) state = decider.evolve(state, recorded);
    applied.set(recorded.metadata.commandId, recorded.position);
  }
  const last = history.at(-1);
  return { state, version: last ? last.streamVersion : 'no_stream', applied };
}

/**
 * A stream the caller knows without reading it: 'no_stream' for one the command creates (the
 * store refuses the append if it exists), 'any' for a record appended wherever its stream stands,
 * a version the caller has just read.
 */
export function knownStream<State, Command, Event extends DecidedEvent>(
  decider: Decider<State, Command, Event>,
  version: bigint | 'no_stream' | 'any',
  state: State = decider.initialState(),
): DecidedStream<State> {
  return { state, version, applied: new Map() };
}

/**
 * The one way events are recorded (Emmett's `handleCommand` over a `Decider`): load the stream
 * (unless `options.stream` is given), answer a command id the stream already holds as a replay,
 * decide, append at the version that was loaded. Event ids derive from the command id, so a
 * retried command never appends twice. A group of requests (the credit market store's) is
 * decided in turn and appended in one append; one request's refusal never fails the others.
 */
export function handleCommand<State, Command, Event extends DecidedEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  request: CommandRequest<Command>,
  options?: { readonly stream?: DecidedStream<State> },
): Promise<CommandResult<State, Event>>;
export function handleCommand<State, Command, Event extends DecidedEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  requests: readonly GroupedRequest<State, Command, Event>[],
  options: { readonly stream: DecidedStream<State> },
): Promise<GroupResult<Event>>;
export async function handleCommand<State, Command, Event extends DecidedEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  requests: CommandRequest<Command> | readonly GroupedRequest<State, Command, Event>[],
  options: { readonly stream?: DecidedStream<State> } = {},
): Promise<CommandResult<State, Event> | GroupResult<Event>> {
  const stream = options.stream ?? (await aggregateStream(eventStore, streamId, decider));
  if (isGroup(requests)) return decideAndAppend(eventStore, streamId, decider, stream, requests);

  const earlier = stream.applied.get(requests.context.commandId);
  if (earlier) return { position: earlier, replayed: true, newEvents: [], newState: stream.state };
  let result: GroupResult<Event>;
  try {
    result = await decideAndAppend(eventStore, streamId, decider, stream, [requests]);
  } catch (error) {
    throw error instanceof CommandCollided ? error.collision : error;
  }
  const outcome = result.outcomes[0];
  if (outcome?.kind === 'refused') throw outcome.error;
  // The log held the command's events already: the same command, run at the same moment elsewhere, appended first.
  if (result.appended?.alreadyAppended) return { position: result.appended.position, replayed: true, newEvents: [], newState: stream.state };
  const newEvents = outcome?.kind === 'decided' ? outcome.events : [];
  return { position: result.appended?.position ?? START, replayed: false, newEvents, newState: stream.state };
}

/**
 * Runs `attempt` again when another writer appended to its stream first (WrongExpectedVersion, or
 * what `isConflict` also names), at most `retries` more times: each run reads the stream afresh and
 * decides again on what it holds.
 */
export async function retryOnConflict<T>(
  retries: number,
  attempt: () => Promise<T>,
  isConflict: (error: unknown) => boolean = (error) => error instanceof WrongExpectedVersion,
): Promise<T> {
  for (let tries = 0; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isConflict(error) || tries >= retries) throw error;
    }
  }
}

/**
 * The group's events, with the other streams' events that go with them in one atomic append: the
 * group's stream's last version, and the position of the last event of them all. The other streams'
 * events go first: what the group spends (a reservation) precedes the spending in the log, so a
 * reader in log order (the cash ledger) meets the reservation before the fill that draws on it.
 */
async function appendGroup(eventStore: EventStore, own: StreamAppend, attached: readonly StreamAppend[]): Promise<AppendResult> {
  if (attached.length === 0) return eventStore.appendToStream(own.streamId, own.events, { expected: own.expected });
  if (!eventStore.appendToStreams) throw new Error('this event store cannot append to several streams at once');
  const result = await eventStore.appendToStreams([...attached, own]);
  const mine = result.streams.at(-1);
  if (!mine) throw new Error(`no answer for ${own.streamId}`);
  return { nextExpectedVersion: mine.nextExpectedVersion, position: result.position, ...(result.alreadyAppended ? { alreadyAppended: true } : {}) };
}

function isGroup<State, Command, Event>(
  requests: CommandRequest<Command> | readonly GroupedRequest<State, Command, Event>[],
): requests is readonly GroupedRequest<State, Command, Event>[] {
  return Array.isArray(requests);
}

async function decideAndAppend<State, Command, Event extends DecidedEvent>(
  eventStore: EventStore,
  streamId: string,
  decider: Decider<State, Command, Event>,
  stream: DecidedStream<State>,
  requests: readonly GroupedRequest<State, Command, Event>[],
): Promise<GroupResult<Event>> {
  const toAppend: EventToAppend[] = [];
  const attached: StreamAppend[] = [];
  /** The request whose `with` each other stream came from. */
  const attachedBy = new Map<string, number>();
  const owners = new Map<string, number>();
  const outcomes: GroupedOutcome<Event>[] = [];
  const decidedHere = new Set<string>();
  for (const [index, request] of requests.entries()) {
    if (request.command === undefined) {
      outcomes.push({ kind: 'read', result: request.after?.(stream.state, []) });
      continue;
    }
    const commandId = request.context.commandId;
    const earlier = stream.applied.get(commandId);
    if (earlier || decidedHere.has(commandId)) {
      outcomes.push({ kind: 'replayed', position: earlier });
      continue;
    }
    if (request.refusal !== undefined) {
      outcomes.push({ kind: 'refused', error: request.refusal });
      continue;
    }
    let events: readonly Event[];
    try {
      events = decider.decide(request.command, stream.state, request.context);
    } catch (error) {
      outcomes.push({ kind: 'refused', error });
      continue;
    }
    // One request per other stream in a group: a second one's expectation could not hold after the first.
    const others = events.length > 0 ? (request.with ?? []) : [];
    const taken = others.find((other) => other.streamId === streamId || attachedBy.has(other.streamId));
    if (taken) {
      // The earlier request moves that stream on at least one past what this one expects.
      const moved = typeof taken.expected === 'bigint' ? taken.expected + 1n : 'no_stream';
      outcomes.push({ kind: 'refused', error: new WrongExpectedVersion(taken.streamId, taken.expected, moved) });
      continue;
    }
    for (const other of others) {
      attached.push(other);
      attachedBy.set(other.streamId, index);
      for (const event of other.events) owners.set(event.eventId, index);
    }
    for (const event of events) stream.state = decider.evolve(stream.state, event);
    const appending = toEventsToAppend(events, request.context);
    for (const event of appending) owners.set(event.eventId, index);
    toAppend.push(...appending);
    decidedHere.add(commandId);
    outcomes.push({ kind: 'decided', events, result: request.after?.(stream.state, events) });
  }
  if (toAppend.length === 0) return { appended: undefined, eventCount: 0, outcomes };

  let appended: AppendResult;
  try {
    appended = await appendGroup(eventStore, { streamId, events: toAppend, expected: stream.version }, attached);
  } catch (error) {
    const moved = error instanceof WrongExpectedVersion && error.streamId !== streamId ? attachedBy.get(error.streamId) : undefined;
    if (moved !== undefined && error instanceof WrongExpectedVersion) throw new AttachedStreamMoved(moved, error);
    const owner = error instanceof DuplicateEventId ? owners.get(error.eventId) : undefined;
    throw owner !== undefined && error instanceof DuplicateEventId ? new CommandCollided(owner, error) : error;
  }
  // The log held the first event already (a replay of the first command): nothing of the group was
  // appended, so no command of it may be remembered as applied. (Remembered, the others of a group were
  // answered as replays of appends that never happened: the market store keeps this map across rebuilds.)
  if (appended.alreadyAppended) return { appended, eventCount: toAppend.length, outcomes };
  if (stream.version !== 'any') stream.version = appended.nextExpectedVersion;
  for (const [index, outcome] of outcomes.entries()) {
    if (outcome.kind === 'decided' && outcome.events.length > 0) stream.applied.set(requests[index]!.context.commandId, appended.position);
  }
  return { appended, eventCount: toAppend.length, outcomes };
}
