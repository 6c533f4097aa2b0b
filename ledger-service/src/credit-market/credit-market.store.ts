import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import {
  creditMarketStreamId,
  type CreditProjectType,
  DuplicateEventId,
  type EventStore,
  type EventToAppend,
  isCreditEvent,
  isOrderEvent,
  type Position,
  WrongExpectedVersion,
} from '@carbon-ledger/contracts';
import { type CommandContext, deriveId, toEventsToAppend } from '../shared/command-context.js';
import {
  type CreditMarketCommand,
  type CreditMarketEvent,
  type CreditMarketState,
  decideCreditMarket,
  evolveCreditMarket,
  initialCreditMarketState,
} from './credit-market.decider.js';

export interface MarketCommandResult<R> {
  readonly position: Position;
  /** True when this command id was already applied (a retry); nothing new was appended. */
  readonly replayed: boolean;
  readonly events: readonly CreditMarketEvent[];
  readonly result: R;
}

interface Pending {
  /** Undefined for a read: it sees the state between the commands queued before and after it. */
  readonly command: CreditMarketCommand | undefined;
  readonly context: CommandContext;
  readonly after: (state: CreditMarketState, events: readonly CreditMarketEvent[]) => unknown;
  readonly resolve: (value: MarketCommandResult<unknown>) => void;
  readonly reject: (error: unknown) => void;
}

interface Market {
  readonly streamId: string;
  readonly projectType: CreditProjectType;
  readonly vintage: number;
  state: CreditMarketState | undefined;
  version: bigint | 'no_stream';
  /** Commands already applied to this stream, with the position of their last event. */
  readonly applied: Map<string, Position>;
  readonly queue: Pending[];
  running: boolean;
}

/** A command of a group whose event ids are already in the log: it alone is answered for it. */
class CommandCollided extends Error {
  constructor(
    readonly pending: Pending,
    readonly collision: DuplicateEventId,
  ) {
    super(collision.message);
  }
}

/** Most commands decided and appended together: one append, one round trip, under load. */
const MAX_GROUP = 64;
const MAX_CONFLICT_RETRIES = 5;

/**
 * Runs commands on credit market streams. Each market is one consistency
 * boundary; this store keeps its folded state in memory and serializes its
 * commands, so within one process there are no conflicting appends and
 * concurrent requests are decided one after another and appended together
 * (group commit). Across processes optimistic concurrency still decides: a
 * WrongExpectedVersion reloads the stream and decides the group again.
 */
export class CreditMarketStore {
  private readonly logger = new Logger('CreditMarket');
  private readonly markets = new Map<string, Market>();

  constructor(private readonly eventStore: EventStore) {}

  /**
   * Decides `command` on the market's current state and appends its events.
   * `after` reads what the caller needs from the state right after the events
   * were applied (before any later command).
   */
  execute<R>(
    projectType: CreditProjectType,
    vintage: number,
    command: CreditMarketCommand,
    context: CommandContext,
    after: (state: CreditMarketState, events: readonly CreditMarketEvent[]) => R,
  ): Promise<MarketCommandResult<R>> {
    return this.enqueue(projectType, vintage, command, context, after);
  }

