import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { DomainError } from '../../shared/domain-error.js';

/** Validates a request part with a contracts schema; refusals are 400 ValidationFailed with the issues. */
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
    const first = details[0];
    const message = first
      ? `Invalid ${this.what}: ${first.path ? `${first.path}: ` : ''}${first.message}`
      : `Invalid ${this.what}`;
    throw new DomainError('ValidationFailed', message, details);
  }
}
