import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { DomainError } from '../../shared/domain-error.js';

/**
 * Validates a request part with a contracts schema; refusals are 400 ValidationFailed. The message is
 * the first issue's human text only (a user reads it in a toast); the field paths are in `details`.
 */
export class ZodPipe<Schema extends z.ZodType> implements PipeTransform<unknown, z.infer<Schema>> {
  constructor(
    private readonly schema: Schema,
    private readonly what = 'request body',
  ) {}

  transform(value: unknown): z.infer<Schema> {
    const parsed = this.schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const details = parsed.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    }));
    const message = details[0]?.message ?? `Invalid ${this.what}`;
    throw new DomainError('ValidationFailed', message, details);
  }
}
