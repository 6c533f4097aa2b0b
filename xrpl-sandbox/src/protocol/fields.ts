import { DEFAULT_DEFINITIONS } from 'ripple-binary-codec';

const cache = new Map<string, string | undefined>();

/** The serialized type of a field ("AccountID", "Amount", ...) from the codec's definitions. */
export function fieldType(name: string): string | undefined {
  if (cache.has(name)) return cache.get(name);
  let type: string | undefined;
  try {
    type = DEFAULT_DEFINITIONS.field.fromString(name).type.name;
  } catch {
    type = undefined;
  }
  cache.set(name, type);
  return type;
}
