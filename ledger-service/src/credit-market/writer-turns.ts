import type { Market } from './held-market.js';
import type { MarketStreams } from './market-streams.js';
import type { WriterTurn, WriterTurns } from './writer-turns.port.js';

/** How long a market keeps taking writer turns after another instance's append to it was last seen. */
const DEFAULT_CONTENDED_FOR_MS = 30_000;

/**
 * When a market takes writer turns, and taking one: once another instance's append to a market
 * was seen (a lost race, or its events read forward), instances take turns at it for
 * `contendedForMs` after the last one. The one whose turn it is reads forward what the others
 * appended, so its group is decided on a state that is current and appended without a race.
 * Without `turns`, or for a market no other instance writes to, no turn is ever asked for.
 */
export class MarketWriterTurns {
  /** Until when (ms since the epoch) each market takes writer turns; a market not here takes none. */
  private readonly contendedUntil = new Map<string, number>();
  private readonly contendedForMs: number;

  constructor(
    private readonly turns: WriterTurns | undefined,
    private readonly streams: MarketStreams,
    contendedForMs: number | undefined,
  ) {
    this.contendedForMs = contendedForMs ?? DEFAULT_CONTENDED_FOR_MS;
  }

  /** Another instance's append to the market was seen just now. */
  contended(market: Market): void {
    this.contendedUntil.set(market.streamId, Date.now() + this.contendedForMs);
  }

  /**
   * The market's writer turn when it is contended (undefined otherwise, or when none could be had),
   * with what other instances appended to it read forward onto the state held. Never throws: when
   * the read forward fails the turn is handed back and the group is written optimistically (its
   * append, against a stale version, is refused and decided again like any lost race).
   */
  async take(market: Market): Promise<WriterTurn | undefined> {
    if (!this.turns || Date.now() >= (this.contendedUntil.get(market.streamId) ?? 0)) return undefined;
    const turn = await this.turns.take(market.streamId).catch(() => undefined);
    if (turn && market.stream) {
      let after;
      try {
        after = await this.streams.eventsAfterHeld(market);
      } catch {
        await turn.release();
        return undefined;
      }
      if (after.length > 0) this.contended(market);
      this.streams.fold(market, market.stream, after);
    }
    return turn;
  }

  /** Closes what the turns hold open across requests (their connections). */
  async close(): Promise<void> {
    await this.turns?.close();
  }
}
