import { randomUUID } from 'node:crypto';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { ProjectionName, Role } from '@carbon-ledger/contracts';
import type { Request } from 'express';
import type { CommandContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';

/** The signed-in user behind a request. */
export interface RequestUser {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly roles: readonly Role[];
}

export interface ApiRequest extends Request {
  user?: RequestUser;
  /** Set by the idempotency interceptor for a request with an Idempotency-Key: derived from user, key and request. */
  idempotentCommandId?: string;
  /** Public id of the session the request was made with. */
  sessionId?: string;
  /** Set by the read-your-writes interceptor when it answered 202: the declared views still behind the write. */
  catchingUp?: readonly ProjectionName[];
}

const HEADER_ID = /^[A-Za-z0-9._:-]{8,128}$/;

function headerId(request: Request, name: string): string | undefined {
  const value = request.header(name);
  if (value === undefined) return undefined;
  if (!HEADER_ID.test(value)) {
    throw new DomainError('ValidationFailed', `Invalid ${name} header: 8-128 characters of letters, digits, . _ : -`);
  }
  return value;
}

/**
 * Builds the command context: time now, and the command id the idempotency interceptor
 * derived from the Idempotency-Key (never the raw header: keys are per user), else a fresh one.
 */
export function commandContextFrom(request: ApiRequest, now = new Date()): CommandContext {
  const user = request.user;
  if (!user) throw new DomainError('Unauthorized', 'Sign in to continue');
  const commandId = request.idempotentCommandId ?? randomUUID();
  return {
    commandId,
    correlationId: headerId(request, 'x-correlation-id') ?? commandId,
    causationId: commandId,
    actor: { userId: user.id, role: user.roles[0] ?? 'trader' },
    now,
  };
}

export const CurrentRequest = createParamDecorator((_: unknown, context: ExecutionContext): ApiRequest => context.switchToHttp().getRequest<ApiRequest>());
