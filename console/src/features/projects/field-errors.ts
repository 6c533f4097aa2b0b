import { HttpError } from '../../shared/api/http';
import { z } from 'zod';

/** Form errors keyed as @mantine/form names its fields ('creditingPeriod.end', 'claimed.0.quantity'). */
export type FieldErrors = Record<string, string>;

/** The first message of each field, from a zod parse or a 400's details. */
export function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[] | string; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const { path, message } of issues) {
    const key = typeof path === 'string' ? path : path.map(String).join('.');
    errors[key] ??= message;
  }
  return errors;
}

/** Checks `values` against a request contract: the parsed request, or the contract's messages per field. */
export function parseRequest<S extends z.ZodType>(schema: S, values: unknown): { ok: true; request: z.output<S> } | { ok: false; errors: FieldErrors } {
  const parsed = schema.safeParse(values);
  return parsed.success ? { ok: true, request: parsed.data } : { ok: false, errors: fieldErrorsOf(parsed.error.issues) };
}

const validationDetails = z.array(z.object({ path: z.string(), message: z.string() }));

/** A 400's per-field details, so the server's refusals land beside the fields too. */
export function serverFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof HttpError) || error.status !== 400) return {};
  const details = validationDetails.safeParse(error.body?.details);
  return details.success ? fieldErrorsOf(details.data) : {};
}
