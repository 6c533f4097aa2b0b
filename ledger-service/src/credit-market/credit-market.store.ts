import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { creditMarketStreamId, type CreditProjectType, type EventStore, type StreamAppend } from '@carbon-ledger/contracts';
import type { CommandContext } from '../shared/command-context.js';
import type { SnapshotStore } from '../infrastructure/snapshots/snapshot-store.js';
import type { CreditMarketCommand, CreditMarketState } from './credit-market.decider.js';
import { GroupCommit } from './group-commit.js';
import { type AfterCommand, type Market, type MarketCommandResult, newMarket } from './held-market.js';
import { MarketStreams } from './market-streams.js';
import { MarketWriterTurns } from './writer-turns.js';
import type { WriterTurns } from './writer-turns.port.js';

export { CONFLICT_LOG_LINE } from './group-commit.js';
export { type AfterCommand, creditMarketDecider, type MarketCommandResult } from './held-market.js';

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

/** Most commands decided and appended together: one append, one round trip, under load. */
const MAX_GROUP = 64;
/** How long an instance keeps a market's writer turn for the groups that queued while it wrote. */
const TURN_HELD_MS = 25;

/**
 * Runs commands on credit market streams. Each market is one consistency
 * boundary; this store keeps its folded state in memory and serializes its
 * commands, so within one process there are no conflicting appends and
 * concurrent requests are decided one after another and appended together
 * (GroupCommit). Across processes optimistic concurrency still decides: on a
 * WrongExpectedVersion the store rebuilds the state it held (MarketStreams: from
 * its last snapshot in memory and the events since), reads the stream forward
 * from the version it held, and decides the group again. A lost race costs that
 * rebuild, so once another instance is seen writing to a market, instances take
 * turns at it (MarketWriterTurns): the one whose turn it is reads forward what the
 * others appended, decides its group on a state that is current, and appends
 * without a race.
 *
 * Command ids are remembered only since the last snapshot; an older command that
 * comes again is recognised by the log's event-id key (its events are stored) and
 * answered as a replay.
 */
export class CreditMarketStore {
  private readonly logger = new Logger('CreditMarket');
  private readonly markets = new Map<string, Market>();
  private readonly turns: MarketWriterTurns;
  private readonly groupCommit: GroupCommit;

  constructor(
    private readonly eventStore: EventStore,
    options: CreditMarketStoreOptions = {},
  ) {
    const streams = new MarketStreams(eventStore, this.logger, options.snapshots, options.snapshotEvery);
    this.turns = new MarketWriterTurns(options.writerTurns, streams, options.contendedForMs);
    this.groupCommit = new GroupCommit(eventStore, streams, this.turns, this.logger);
  }

  /** Appends refused because another instance had appended to the market first (each cost a rebuild). */
  get conflicts(): number {
    return this.groupCommit.conflicts;
  }

  /** Closes what the store holds open across requests (the writer turns' connections). */
  async onApplicationShutdown(): Promise<void> {
    await this.turns.close();
  }

  /**
   * Decides `command` on the market's current state and appends its events.
   * `after` reads what the caller needs from the state right after the events
   * were applied (before any later command) and from the command's events.
   * `with`: other streams' events stored atomically with the command's (a funded
   * buy's reservation in the buyer's cash stream), or not at all when it is refused
   * or replayed; a WrongExpectedVersion naming one of those streams refuses it alone.
   * Whether the event store can do that is `appendsAtomically`.
   */
  execute<R>(
    projectType: CreditProjectType,
    vintage: number,
    command: CreditMarketCommand,
    context: CommandContext,
    after: AfterCommand<R>,
    options: { readonly with?: readonly StreamAppend[] } = {},
  ): Promise<MarketCommandResult<R>> {
    return this.enqueue(projectType, vintage, command, context, after, options.with);
  }

  /** Whether `execute` can take other streams' events (the event store appends to several streams at once). */
  get appendsAtomically(): boolean {
    return this.eventStore.appendToStreams !== undefined;
  }

  private enqueue<R>(
    projectType: CreditProjectType,
    vintage: number,
    command: CreditMarketCommand | undefined,
    context: CommandContext,
    after: AfterCommand<R>,
    attached?: readonly StreamAppend[],
  ): Promise<MarketCommandResult<R>> {
    const streamId = creditMarketStreamId(projectType, vintage);
    let market = this.markets.get(streamId);
    if (!market) {
      market = newMarket(streamId, projectType, vintage);
      this.markets.set(streamId, market);
    }
    return new Promise<MarketCommandResult<R>>((resolve, reject) => {
      market.queue.push({
        command,
        context,
        after,
        ...(attached && attached.length > 0 ? { with: attached } : {}),
        resolve: resolve as (value: MarketCommandResult<unknown>) => void,
        reject,
      });
      if (!market.running) void this.drain(market);
    });
  }

  /** A read of the market's state (loaded if needed), queued between commands like one. */
  /**
   * The market's state as this instance holds it right now, without a turn in its queue: a hint, not
   * a read (a group may be deciding on it, another instance may have moved on). Undefined when the
   * market is not loaded here.
   */
  peek<R>(projectType: CreditProjectType, vintage: number, reader: (state: CreditMarketState) => R): R | undefined {
    const stream = this.markets.get(creditMarketStreamId(projectType, vintage))?.stream;
    return stream ? reader(stream.state) : undefined;
  }

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
        let turn = await this.turns.take(market);
        try {
          const until = performance.now() + TURN_HELD_MS;
          do {
            const group = market.queue.splice(0, MAX_GROUP);
            await this.groupCommit.run(market, group, async () => {
              // A race lost in this group made the market contended: the turn is taken for the rest of it.
              turn ??= await this.turns.take(market);
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
}
