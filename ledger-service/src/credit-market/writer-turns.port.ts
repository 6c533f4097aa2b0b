/**
 * Turns at writing a market, taken across instances (docs/operations.md "Several
 * instances"). A performance device, not a guarantee: expected versions keep the log right whoever
 * writes; a turn keeps instances that write to one market from losing races to each other, each of
 * which costs the loser a rebuild of the market's state. The store takes turns only for a market where
 * another instance's appends were seen lately; one instance alone never asks.
 */
export interface WriterTurns {
  /**
   * Waits for the market's turn (instances queue in order) and holds it until `release`; undefined
   * when no turn could be had in time (the database out of reach, a holder stuck): the caller then
   * writes optimistically, as without turns.
   */
  take(streamId: string): Promise<WriterTurn | undefined>;
  close(): Promise<void>;
}

export interface WriterTurn {
  release(): Promise<void>;
}
