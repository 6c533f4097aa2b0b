import { type CallHandler, type ExecutionContext, Injectable, Logger, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, idempotencyKey } from '@carbon-ledger/contracts';
import type { Response as ExpressResponse } from 'express';
import { from, lastValueFrom, type Observable } from 'rxjs';
import { DomainError } from '../../shared/domain-error.js';
import { ACCESS_RULE, type AccessRule } from '../http/access-rules.js';
import { errorAnswer } from '../http/api-exception.filter.js';
import type { ApiRequest } from '../http/request-context.js';
import { CHANGES_NOTHING } from './changes-nothing.js';
import { IdempotencyKeys, type KeyScope, type StoredAnswer } from './idempotency-keys.js';
import { commandIdForKey, requestFingerprint } from './request-fingerprint.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A duplicate polls the key row this often at first (other processes' answers), backing off. */
const FIRST_POLL_MS = 20;
const MAX_POLL_MS = 250;
/** A duplicate gives up waiting for the first request after this long. */
const MAX_WAIT_MS = 60_000;

export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request (method, path or body). Send a new key for a new request.';
export const KEY_BUSY_MESSAGE = 'The first request with this Idempotency-Key is still running; retry in a moment.';

/**
 * Idempotency at the edge, for every state-changing route: a request with an
 * Idempotency-Key runs once per user and key; the same request again (also concurrently,
 * also at another process) gets the first answer byte for byte; the key with another
 * method, path or body is refused with 422 and nothing is appended. Server failures (5xx)
 * are not kept, nor is a 202 answered while the views of a write catch up: the key is freed and
 * a retry runs the command again, which its derived command id turns into a replay of whatever
 * the first attempt recorded.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');

  constructor(
    private readonly keys: IdempotencyKeys,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<ApiRequest>();
    const header = request.header(IDEMPOTENCY_KEY_HEADER);
    const user = request.user;
    if (header === undefined || SAFE_METHODS.has(request.method) || !user) return next.handle();
    // Sign-in (public) answers with cookies a stored body could not give again; a document POST changes nothing.
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, [context.getHandler(), context.getClass()]);
    if (rule?.kind === 'public' || this.reflector.get<boolean | undefined>(CHANGES_NOTHING, context.getHandler())) return next.handle();
    return from(this.run(request, context.switchToHttp().getResponse<ExpressResponse>(), { userId: user.id, key: header }, next));
  }

  private async run(request: ApiRequest, response: ExpressResponse, scope: KeyScope, next: CallHandler): Promise<unknown> {
    const key = idempotencyKey.safeParse(scope.key);
    if (!key.success) throw new DomainError('ValidationFailed', key.error.issues[0]?.message ?? 'Invalid Idempotency-Key header');
    const fingerprint = requestFingerprint(request.method, request.originalUrl, request.body);
    const commandId = commandIdForKey(scope.userId, scope.key, fingerprint);
    const giveUpAt = Date.now() + MAX_WAIT_MS;
    for (let pause = FIRST_POLL_MS; ; pause = Math.min(pause * 2, MAX_POLL_MS)) {
      const claim = await this.keys.claim(scope, fingerprint, commandId);
      switch (claim.kind) {
        case 'claimed':
          request.idempotentCommandId = commandId;
          return this.runClaimed(request, response, scope, claim.leaseToken, next);
        case 'answered':
          return replay(claim.answer);
        case 'other-request':
          throw new DomainError('IdempotencyKeyReused', KEY_REUSED_MESSAGE);
        case 'running':
          if (Date.now() > giveUpAt) throw new DomainError('Conflict', KEY_BUSY_MESSAGE);
          await this.keys.waitForChange(scope, pause);
      }
    }
  }

  private async runClaimed(request: ApiRequest, response: ExpressResponse, scope: KeyScope, leaseToken: string, next: CallHandler): Promise<unknown> {
    const renewal = setInterval(() => {
      this.keys.renew(scope, leaseToken).catch((error: unknown) => this.logger.warn(`could not renew an idempotency key: ${String(error)}`));
    }, this.keys.options.leaseMs / 3);
    renewal.unref();
    try {
      let value: unknown;
      try {
        value = await lastValueFrom(next.handle(), { defaultValue: undefined });
      } catch (error) {
        const { status, body } = errorAnswer(error);
        await this.settle(scope, leaseToken, status < 500 ? { status, body: JSON.stringify(body) } : undefined);
        throw error;
      }
      // A handler that wrote its own answer: there is nothing to keep. A write answered 202 while its
      // views catch up is not kept either: the same key runs it again, its command id replays what was
      // recorded, and the answer kept is the success once the views show it.
      const keep = !response.headersSent && request.catchingUp === undefined;
      const answer = keep ? { status: response.statusCode, body: value === undefined ? '' : JSON.stringify(value) } : undefined;
      await this.settle(scope, leaseToken, answer);
      return value;
    } finally {
      clearInterval(renewal);
    }
  }

  /** Keeps the answer, or frees the key; if the database fails here, the lease runs out and a retry runs again. */
  private async settle(scope: KeyScope, leaseToken: string, answer: StoredAnswer | undefined): Promise<void> {
    try {
      if (answer) await this.keys.answer(scope, leaseToken, answer);
      else await this.keys.release(scope, leaseToken);
    } catch (error) {
      this.logger.warn(`could not record an idempotent answer: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** The stored first answer, status and bytes as they were; Nest sends a web Response as it is. */
function replay(answer: StoredAnswer): Response {
  return new Response(answer.body === '' ? null : answer.body, {
    status: answer.status,
    headers: { 'content-type': 'application/json; charset=utf-8', [IDEMPOTENT_REPLAYED_HEADER]: 'true' },
  });
}