  private enqueue<R>(
    projectType: CreditProjectType,
    vintage: number,
    command: CreditMarketCommand | undefined,
    context: CommandContext,
    after: (state: CreditMarketState, events: readonly CreditMarketEvent[]) => R,
  ): Promise<MarketCommandResult<R>> {
    const streamId = creditMarketStreamId(projectType, vintage);
    let market = this.markets.get(streamId);
    if (!market) {
      market = { streamId, projectType, vintage, state: undefined, version: 'no_stream', applied: new Map(), queue: [], running: false };
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
    if (market?.state && !market.running) return reader(market.state);
    const commandId = `read:${randomUUID()}`;
    const context: CommandContext = { commandId, correlationId: commandId, causationId: commandId, actor: { userId: 'system', role: 'admin' }, now: new Date() };
    const outcome = await this.enqueue<R>(projectType, vintage, undefined, context, (state) => reader(state));
    return outcome.result;
  }

  private async drain(market: Market): Promise<void> {
    market.running = true;
    try {
      while (market.queue.length > 0) {
        const group = market.queue.splice(0, MAX_GROUP);
        await this.runGroup(market, group);
      }
    } finally {
      market.running = false;
    }
  }

  private async runGroup(market: Market, group: Pending[]): Promise<void> {
    // Commands whose event ids the log already holds: replayed if the reloaded stream has them, else refused alone.
    const collided = new Set<Pending>();
    for (let attempt = 0; ; ) {
      try {
        if (!market.state) {
          const loaded = await this.load(market.streamId);
          market.state = loaded.state;
          market.version = loaded.version;
          market.applied.clear();
          for (const [commandId, position] of loaded.applied) market.applied.set(commandId, position);
        }
        await this.decideAndAppend(market, market.state, group, collided);
        return;
      } catch (error) {
        // The cached state may hold events that were not appended: forget it.
        market.state = undefined;
        // One request's failure never fails the others decided with it: reload and decide them again.
        if (error instanceof CommandCollided && !collided.has(error.pending)) {
          collided.add(error.pending);
          continue;
        }
        if (error instanceof WrongExpectedVersion && attempt < MAX_CONFLICT_RETRIES) {
          attempt += 1;
          continue;
        }
        const failure = error instanceof CommandCollided ? error.collision : error;
        for (const pending of group) pending.reject(failure);
        if (!(failure instanceof WrongExpectedVersion)) {
          this.logger.error(`append to ${market.streamId} failed: ${failure instanceof Error ? failure.message : String(failure)}`);
        }
        return;
      }
    }
  }

  private async decideAndAppend(market: Market, state: CreditMarketState, group: Pending[], collided: ReadonlySet<Pending>): Promise<void> {
    const toAppend: EventToAppend[] = [];
    const eventOwners = new Map<string, Pending>();
    const outcomes: { pending: Pending; events: CreditMarketEvent[]; result: unknown }[] = [];
    /** Earlier commands again; `undefined` position: decided earlier in this very group. */
    const replays: { pending: Pending; position: Position | undefined }[] = [];
    const decidedHere = new Set<string>();
    const refusals: { pending: Pending; error: unknown }[] = [];
    const reads: { pending: Pending; result: unknown }[] = [];
    for (const pending of group) {
      if (!pending.command) {
        reads.push({ pending, result: pending.after(state, []) });
        continue;
      }
      const commandId = pending.context.commandId;
      const earlier = market.applied.get(commandId);
      if (earlier || decidedHere.has(commandId)) {
        replays.push({ pending, position: earlier });
        continue;
      }
      if (collided.has(pending)) {
        refusals.push({ pending, error: new DuplicateEventId(deriveId(commandId, 'event:0')) });
        continue;
      }
      let events: CreditMarketEvent[];
      try {
        events = decideCreditMarket(pending.command, state, {
          now: pending.context.now,
          newId: (purpose) => deriveId(commandId, purpose),
          market: { projectType: market.projectType, vintage: market.vintage },
        });
      } catch (error) {
        refusals.push({ pending, error });
        continue;
      }
      for (const event of events) evolveCreditMarket(state, event);
      const appending = toEventsToAppend(events, pending.context);
      for (const event of appending) eventOwners.set(event.eventId, pending);
      toAppend.push(...appending);
      decidedHere.add(commandId);
      outcomes.push({ pending, events, result: pending.after(state, events) });
    }
    let position: Position | undefined;
    if (toAppend.length > 0) {
      const expected = market.version;
      let appended;
      try {
        appended = await this.eventStore.appendToStream(market.streamId, toAppend, { expected: expected === 'no_stream' ? 'no_stream' : expected });
      } catch (error) {
        const owner = error instanceof DuplicateEventId ? eventOwners.get(error.eventId) : undefined;
        throw owner && error instanceof DuplicateEventId ? new CommandCollided(owner, error) : error;
      }
      // The store answers an append whose first event it already holds as a retry of it,
      // appending nothing: another process applied that command. Reload, replay it, decide the rest again.
      const next = (expected === 'no_stream' ? -1n : expected) + BigInt(toAppend.length);
      if (appended.alreadyAppended || appended.nextExpectedVersion !== next) {
        throw new WrongExpectedVersion(market.streamId, expected, appended.nextExpectedVersion);
      }
      market.version = appended.nextExpectedVersion;
      position = appended.position;
      for (const { pending, events } of outcomes) if (events.length > 0) market.applied.set(pending.context.commandId, appended.position);
    }
    const none: Position = { commit: -1n, prepare: -1n };
    for (const { pending, error } of refusals) pending.reject(error);
    for (const { pending, result } of reads) pending.resolve({ position: none, replayed: false, events: [], result });
    for (const { pending, position: earlier } of replays) {
      pending.resolve({ position: earlier ?? position ?? none, replayed: true, events: [], result: pending.after(state, []) });
    }
    for (const { pending, events, result } of outcomes) {
      pending.resolve({ position: position ?? none, replayed: false, events, result });
    }
  }

  private async load(streamId: string): Promise<{ state: CreditMarketState; version: bigint | 'no_stream'; applied: Map<string, Position> }> {
    const history = await this.eventStore.readStream(streamId);
    const state = initialCreditMarketState();
    const applied = new Map<string, Position>();
    for (const recorded of history) {
      if (isCreditEvent(recorded) || isOrderEvent(recorded)) evolveCreditMarket(state, recorded as CreditMarketEvent);
      applied.set(recorded.metadata.commandId, recorded.position);
    }
    const last = history.at(-1);
    return { state, version: last ? last.streamVersion : 'no_stream', applied };
  }
}
