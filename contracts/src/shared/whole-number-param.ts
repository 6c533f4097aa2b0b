import { z } from 'zod';

/** A whole-number query parameter from 1 to `max`, `fallback` when absent; each refusal names the parameter. */
export function wholeNumberParam(name: string, max: number, fallback: number) {
  return z.coerce
    .number({ error: `${name} must be a whole number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(max, `${name} must be at most ${max}`)
    .default(fallback);
}
