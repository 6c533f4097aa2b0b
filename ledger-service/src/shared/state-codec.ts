/** Encodes a decider's state for a snapshot and back. */
export interface StateCodec<State> {
  /** Names the encoding; a snapshot of another schema is ignored (a full fold instead). */
  readonly schema: string;
  encode(state: State): Buffer;
  /** Throws when the bytes are not a state of this schema. */
  decode(bytes: Buffer): State;
}
