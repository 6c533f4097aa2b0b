import type { Logger } from '@nestjs/common';
import { DuplicateEventId, type EventStore, type Position, type RecordedEvent, WrongExpectedVersion } from '@carbon-ledger/contracts';
import { commandEventId } from '../shared/command-context.js';
import { AttachedStreamMoved, CommandCollided, type DecidedStream, type GroupedOutcome, handleCommand } from '../shared/handle-command.js';
import type { CreditMarketEvent, CreditMarketState } from './credit-market.decider.js';
import type { Market, Pending } from './held-market.js';
import type { MarketStreams } from './market-streams.js';
import type { MarketWriterTurns } from './writer-turns.js';

/** How a conflict with another instance's append to the same market is logged (at debug level). */
export const CONFLICT_LOG_LINE = 'another instance appended to the market first';

const MAX_CONFLICT_RETRIES = 5;
/** Event ids of a command looked up per query when asking the log whether it was applied. */
const COMMAND_EVENTS_PROBED = 64;

/** A replayed command's answer: the position of its last event (undefined: decided earlier in the group) and its events. */
interface Replay {
  readonly position: Position | undefined;
  readonly events: readonly CreditMarketEvent[];
}

/**
 * Decides a group of a market's queued commands one after another on its state and appends their
 * events together: one append, one round trip. A lost race (WrongExpectedVersion) rebuilds the
 * state and decides the group again; one request's failure never fails the others decided with
 * it. Every request of the group is answered here, replays (a retry, a command applied before the
 * last snapshot) with their command's events.
 */
export class GroupCommit {
  private racesLost = 0;

  constructor(
    private readonly eventStore: EventStore,
    private readonly streams: MarketStreams,
    private readonly turns: MarketWriterTurns,
    private readonly logger: Logger,
  ) {}

  /** Appends refused because another instance had appended to the market first (each cost a rebuild). */
  get conflicts(): number {
    return this.racesLost;
  }

  /** `inTurn` runs before each attempt: it takes the writer turn once a lost race has made the market contended. */
  async run(market: Market, group: Pending[], inTurn: () => Promise<void>): Promise<void> {
    // Commands whose event ids the log already holds go alone after the others: alone, the
    // store says whether this stream holds them (a replay) or another one (refused).
    const alone: Pending[] = [];
    let pending = group;
    for (let attempt = 0; pending.length > 0;) {
      try {
        await inTurn();
        const stream = await this.streams.ready(market);
        const repeated = await this.decideAndAppend(market, stream, pending, false);
        if (repeated === undefined) break;
        alone.push(repeated);
        pending = pending.filter((one) => one !== repeated);
      } catch (error) {
        // The state may hold events that were not appended: rebuild it before the next decision.
        market.stream = undefined;
        // One request's failure never fails the others decided with it: decide them again.
        const moved = error instanceof AttachedStreamMoved ? pending[error.index] : undefined;
        if (moved && error instanceof AttachedStreamMoved) {
          // Another stream of its atomic append moved on (the buyer's cash stream): its caller decides that part again.
          moved.reject(error.moved);
          pending = pending.filter((one) => one !== moved);
          continue;
        }
        const owner = error instanceof CommandCollided ? pending[error.index] : undefined;
        if (owner) {
          alone.push(owner);
          pending = pending.filter((one) => one !== owner);
          continue;
        }
        if (error instanceof WrongExpectedVersion && attempt < MAX_CONFLICT_RETRIES) {
          attempt += 1;
          this.racesLost += 1;
          this.turns.contended(market);
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
        await this.decideAndAppend(market, await this.streams.ready(market), [one], true);
      } catch (error) {
        market.stream = undefined;
        this.fail(market, [one], error instanceof CommandCollided ? error.collision : error instanceof AttachedStreamMoved ? error.moved : error);
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
      group.map((pending) => ({ command: pending.command, context: pending.context, after: pending.after, ...(pending.with ? { with: pending.with } : {}) })),
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
        const state = (await this.streams.ready(market)).state;
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
    this.answer(stream, group, outcomes, earlier, position);
    this.streams.snapshotIfDue(market, stream);
    return undefined;
  }

  /**
   * Answers every request of the group in the order callers have always been answered: refusals,
   * reads, replays (from the group's final state), then the decided commands.
   */
  private answer(
    stream: DecidedStream<CreditMarketState>,
    group: readonly Pending[],
    outcomes: readonly GroupedOutcome<CreditMarketEvent>[],
    earlier: ReadonlyMap<number, Replay>,
    position: Position | undefined,
  ): void {
    const none: Position = { commit: -1n, prepare: -1n };
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
}
