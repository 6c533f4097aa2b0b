import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import {
  creditMarketStreamId,
  type CreditProjectType,
  DuplicateEventId,
  type EventStore,
  isCreditEvent,
  isOrderEvent,
  type Position,
  type RecordedEvent,
  WrongExpectedVersion,
} from '@carbon-ledger/contracts';
import { type CommandContext, commandEventId, deriveId } from '../shared/command-context.js';
import type { SnapshotStore } from '../infrastructure/snapshots/snapshot-store.js';
import { CommandCollided, type DecidedStream, type Decider, type GroupedOutcome, handleCommand } from '../shared/handle-command.js';
import {
  type ClosedOrder,
  type CreditMarketCommand,
  type CreditMarketEvent,
  type CreditMarketState,
  decideCreditMarket,
  evolveCreditMarket,
  initialCreditMarketState,
  ordersItMayClose,
} from './credit-market.decider.js';
import { decodeMarketState, encodeMarketState, marketStateCodec } from './market-state-codec.js';
import type { WriterTurn, WriterTurns } from './writer-turns.port.js';

export interface MarketCommandResult<R> {
  readonly position: Position;
  /** True when this command id was already applied (a retry); nothing new was appended. */
  readonly replayed: boolean;
  readonly events: readonly CreditMarketEvent[];
  readonly result: R;
}

/**
 * Reads what a caller needs right after its command: the state, and the command's events (decided
 * now, or for a replay the ones the log holds for it, so that a replayed retirement still names its
 * serials though the state no longer keeps them).
 */
export type AfterCommand<R> = (state: CreditMarketState, events: readonly CreditMarketEvent[]) => R;

interface Pending {
  /** Undefined for a read: it sees the state between the commands queued before and after it. */
  readonly command: CreditMarketCommand | undefined;
  readonly context: CommandContext;
  readonly after: AfterCommand<unknown>;
  readonly resolve: (value: MarketCommandResult<unknown>) => void;
  readonly reject: (error: unknown) => void;
}

interface Market {
  readonly streamId: string;
  readonly decider: Decider<CreditMarketState, CreditMarketCommand, CreditMarketEvent>;
  /**
   * The folded stream, with the commands applied since `base`; undefined until loaded, and
   * after a failed group (its state may hold events the log does not) until rebuilt.
   */
  stream: DecidedStream<CreditMarketState> | undefined;
  /** The stream's version the log confirmed last: where a rebuild reads forward from. */
  held: bigint | 'no_stream';
  /** The state at `base.version`, encoded: what a rebuild starts from (see rebuild). */
  base: { readonly bytes: Buffer; readonly version: bigint | 'no_stream'; readonly work: number } | undefined;
  /** The market's events after `base.version` up to `held`, in order, each with its command's id. */
  sinceBase: { readonly commandId: string; readonly event: CreditMarketEvent }[];
  /** The commands of the events since `base` that the log holds (the last stream's `applied`, kept across rebuilds). */
  applied?: Map<string, Position>;
  readonly queue: Pending[];
  running: boolean;
  /** Until when (ms since the epoch) the market takes writer turns: another instance's appends were seen before it. */
  contendedUntil: number;
  readonly closedOrders: ClosedOrders;
}

/** Closed orders remembered per market: ~100 bytes each. */
const CLOSED_ORDERS_REMEMBERED = 50_000;

/**
 * The orders this market's events closed, the newest CLOSED_ORDERS_REMEMBERED of them: the state
 * holds open orders only, and a cancel of an order filled a moment ago is answered from here (409,
 * how it closed), not from the order book read model, which may not have the fill yet. Closures
 * decided in a group are pending until its append succeeds, so a failed group leaves none behind.
 */
class ClosedOrders {
  private readonly confirmed = new Map<string, ClosedOrder>();
  private readonly pending = new Map<string, ClosedOrder>();

  get(orderId: string): ClosedOrder | undefined {
    return this.pending.get(orderId) ?? this.confirmed.get(orderId);
  }

  note(orderId: string, closed: ClosedOrder): void {
    this.pending.set(orderId, closed);
  }

