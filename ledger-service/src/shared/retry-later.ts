import { DomainError } from './domain-error.js';

/** 429 Too Many Requests; the edge sends Retry-After with these seconds. */
export class RetryLater extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('TooManyRequests', message);
  }
}
