import 'reflect-metadata';
import { type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { AppModule } from './app.module.js';
import { ApiExceptionFilter } from './infrastructure/http/api-exception.filter.js';
import { serveApiReference } from './infrastructure/http/api-reference/api-reference.js';
import { serveConsole } from './infrastructure/http/console-assets.js';
import { httpMetrics } from './infrastructure/metrics/http-metrics.js';
import { ServiceMetrics } from './infrastructure/metrics/service-metrics.js';
import { noStoreForApi, securityHeaders } from './infrastructure/http/security-headers.js';
import type { ServiceRuntime } from './infrastructure/service-runtime.js';
import { ServiceLogger } from './infrastructure/service-logger.js';

const LEVELS: readonly LogLevel[] = ['error', 'warn', 'log', 'debug'];

export async function createApp(runtime: ServiceRuntime, options: { logs?: boolean } = {}): Promise<NestExpressApplication> {
  const level = LEVELS.indexOf(runtime.config.LOG_LEVEL);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(runtime), {
    logger: options.logs === false ? false : new ServiceLogger(LEVELS.slice(0, level + 1)),
    bodyParser: false,
  });
  app.disable('x-powered-by');
  app.use(httpMetrics(app.get(ServiceMetrics)));
  // Which proxies may tell the client's address and protocol (X-Forwarded-*): sign-in throttling and Secure cookies rely on it.
  app.set('trust proxy', runtime.config.TRUST_PROXY);
  app.use(securityHeaders());
  app.use(noStoreForApi);
  serveApiReference(app);
  app.useBodyParser('json', { limit: '100kb' });
  app.useGlobalFilters(new ApiExceptionFilter(runtime.database));
  app.useWebSocketAdapter(new IoAdapter(app));
  serveConsole(app, runtime.config.consoleDist);
  return app;
}