  /** The pending closures are in the log. */
  confirm(): void {
    for (const [orderId, closed] of this.pending) this.confirmed.set(orderId, closed);
    this.pending.clear();
    for (const orderId of this.confirmed.keys()) {
      if (this.confirmed.size <= CLOSED_ORDERS_REMEMBERED) break;
      this.confirmed.delete(orderId);
    }
  }

  /** The pending closures were not appended. */
  discard(): void {
    this.pending.clear();
  }
}

/** A replayed command's answer: the position of its last event (undefined: decided earlier in the group) and its events. */
interface Replay {
  readonly position: Position | undefined;
  readonly events: readonly CreditMarketEvent[];
}

/** Options of the store; without `snapshots` every cold load folds the whole stream. */
export interface CreditMarketStoreOptions {
  readonly snapshots?: SnapshotStore;
  /** A snapshot is taken after this many events at least, more for a large state (docs/snapshots.md). */
  readonly snapshotEvery?: number;
  /**
   * Turns at writing a market across instances (several instances on one log): taken for a market
   * once another instance's append to it was seen (a conflict, or its events read forward), for
   * `contendedForMs` after the last one. Without it, instances only race.
   */
  readonly writerTurns?: WriterTurns;
  readonly contendedForMs?: number;
}

const DEFAULT_SNAPSHOT_EVERY = 1_000;
/** How long a market keeps taking writer turns after another instance's append to it was last seen. */
const DEFAULT_CONTENDED_FOR_MS = 30_000;
/** How long an instance keeps a market's writer turn for the groups that queued while it wrote. */
const TURN_HELD_MS = 25;
/** A state of this many items (`workOf` in market-state-codec.ts) per event since the last snapshot is encoded again (see snapshotInterval). */
const SNAPSHOT_ITEMS_PER_EVENT = 40;
/** Event ids of a command looked up per query when asking the log whether it was applied. */
const COMMAND_EVENTS_PROBED = 64;

/**
 * The market's decider: its ids derive from the command id, and it knows which market it decides for;
 * with `closedOrders`, it notes the orders its events close and answers a cancel of one from there.
 */
export function creditMarketDecider(
  market: {
    readonly projectType: CreditProjectType;
    readonly vintage: number;
  },
  closedOrders?: ClosedOrders,
): Decider<CreditMarketState, CreditMarketCommand, CreditMarketEvent> {
  const closedOrder = closedOrders ? (orderId: string) => closedOrders.get(orderId) : undefined;
  return {
    decide: (command, state, context) =>
      decideCreditMarket(command, state, {
        now: context.now,
        newId: (purpose) => deriveId(context.commandId, purpose),
        market,
        ...(closedOrder ? { closedOrder } : {}),
      }),
    evolve: closedOrders
      ? (state, event) => {
          const touched = ordersItMayClose(state, event);
          evolveCreditMarket(state, event);
          for (const order of touched) {
            if (state.orders.has(order.orderId)) continue;
            closedOrders.note(order.orderId, { ownerId: order.ownerId, status: event.type === 'OrderCancelled' ? 'cancelled' : 'completed' });
          }
          return state;
        }
      : evolveCreditMarket,
    initialState: initialCreditMarketState,
    isEvent: (event): event is RecordedEvent & CreditMarketEvent => isCreditEvent(event) || isOrderEvent(event),
  };
}

/** Most commands decided and appended together: one append, one round trip, under load. */
const MAX_GROUP = 64;
const MAX_CONFLICT_RETRIES = 5;

/**
 * Runs commands on credit market streams. Each market is one consistency
 * boundary; this store keeps its folded state in memory and serializes its
 * commands, so within one process there are no conflicting appends and
 * concurrent requests are decided one after another and appended together
 * (group commit). Across processes optimistic concurrency still decides: on a
 * WrongExpectedVersion the store rebuilds the state it held (from its last
 * snapshot in memory and the events since), reads the stream forward from the
 * version it held, and decides the group again. A lost race costs that rebuild,
 * so once another instance is seen writing to a market, instances take turns at
 * it (`writerTurns`): the one whose turn it is reads forward what the others
 * appended, decides its group on a state that is current, and appends without
 * a race.
 *
 * Snapshots (docs/snapshots.md): every `snapshotEvery` events the state is encoded;
 * that is the base of rebuilds and is written to the snapshot store, from which a
 * cold load starts, reading only the events after it. A snapshot is a cache: a
 * missing, damaged, other-schema or other-history snapshot means a full fold.
 * Command ids are remembered only since the last snapshot; an older command that
 * comes again is recognised by the log's event-id key (its events are stored) and
 * answered as a replay.
 */
