import { LONE_SURROGATE, type RecordedEvent } from '@carbon-ledger/contracts';

/** PostgreSQL text and jsonb cannot hold U+0000; U+FFFD shows a reader that something was there. */
const NUL = '\u0000';
const REPLACEMENT_CHARACTER = '\uFFFD';
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** `text` as a PostgreSQL text or jsonb value can hold it: no U+0000, no lone surrogate. */
export function storableText(text: string): string {
  const wellFormed = LONE_SURROGATE.test(text) ? text.replace(LONE_SURROGATES, REPLACEMENT_CHARACTER) : text;
  return wellFormed.includes(NUL) ? wellFormed.replaceAll(NUL, REPLACEMENT_CHARACTER) : wellFormed;
}

function storableValue(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    value.forEach((item, index) => {
      const stored = storableValue(item);
      if (stored !== item) (copy ??= [...value])[index] = stored;
    });
    return copy ?? value;
  }
  if (value !== null && typeof value === 'object') {
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(value)) {
      const storedKey = storableText(key);
      const stored = storableValue(item);
      if (stored === item && storedKey === key) continue;
      copy ??= { ...(value as Record<string, unknown>) };
      if (storedKey !== key) delete copy[key];
      copy[storedKey] = stored;
    }
    return copy ?? value;
  }
  return value;
}

/**
 * The event with every text in its data storable (`storableText`). The contracts refuse such text
 * at the edge now, but a log written before they did still holds it, and the log is never
 * rewritten: the projection runtime hands projections and reactions this copy so that an old log
 * still projects. The same object comes back when nothing needed replacing.
 */
export function storableEvent<E extends RecordedEvent>(event: E): E {
  const data = storableValue(event.data);
  return data === event.data ? event : { ...event, data };
}
