import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { type ApiErrorBody, type ApiErrorCode, apiErrorStatus, DuplicateEventId, WrongExpectedVersion } from '@carbon-ledger/contracts';
import type { Request, Response } from 'express';
import { DomainError } from '../../shared/domain-error.js';
import { connectionFailureReason, type DatabaseAvailability, DatabaseUnavailable } from '../postgres/database-availability.js';

/** Seconds a client is asked to wait before it retries while the database is unavailable. */
const DATABASE_RETRY_AFTER_SECONDS = 2;
import { RetryLater } from '../../shared/retry-later.js';

function codeForStatus(status: number): ApiErrorCode {
  if (status === 400 || status === 413 || status === 415) return 'ValidationFailed';
  if (status === 401) return 'Unauthorized';
  if (status === 403) return 'Forbidden';
  if (status === 404) return 'NotFound';
  if (status === 409) return 'Conflict';
  if (status === 429) return 'TooManyRequests';
  if (status === 503) return 'ServiceUnavailable';
  return 'InternalError';
}

/**
 * The status and `{ error, message, details? }` body an exception is answered with; the
 * idempotency interceptor stores the same answer for a retry with the same key.
 */
export function errorAnswer(exception: unknown): { status: number; body: ApiErrorBody } {
  if (exception instanceof DomainError) {
    return {
      status: apiErrorStatus[exception.code],
      body: {
        error: exception.code,
        message: exception.message,
        ...(exception.details === undefined ? {} : { details: exception.details }),
      },
    };
  }
  if (exception instanceof WrongExpectedVersion) {
    return {
      status: 409,
      body: {
        error: 'WrongExpectedVersion',
        message: 'The record was changed by someone else. Reload and try again.',
        details: { stream: exception.streamId },
      },
    };
  }
  if (exception instanceof DuplicateEventId) {
    return { status: 409, body: { error: 'Conflict', message: 'This request was already used for another change.' } };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const code = codeForStatus(status);
    const message =
      exception.name === 'PayloadTooLargeException'
        ? 'Request body is too large'
        : status === 400
          ? 'Malformed request body: expected JSON'
          : status === 404
            ? 'No such endpoint'
            : exception.message;
    return { status, body: { error: code, message } };
  }
  return { status: 500, body: { error: 'InternalError', message: 'Internal server error' } };
}

/** Every error leaves the API as `{ error, message, details? }` with the status fixed per code. */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  constructor(private readonly database: DatabaseAvailability) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    if (exception instanceof DatabaseUnavailable || connectionFailureReason(exception) !== undefined) {
      void this.answerDatabaseFailure(exception, request, response);
      return;
    }
    this.answer(exception, request, response);
  }

  /** 503 when the database is in fact unavailable (logged once, when it goes down, not per request). */
  private async answerDatabaseFailure(exception: unknown, request: Request, response: Response): Promise<void> {
    const failure = exception instanceof DatabaseUnavailable ? exception.reason : await this.database.unavailableReason(exception);
    if (failure === undefined) {
      this.answer(exception, request, response);
      return;
    }
    if (response.headersSent) return;
    // While it is down, every answer gives the reason known best (the supervisor's, when it restarts the server).
    const state = this.database.state;
    const { reason, since } = state.available ? { reason: failure, since: new Date() } : state;
    const body: ApiErrorBody = {
      error: 'ServiceUnavailable',
      message: `The database is unavailable (${reason}). Try again in a moment.`,
      details: { database: 'unavailable', reason, since: since.toISOString() },
    };
    response.status(apiErrorStatus.ServiceUnavailable).setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS)).json(body);
  }

  private answer(exception: unknown, request: Request, response: Response): void {
    const { status, body } = errorAnswer(exception);
    if (status >= 500) {
      this.logger.error(`${request.method} ${request.path} failed: ${exception instanceof Error ? (exception.stack ?? exception.message) : String(exception)}`);
    }
    if (response.headersSent) return;
    if (exception instanceof RetryLater) response.setHeader('Retry-After', String(Math.max(1, Math.ceil(exception.retryAfterSeconds))));
    response.status(status).json(body);
  }
}