/** How a conflict with another instance's append to the same market is logged (at debug level). */
export const CONFLICT_LOG_LINE = 'another instance appended to the market first';

export class CreditMarketStore {
  private readonly logger = new Logger('CreditMarket');
  private readonly markets = new Map<string, Market>();
  private readonly snapshots: SnapshotStore | undefined;
  private readonly snapshotEvery: number;
  private readonly writerTurns: WriterTurns | undefined;
  private readonly contendedForMs: number;
  private racesLost = 0;

  constructor(
    private readonly eventStore: EventStore,
    options: CreditMarketStoreOptions = {},
  ) {
    this.snapshots = options.snapshots;
    this.snapshotEvery = options.snapshotEvery ?? DEFAULT_SNAPSHOT_EVERY;
    this.writerTurns = options.writerTurns;
    this.contendedForMs = options.contendedForMs ?? DEFAULT_CONTENDED_FOR_MS;
  }

  /** Appends refused because another instance had appended to the market first (each cost a rebuild). */
  get conflicts(): number {
    return this.racesLost;
  }

  /** Closes what the store holds open across requests (the writer turns' connections). */
  async onApplicationShutdown(): Promise<void> {
    await this.writerTurns?.close();
  }

  /**
   * Decides `command` on the market's current state and appends its events.
   * `after` reads what the caller needs from the state right after the events
   * were applied (before any later command) and from the command's events.
   */
  execute<R>(
    projectType: CreditProjectType,
    vintage: number,
    command: CreditMarketCommand,
    context: CommandContext,
    after: AfterCommand<R>,
  ): Promise<MarketCommandResult<R>> {
    return this.enqueue(projectType, vintage, command, context, after);
  }

  private enqueue<R>(
    projectType: CreditProjectType,
    vintage: number,
    command: CreditMarketCommand | undefined,
    context: CommandContext,
    after: AfterCommand<R>,
  ): Promise<MarketCommandResult<R>> {
    const streamId = creditMarketStreamId(projectType, vintage);
    let market = this.markets.get(streamId);
    if (!market) {
      const closedOrders = new ClosedOrders();
      market = {
        streamId,
        decider: creditMarketDecider({ projectType, vintage }, closedOrders),
        closedOrders,
        stream: undefined,
        held: 'no_stream',
        base: undefined,
        sinceBase: [],
        queue: [],
        running: false,
        contendedUntil: 0,
      };
      this.markets.set(streamId, market);
    }
    return new Promise<MarketCommandResult<R>>((resolve, reject) => {
      market.queue.push({ command, context, after, resolve: resolve as (value: MarketCommandResult<unknown>) => void, reject });
      if (!market.running) void this.drain(market);
    });
  }

  /** A read of the market's state (loaded if needed), queued between commands like one. */
  async read<R>(projectType: CreditProjectType, vintage: number, reader: (state: CreditMarketState) => R): Promise<R> {
    const streamId = creditMarketStreamId(projectType, vintage);
    const market = this.markets.get(streamId);
    if (market?.stream && !market.running) return reader(market.stream.state);
    const commandId = `read:${randomUUID()}`;
    const context: CommandContext = {
      commandId,
      correlationId: commandId,
      causationId: commandId,
      actor: { userId: 'system', role: 'admin' },
      now: new Date(),
    };
    const outcome = await this.enqueue<R>(projectType, vintage, undefined, context, (state) => reader(state));
    return outcome.result;
  }

