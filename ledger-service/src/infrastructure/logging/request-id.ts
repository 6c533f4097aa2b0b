import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** What an incoming X-Request-Id may be (as Idempotency-Key and X-Correlation-Id); anything else is replaced, never echoed. */
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdFor(incoming: string | undefined): string {
  return incoming !== undefined && WELL_FORMED.test(incoming) ? incoming : randomUUID();
}

/**
 * Gives every request an id before anything else runs: the caller's (a load balancer's)
 * X-Request-Id when well-formed, else a fresh one. It is on every log line of the request
 * and in the answer's X-Request-Id header, so a user's report finds its lines.
 */
export function assignRequestId(request: Request, response: Response, next: NextFunction): void {
  const id = requestIdFor(request.header(REQUEST_ID_HEADER));
  request.id = id;
  response.setHeader(REQUEST_ID_HEADER, id);
  next();
}
