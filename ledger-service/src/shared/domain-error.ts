import type { ApiErrorCode } from '@carbon-ledger/contracts';

/** A refusal the caller can act on; mapped to HTTP once, at the edge. */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}