  /**
   * Runs the queue a group at a time. A writer turn, when the market is contended, is taken before
   * the group is cut from the queue (what arrived while it waited goes in the group) and is kept for
   * the groups that queue up meanwhile, for up to TURN_HELD_MS: a turn costs round trips (the lock,
   * the read forward, the unlock), and fewer, larger turns are what keep several instances' throughput
   * on one market near one's.
   */
  private async drain(market: Market): Promise<void> {
    market.running = true;
    try {
      while (market.queue.length > 0) {
        let turn = await this.takeTurn(market);
        try {
          const until = performance.now() + TURN_HELD_MS;
          do {
            const group = market.queue.splice(0, MAX_GROUP);
            await this.runGroup(market, group, async () => {
              // A race lost in this group made the market contended: the turn is taken for the rest of it.
              turn ??= await this.takeTurn(market);
            });
          } while (turn && market.queue.length > 0 && performance.now() < until);
        } finally {
          await turn?.release();
        }
      }
    } finally {
      market.running = false;
    }
  }

  /**
   * The market's writer turn when it is contended (undefined otherwise, or when none could be had),
   * with what other instances appended to it read forward onto the state held. Never throws: when
   * the read forward fails the turn is handed back and the group is written optimistically (its
   * append, against a stale version, is refused and decided again like any lost race).
   */
  private async takeTurn(market: Market): Promise<WriterTurn | undefined> {
    if (!this.writerTurns || Date.now() >= market.contendedUntil) return undefined;
    const turn = await this.writerTurns.take(market.streamId).catch(() => undefined);
    if (turn && market.stream) {
      let after: RecordedEvent[];
      try {
        after = await this.eventStore.readStream(market.streamId, { afterVersion: market.held === 'no_stream' ? -1n : market.held });
      } catch {
        await turn.release();
        return undefined;
      }
      if (after.length > 0) market.contendedUntil = Date.now() + this.contendedForMs;
      this.fold(market, market.stream, after);
    }
    return turn;
  }

  /** `inTurn` runs before each attempt: it takes the writer turn once a lost race has made the market contended. */
  private async runGroup(market: Market, group: Pending[], inTurn: () => Promise<void>): Promise<void> {
    // Commands whose event ids the log already holds go alone after the others: alone, the
    // store says whether this stream holds them (a replay) or another one (refused).
    const alone: Pending[] = [];
    let pending = group;
    for (let attempt = 0; pending.length > 0;) {
      try {
        await inTurn();
        const stream = await this.ready(market);
        const repeated = await this.decideAndAppend(market, stream, pending, false);
        if (repeated === undefined) break;
        alone.push(repeated);
        pending = pending.filter((one) => one !== repeated);
      } catch (error) {
        // The state may hold events that were not appended: rebuild it before the next decision.
        market.stream = undefined;
        // One request's failure never fails the others decided with it: decide them again.
        const owner = error instanceof CommandCollided ? pending[error.index] : undefined;
        if (owner) {
          alone.push(owner);
          pending = pending.filter((one) => one !== owner);
          continue;
        }
        if (error instanceof WrongExpectedVersion && attempt < MAX_CONFLICT_RETRIES) {
          attempt += 1;
          this.racesLost += 1;
          market.contendedUntil = Date.now() + this.contendedForMs;
          // bench:cluster counts these lines: conflicts per trade with several instances on one market.
          this.logger.debug(`${CONFLICT_LOG_LINE} on ${market.streamId} (attempt ${attempt}); deciding again`);
          continue;
        }
        this.fail(market, pending, error);
        return;
      }
    }
    for (const one of alone) {
      try {
        await this.decideAndAppend(market, await this.ready(market), [one], true);
      } catch (error) {
        market.stream = undefined;
        this.fail(market, [one], error instanceof CommandCollided ? error.collision : error);
      }
    }
  }

  private fail(market: Market, pending: readonly Pending[], failure: unknown): void {
    for (const one of pending) one.reject(failure);
    if (!(failure instanceof WrongExpectedVersion) && !(failure instanceof DuplicateEventId)) {
      this.logger.error(`append to ${market.streamId} failed: ${failure instanceof Error ? failure.message : String(failure)}`);
    }
  }

