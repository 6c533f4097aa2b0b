import type { IncomingMessage, ServerResponse } from 'node:http';
import { type DynamicModule, Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import type { Logger } from 'pino';

/** The part of pino's standard request serialization an access line keeps. */
interface SerializedRequest {
  readonly method: string;
  readonly url: string;
  readonly remoteAddress: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly raw?: unknown;
}
import { requestIdFor } from './request-id.js';
import { ServiceLogger } from './service-logger.js';

/**
 * Request logging (pino-http through nestjs-pino) on the service's one logger: a line per
 * answered request, and the request id bound to every line logged while it runs.
 * nestjs-pino keeps one pino-http middleware per process (the first app's); the service runs
 * one app per process, tests that look at logs start one app in their file.
 */
@Module({})
export class LoggingModule {
  static forRoot(logger: Logger, production: boolean): DynamicModule {
    return {
      module: LoggingModule,
      imports: [
        LoggerModule.forRoot({
          pinoHttp: {
            logger,
            // assignRequestId (create-app) has run first, on every request.
            genReqId: (request: IncomingMessage) => (typeof request.id === 'string' ? request.id : requestIdFor(undefined)),
            quietReqLogger: true,
            // What an access line needs, and no header: cookies, CSRF tokens and credentials stay out by construction.
            serializers: {
              req: (request: SerializedRequest) => ({
                method: request.method,
                url: request.url,
                ip: (request.raw as { ip?: string } | undefined)?.ip ?? request.remoteAddress,
                userAgent: request.headers['user-agent'],
              }),
              res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
            },
            customAttributeKeys: { reqId: 'requestId' },
            // Access lines are for the log collector; in development they appear with LOG_LEVEL=debug.
            customLogLevel: (_request: IncomingMessage, response: ServerResponse, error?: Error) =>
              error || response.statusCode >= 500 ? 'error' : production ? 'info' : 'debug',
            customSuccessMessage: (request: IncomingMessage, response: ServerResponse, responseTime: number) =>
              `${request.method ?? ''} ${request.url ?? ''} ${response.statusCode} ${Math.round(responseTime)} ms`,
          },
        }),
      ],
      providers: [ServiceLogger],
      exports: [ServiceLogger],
    };
  }
}
