import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { Logger } from 'pino';
import { AppModule } from './app.module.js';
import { ApiExceptionFilter } from './infrastructure/http/api-exception.filter.js';
import { serveApiReference } from './infrastructure/http/api-reference/api-reference.js';
import { serveConsole } from './infrastructure/http/console-assets.js';
import { httpMetrics } from './infrastructure/metrics/http-metrics.js';
import { ServiceMetrics } from './infrastructure/metrics/service-metrics.js';
import { noStoreForApi, securityHeaders } from './infrastructure/http/security-headers.js';
import type { ServiceRuntime } from './infrastructure/service-runtime.js';
import { createRootLogger } from './infrastructure/logging/root-logger.js';
import { assignRequestId } from './infrastructure/logging/request-id.js';
import { ServiceLogger } from './infrastructure/logging/service-logger.js';
import { rawDocumentBody } from './projects/documents/raw-document-body.js';

export interface CreateAppOptions {
  /** false: log nothing (tests). */
  readonly logs?: boolean;
  /** The process's root logger (main creates it before the runtime opens); made from the config when unset. */
  readonly logger?: Logger;
}

export async function createApp(runtime: ServiceRuntime, options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const logger = options.logger ?? createRootLogger(runtime.config, { enabled: options.logs !== false });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(runtime, logger), { bufferLogs: true, bodyParser: false });
  app.useLogger(app.get(ServiceLogger));
  app.disable('x-powered-by');
  app.use(assignRequestId);
  app.use(httpMetrics(app.get(ServiceMetrics)));
  // Which proxies may tell the client's address and protocol (X-Forwarded-*): sign-in throttling and Secure cookies rely on it.
  app.set('trust proxy', runtime.config.TRUST_PROXY);
  app.use(securityHeaders());
  app.use(noStoreForApi);
  serveApiReference(app);
  // A document upload is its raw bytes (up to 5 MiB), read before the JSON parser could take a JSON document.
  app.use('/api/documents', rawDocumentBody);
  app.useBodyParser('json', { limit: '100kb' });
  app.useGlobalFilters(new ApiExceptionFilter(runtime.database));
  app.useWebSocketAdapter(new IoAdapter(app));
  serveConsole(app, runtime.config.consoleDist);
  return app;
}