  /**
   * Decides the group and appends its events; answers every request. Returns the request
   * to decide again alone when the log holds the events of one decided here already;
   * `alone` (a group of one such request): the log's answer that it does is its replay.
   */
  private async decideAndAppend(market: Market, stream: DecidedStream<CreditMarketState>, group: Pending[], alone: boolean): Promise<Pending | undefined> {
    const expected = stream.version;
    market.closedOrders.discard();
    const { appended, eventCount, outcomes } = await handleCommand(
      this.eventStore,
      market.streamId,
      market.decider,
      group.map((pending) => ({ command: pending.command, context: pending.context, after: pending.after })),
      { stream },
    );
    let position: Position | undefined;
    if (appended) {
      const next = (expected === 'no_stream' || expected === 'any' ? -1n : expected) + BigInt(eventCount);
      if (appended.alreadyAppended) {
        // The store holds the first decided command's events in this stream: applied before,
        // by another process or before the last snapshot. Nothing of the group was appended.
        market.stream = undefined;
        const first = group[outcomes.findIndex((outcome) => outcome.kind === 'decided')];
        if (!alone || !first) {
          if (first) return first;
          throw new WrongExpectedVersion(market.streamId, expected, appended.nextExpectedVersion);
        }
        const recorded = await this.storedEventsOf(market, first.context.commandId);
        const state = (await this.ready(market)).state;
        // A replay answers with the position of the command's last event (the store names the first one).
        const position = recorded.at(-1)?.position ?? appended.position;
        first.resolve({ position, replayed: true, events: [], result: first.after(state, recorded.filter(market.decider.isEvent)) });
        return undefined;
      }
      if (appended.nextExpectedVersion !== next) throw new WrongExpectedVersion(market.streamId, expected, appended.nextExpectedVersion);
      position = appended.position;
      market.held = appended.nextExpectedVersion;
      market.closedOrders.confirm();
      outcomes.forEach((outcome, index) => {
        const commandId = group[index]!.context.commandId;
        if (outcome.kind === 'decided') for (const event of outcome.events) market.sinceBase.push({ commandId, event });
      });
    }
    // Replays answer with their command's events; a refused command the market no longer remembers
    // may be one applied before its last snapshot (a retry), a replay if the log holds its events.
    const earlier = await this.replays(market, stream, group, outcomes);
    const none: Position = { commit: -1n, prepare: -1n };
    // Answered as before: refusals, reads, replays (from the group's final state), then the decided commands.
    const answers: Record<GroupedOutcome<CreditMarketEvent>['kind'], (() => void)[]> = { refused: [], read: [], replayed: [], decided: [] };
    outcomes.forEach((outcome, index) => {
      const pending = group[index]!;
      switch (outcome.kind) {
        case 'refused': {
          const replay = earlier.get(index);
          if (replay)
            answers.replayed.push(() =>
              pending.resolve({ position: replay.position ?? none, replayed: true, events: [], result: pending.after(stream.state, replay.events) }),
            );
          else answers.refused.push(() => pending.reject(outcome.error));
          break;
        }
        case 'read':
          answers.read.push(() => pending.resolve({ position: none, replayed: false, events: [], result: outcome.result }));
          break;
        case 'replayed': {
          const replay = earlier.get(index);
          answers.replayed.push(() =>
            pending.resolve({
              position: replay?.position ?? position ?? none,
              replayed: true,
              events: [],
              result: pending.after(stream.state, replay?.events ?? []),
            }),
          );
          break;
        }
        case 'decided':
          answers.decided.push(() => pending.resolve({ position: position ?? none, replayed: false, events: outcome.events, result: outcome.result }));
          break;
      }
    });
    for (const answer of [...answers.refused, ...answers.read, ...answers.replayed, ...answers.decided]) answer();
    if (market.sinceBase.length >= this.snapshotInterval(market)) this.takeSnapshot(market, stream);
    return undefined;
  }

