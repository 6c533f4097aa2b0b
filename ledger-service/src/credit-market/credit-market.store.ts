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
import { type CommandContext, deriveId } from '../shared/command-context.js';
import { aggregateStream, CommandCollided, type DecidedStream, type Decider, type GroupedOutcome, handleCommand } from '../shared/handle-command.js';
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
  readonly decider: Decider<CreditMarketState, CreditMarketCommand, CreditMarketEvent>;
  /** The folded stream, with the commands already applied to it; undefined until loaded, or after a failure. */
  stream: DecidedStream<CreditMarketState> | undefined;
  readonly queue: Pending[];
  running: boolean;
}

/** The market's decider: its ids derive from the command id, and it knows which market it decides for. */
export function creditMarketDecider(market: {
  readonly projectType: CreditProjectType;
  readonly vintage: number;
}): Decider<CreditMarketState, CreditMarketCommand, CreditMarketEvent> {
  return {
    decide: (command, state, context) =>
      decideCreditMarket(command, state, { now: context.now, newId: (purpose) => deriveId(context.commandId, purpose), market }),
    evolve: evolveCreditMarket,
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
 * (group commit). Across processes optimistic concurrency still decides: a
 * WrongExpectedVersion reloads the stream and decides the group again.
 */
/** How a conflict with another instance's append to the same market is logged (at debug level). */
export const CONFLICT_LOG_LINE = 'another instance appended to the market first';

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
      market = { streamId, decider: creditMarketDecider({ projectType, vintage }), stream: undefined, queue: [], running: false };
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
    for (let attempt = 0; ;) {
      try {
        market.stream ??= await aggregateStream(this.eventStore, market.streamId, market.decider);
        await this.decideAndAppend(market, market.stream, group, collided);
        return;
      } catch (error) {
        // The cached state may hold events that were not appended: forget it.
        market.stream = undefined;
        // One request's failure never fails the others decided with it: reload and decide them again.
        const owner = error instanceof CommandCollided ? group[error.index] : undefined;
        if (owner && !collided.has(owner)) {
          collided.add(owner);
          continue;
        }
        if (error instanceof WrongExpectedVersion && attempt < MAX_CONFLICT_RETRIES) {
          attempt += 1;
          // bench:cluster counts these lines: conflicts per trade with several instances on one market.
          this.logger.debug(`${CONFLICT_LOG_LINE} on ${market.streamId} (attempt ${attempt}); deciding again`);
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

  private async decideAndAppend(market: Market, stream: DecidedStream<CreditMarketState>, group: Pending[], collided: ReadonlySet<Pending>): Promise<void> {
    const expected = stream.version;
    const { appended, eventCount, outcomes } = await handleCommand(
      this.eventStore,
      market.streamId,
      market.decider,
      group.map((pending) => ({
        command: pending.command,
        context: pending.context,
        after: pending.after,
        ...(collided.has(pending) ? { refusal: new DuplicateEventId(deriveId(pending.context.commandId, 'event:0')) } : {}),
      })),
      { stream },
    );
    let position: Position | undefined;
    if (appended) {
      // The store answers an append whose first event it already holds as a retry of it,
      // appending nothing: another process applied that command. Reload, replay it, decide the rest again.
      const next = (expected === 'no_stream' || expected === 'any' ? -1n : expected) + BigInt(eventCount);
      if (appended.alreadyAppended || appended.nextExpectedVersion !== next) {
        throw new WrongExpectedVersion(market.streamId, expected, appended.nextExpectedVersion);
      }
      position = appended.position;
    }
    const none: Position = { commit: -1n, prepare: -1n };
    // Answered as before: refusals, reads, replays (from the group's final state), then the decided commands.
    const answers: Record<GroupedOutcome<CreditMarketEvent>['kind'], (() => void)[]> = { refused: [], read: [], replayed: [], decided: [] };
    outcomes.forEach((outcome, index) => {
      const pending = group[index]!;
      switch (outcome.kind) {
        case 'refused':
          answers.refused.push(() => pending.reject(outcome.error));
          break;
        case 'read':
          answers.read.push(() => pending.resolve({ position: none, replayed: false, events: [], result: outcome.result }));
          break;
        case 'replayed':
          answers.replayed.push(() =>
            pending.resolve({ position: outcome.position ?? position ?? none, replayed: true, events: [], result: pending.after(stream.state, []) }),
          );
          break;
        case 'decided':
          answers.decided.push(() => pending.resolve({ position: position ?? none, replayed: false, events: outcome.events, result: outcome.result }));
          break;
      }
    });
    for (const answer of [...answers.refused, ...answers.read, ...answers.replayed, ...answers.decided]) answer();
  }
}
