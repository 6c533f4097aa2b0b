import { createHash } from 'node:crypto';
import v8 from 'node:v8';

/** Encodes a decider's state for a snapshot and back. */
export interface StateCodec<State> {
  /** Names the encoding; a snapshot of another schema is ignored (a full fold instead). */
  readonly schema: string;
  encode(state: State): Buffer;
  /** Throws when the bytes are not a state of this schema. */
  decode(bytes: Buffer): State;
}

/** A class whose instances may be top-level fields of a state (their own fields are plain data). */
export type StateClass = abstract new (...args: never[]) => object;

/**
 * Any state made of plain data, Maps, Sets, arrays, bigints and dates, plus top-level fields
 * that are instances of `classes`: V8's structured serialisation, which keeps shared
 * references shared (an order held both in `orders` and in the book is one object after a
 * decode, as before the encode). Structured serialisation keeps an instance's fields but not
 * its class, so the codec records which top-level field was of which class and gives it back.
 *
 * The schema is the caller's version plus the state's shape (its top-level fields and their
 * kinds, from `initialState`): a field added by a later change makes old snapshots unusable
 * even if nobody bumped the version. A change of meaning within a field needs the bump.
 */
export function structuredStateCodec<State extends object>(options: {
  readonly version: number;
  readonly initialState: () => State;
  readonly classes?: readonly StateClass[];
}): StateCodec<State> {
  const classes = options.classes ?? [];
  const shape = Object.entries(options.initialState())
    .map(([key, value]) => `${key}:${kindOf(value, classes)}`)
    .sort()
    .join(',');
  const schema = `${options.version}.${createHash('sha256').update(shape).digest('hex').slice(0, 12)}`;
  return {
    schema,
    encode: (state) => {
      const classed: Record<string, number> = {};
      for (const [key, value] of Object.entries(state)) {
        const index = classes.findIndex((type) => value instanceof type);
        if (index >= 0) classed[key] = index;
      }
      return v8.serialize({ schema, classed, state });
    },
    decode: (bytes) => {
      const decoded = v8.deserialize(bytes) as { schema?: unknown; classed?: Record<string, number>; state?: Record<string, unknown> };
      if (decoded.schema !== schema || !decoded.state || !decoded.classed) throw new Error(`not a state of schema ${schema}`);
      for (const [key, index] of Object.entries(decoded.classed)) {
        const type = classes[index];
        const value = decoded.state[key];
        if (!type || typeof value !== 'object' || value === null) throw new Error(`field ${key} cannot be restored`);
        Object.setPrototypeOf(value, type.prototype);
      }
      return decoded.state as State;
    },
  };
}

function kindOf(value: unknown, classes: readonly StateClass[]): string {
  const index = classes.findIndex((type) => value instanceof type);
  if (index >= 0) return `class ${classes[index]!.name}`;
  if (value instanceof Map) return 'Map';
  if (value instanceof Set) return 'Set';
  if (Array.isArray(value)) return 'Array';
  return value === null ? 'null' : typeof value;
}