  /**
   * What each replayed request answers with: its command's events and the position of the last one
   * (undefined: decided earlier in this group). A command applied since the last snapshot (or
   * earlier in the group) has its events in memory. An older one is found in the log by the
   * event-id key: decided again, its events were refused as stored in this stream; refused again
   * (a filled order's sell that the seller can no longer escrow, say), it is a replay when the log
   * holds its events in this stream.
   */
  private async replays(
    market: Market,
    stream: DecidedStream<CreditMarketState>,
    group: readonly Pending[],
    outcomes: readonly GroupedOutcome<CreditMarketEvent>[],
  ): Promise<Map<number, Replay>> {
    const found = new Map<number, Replay>();
    for (const [index, outcome] of outcomes.entries()) {
      const commandId = group[index]?.context.commandId;
      if (!commandId) continue;
      if (outcome.kind === 'replayed') {
        const remembered = market.sinceBase.filter((entry) => entry.commandId === commandId).map((entry) => entry.event);
        if (remembered.length > 0 || outcome.position === undefined) {
          found.set(index, { position: outcome.position, events: remembered });
          continue;
        }
        const stored = await this.storedEventsOf(market, commandId);
        found.set(index, { position: stored.at(-1)?.position ?? outcome.position, events: stored.filter(market.decider.isEvent) });
      } else if (outcome.kind === 'refused' && !stream.applied.has(commandId) && market.base?.version !== 'no_stream') {
        // Every command of a market folded from its first event is remembered: only then is the log asked.
        const stored = await this.storedEventsOf(market, commandId);
        const last = stored.at(-1);
        if (last) found.set(index, { position: last.position, events: stored.filter(market.decider.isEvent) });
      }
    }
    return found;
  }

  /**
   * The command's events that the log holds in this market's stream, found by the event-id key
   * (event ids derive from the command id: event:0, event:1, ...); none when the event store has
   * no index by event id.
   */
  private async storedEventsOf(market: Market, commandId: string): Promise<RecordedEvent[]> {
    const findEvents = this.eventStore.findEvents?.bind(this.eventStore);
    if (!findEvents) return [];
    const events: RecordedEvent[] = [];
    for (let from = 0; ; from += COMMAND_EVENTS_PROBED) {
      const ids = Array.from({ length: COMMAND_EVENTS_PROBED }, (_, n) => commandEventId(commandId, from + n));
      const stored = (await findEvents(ids)).filter((event) => event.streamId === market.streamId);
      events.push(...stored);
      if (stored.length < COMMAND_EVENTS_PROBED) break;
    }
    return events;
  }

  /** The market's stream, loaded (cold) or rebuilt (after a failed group) when needed. */
  private async ready(market: Market): Promise<DecidedStream<CreditMarketState>> {
    if (market.stream) return market.stream;
    // Closures of a failed group's events; the rebuild notes the appended ones again.
    market.closedOrders.discard();
    market.stream = market.base ? await this.rebuild(market, market.base) : await this.load(market);
    market.applied = market.stream.applied;
    return market.stream;
  }

  /**
   * The state the log confirmed (the base and the events since, in memory), then the
   * events others appended after the version held, read from the log.
   */
  private async rebuild(market: Market, base: NonNullable<Market['base']>): Promise<DecidedStream<CreditMarketState>> {
    let state = marketStateCodec.decode(base.bytes);
    for (const { event } of market.sinceBase) state = market.decider.evolve(state, event);
    // The commands the log confirmed since the base stay remembered (the map holds only appended ones): a
    // retry of one, or a recovery placing the same order, is a replay, not decided again on a state that
    // already holds it (which refused it: "This order already exists").
    const stream: DecidedStream<CreditMarketState> = { state, version: market.held, applied: market.applied ?? new Map() };
    const after = await this.eventStore.readStream(market.streamId, { afterVersion: market.held === 'no_stream' ? -1n : market.held });
    this.fold(market, stream, after);
    return stream;
  }

