import type { Logger } from '@nestjs/common';
import type { EventStore, RecordedEvent } from '@carbon-ledger/contracts';
import type { SnapshotStore } from '../infrastructure/snapshots/snapshot-store.js';
import type { DecidedStream } from '../shared/handle-command.js';
import type { CreditMarketState } from './credit-market.decider.js';
import type { Market } from './held-market.js';
import { decodeMarketState, encodeMarketState, marketStateCodec } from './market-state-codec.js';

const DEFAULT_SNAPSHOT_EVERY = 1_000;
/** A state of this many items (`workOf` in market-state-codec.ts) per event since the last snapshot is encoded again (see snapshotInterval). */
const SNAPSHOT_ITEMS_PER_EVENT = 40;

/**
 * Loads a market's stream and keeps what rebuilds it (docs/snapshots.md): every `snapshotEvery`
 * events the state is encoded; that is the base of rebuilds and is written to the snapshot store,
 * from which a cold load starts, reading only the events after it. A snapshot is a cache: a
 * missing, damaged, other-schema or other-history snapshot means a full fold.
 */
export class MarketStreams {
  private readonly snapshotEvery: number;

  constructor(
    private readonly eventStore: EventStore,
    private readonly logger: Logger,
    private readonly snapshots: SnapshotStore | undefined,
    snapshotEvery: number | undefined,
  ) {
    this.snapshotEvery = snapshotEvery ?? DEFAULT_SNAPSHOT_EVERY;
  }

  /** The market's stream, loaded (cold) or rebuilt (after a failed group) when needed. */
  async ready(market: Market): Promise<DecidedStream<CreditMarketState>> {
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
    this.fold(market, stream, await this.eventsAfterHeld(market));
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
    this.snapshotIfDue(market, stream);
    return stream;
  }

  /** What other instances appended to the market after the version it holds. */
  eventsAfterHeld(market: Market): Promise<RecordedEvent[]> {
    return this.eventStore.readStream(market.streamId, { afterVersion: market.held === 'no_stream' ? -1n : market.held });
  }

  /** Folds events of the log into the stream and the market's record of events since its base. */
  fold(market: Market, stream: DecidedStream<CreditMarketState>, events: readonly RecordedEvent[]): void {
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

  /** Takes a snapshot once the events since the base reach the interval. */
  snapshotIfDue(market: Market, stream: DecidedStream<CreditMarketState>): void {
    if (market.sinceBase.length >= this.snapshotInterval(market)) this.takeSnapshot(market, stream);
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
