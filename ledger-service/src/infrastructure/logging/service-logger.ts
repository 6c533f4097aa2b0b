import { Injectable } from '@nestjs/common';
import { Logger } from 'nestjs-pino';

/** Nest's own start-up chatter (modules loaded, routes mapped) drowns the start banner. */
const FRAMEWORK_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication', 'WebSocketsController']);

/**
 * Nest's logger for the whole service: every `new Logger(context)` writes through the root
 * pino logger, inside a request through the request's child (so its lines carry the request id).
 */
@Injectable()
export class ServiceLogger extends Logger {
  override log(message: unknown, ...optionalParams: unknown[]): void {
    const context = optionalParams.at(-1);
    if (typeof context === 'string' && FRAMEWORK_CONTEXTS.has(context)) return;
    super.log(message, ...optionalParams);
  }
}
