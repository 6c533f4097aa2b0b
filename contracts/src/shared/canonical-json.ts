/**
 * Canonical JSON: object keys sorted by UTF-16 code units, no insignificant
 * white space, `undefined` members dropped. The hash chain and evidence exports
 * hash this text, so an auditor can re-derive every hash from the stored JSON.
 *
 * Every event appended is hashed through this function, so it is written for speed:
 * the value is copied into plain objects whose keys are inserted in sorted order,
 * and the engine's own JSON.stringify writes the copy. Two shapes take the slower
 * member-by-member path (`canonicalJsonByMembers`, the definition the fast path is
 * tested against): bigints, keys that start with a digit, because an engine
 * enumerates integer-like keys ("9", "10") in numeric order, not in insertion order,
 * and a `__proto__` key, which an assignment would not create.
 */
export function canonicalJson(value: unknown): string {
  try {
    return JSON.stringify(sortedCopy(value)) ?? 'null';
  } catch (error) {
    if (error === NEEDS_MEMBER_PATH) return canonicalJsonByMembers(value);
    throw error;
  }
}

/** The definition: each member written in sorted key order. */
export function canonicalJsonByMembers(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) {
      throw new TypeError('canonicalJson: non-finite number');
    }
    if (typeof value === 'bigint') return value.toString();
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJsonByMembers(item))).join(',')}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJsonByMembers(record[key])}`).join(',')}}`;
}

const NEEDS_MEMBER_PATH = Symbol('needs the member-by-member path');

/**
 * A copy JSON.stringify writes canonically: plain objects with sorted keys and no
 * undefined members, arrays with undefined as null, and only JSON primitives.
 * Anything else an object holds (a Date, a Map) is copied by its own enumerable
 * keys, as the definition reads it; functions and symbols become null.
 */
function sortedCopy(value: unknown): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError('canonicalJson: non-finite number');
      return value;
    case 'object': {
      if (value === null) return null;
      if (Array.isArray(value)) {
        const items = value as readonly unknown[];
        const copy = new Array<unknown>(items.length);
        for (let index = 0; index < items.length; index += 1) {
          const item = items[index];
          copy[index] = item === undefined ? null : sortedCopy(item);
        }
        return copy;
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record);
      let sorted = true;
      for (let index = 0; index < keys.length; index += 1) {
        const key = keys[index] as string;
        const first = key.charCodeAt(0);
        if ((first >= 48 && first <= 57) || key === '__proto__') throw NEEDS_MEMBER_PATH;
        if (index > 0 && (keys[index - 1] as string) > key) sorted = false;
      }
      if (!sorted) keys.sort();
      const copy: Record<string, unknown> = {};
      for (const key of keys) {
        const item = record[key];
        if (item !== undefined) copy[key] = sortedCopy(item);
      }
      return copy;
    }
    case 'bigint':
      throw NEEDS_MEMBER_PATH;
    default:
      // undefined, a function or a symbol: the definition writes null.
      return null;
  }
}