  /** A cold load: the newest usable snapshot and the events after it, else the whole stream. */
  private async load(market: Market): Promise<DecidedStream<CreditMarketState>> {
    const snapshot = await this.snapshots?.load(market.streamId).catch((error: unknown) => {
      this.logger.warn(`snapshot of ${market.streamId} unreadable, folding the stream: ${String(error)}`);
      return undefined;
    });
    if (snapshot?.schema === marketStateCodec.schema) {
      // From the snapshot's own event: its hash proves the snapshot was taken on this history. Asked
      // for before the decode, so PostgreSQL reads the events while this process decodes the state.
      const reading = this.eventStore.readStream(market.streamId, { afterVersion: snapshot.streamVersion - 1n });
      reading.catch(() => undefined); // awaited below; a decode that throws first must not leave it unhandled
      try {
        const { state, work } = decodeMarketState(snapshot.state);
        const tail = await reading;
        const [own, ...after] = tail;
        if (own?.streamVersion === snapshot.streamVersion && own.hash === snapshot.eventHash) {
          market.base = { bytes: snapshot.state, version: snapshot.streamVersion, work };
          market.held = snapshot.streamVersion;
          market.sinceBase = [];
          const stream: DecidedStream<CreditMarketState> = { state, version: snapshot.streamVersion, applied: new Map() };
          this.fold(market, stream, after);
          return stream;
        }
        this.logger.warn(`snapshot of ${market.streamId} at version ${snapshot.streamVersion} is not of this stream's history; folding the stream`);
      } catch (error) {
        this.logger.warn(`snapshot of ${market.streamId} unusable, folding the stream: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const stream: DecidedStream<CreditMarketState> = { state: market.decider.initialState(), version: 'no_stream', applied: new Map() };
    market.base = { ...encodeMarketState(stream.state), version: 'no_stream' };
    market.held = 'no_stream';
    market.sinceBase = [];
    this.fold(market, stream, await this.eventStore.readStream(market.streamId));
    if (market.sinceBase.length >= this.snapshotInterval(market)) this.takeSnapshot(market, stream);
    return stream;
  }

  /** Folds events of the log into the stream and the market's record of events since its base. */
  private fold(market: Market, stream: DecidedStream<CreditMarketState>, events: readonly RecordedEvent[]): void {
    for (const recorded of events) {
      if (market.decider.isEvent(recorded)) {
        stream.state = market.decider.evolve(stream.state, recorded);
        market.sinceBase.push({ commandId: recorded.metadata.commandId, event: recorded });
      }
      stream.applied.set(recorded.metadata.commandId, recorded.position);
      stream.version = recorded.streamVersion;
      market.held = recorded.streamVersion;
    }
    market.closedOrders.confirm();
  }

  /**
   * Events between snapshots: `snapshotEvery`, or more for a large state, so that encoding
   * (~0.5–0.8 µs per open order or serial range, bench:market-load) costs at most ~20–30 µs per
   * event appended. Counted in items, not in the snapshot's bytes: those are compressed.
   */
  private snapshotInterval(market: Market): number {
    return Math.max(this.snapshotEvery, Math.ceil((market.base?.work ?? 0) / SNAPSHOT_ITEMS_PER_EVENT));
  }

  /**
   * The state at the version the log confirmed becomes the base of rebuilds, and is written
   * to the snapshot store in the background (its failure costs the next cold load a longer fold).
   */
  private takeSnapshot(market: Market, stream: DecidedStream<CreditMarketState>): void {
    const version = market.held;
    if (version === 'no_stream') return;
    let encoded: { bytes: Buffer; work: number };
    try {
      encoded = encodeMarketState(stream.state);
    } catch (error) {
      this.logger.error(`state of ${market.streamId} cannot be encoded: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    const { bytes } = encoded;
    market.base = { ...encoded, version };
    market.sinceBase = [];
    // Older commands are known to the log's event-id key; remembering them all would grow without end.
    stream.applied.clear();
    const snapshots = this.snapshots;
    if (!snapshots) return;
    void (async () => {
      const [own] = await this.eventStore.readStream(market.streamId, { afterVersion: version - 1n });
      if (own?.streamVersion !== version) return;
      await snapshots.save(market.streamId, { schema: marketStateCodec.schema, streamVersion: version, eventHash: own.hash, state: bytes });
    })().catch((error: unknown) => this.logger.warn(`snapshot of ${market.streamId} not written: ${String(error)}`));
  }
}
