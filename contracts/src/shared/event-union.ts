import type { z } from 'zod';

/** A capability's event union as zod builds it: one object schema per event type, told apart by `type`. */
interface EventUnionSchema {
  readonly options: readonly { readonly shape: { readonly type: z.ZodLiteral<string> } }[];
}

/** The event types of a union, read off its schema so the list cannot drift from the union. */
export function eventTypesOf(union: EventUnionSchema): ReadonlySet<string> {
  return new Set(union.options.map((option) => option.shape.type.value));
}

/** Narrows a recorded event of the log (validated when it was appended) to one of a union's types. */
export function eventGuard<Union extends { type: string }>(
  types: ReadonlySet<string>,
): <E extends { type: string; data: unknown }>(event: E) => event is E & Union {
  return <E extends { type: string; data: unknown }>(event: E): event is E & Union => types.has(event.type);
}
