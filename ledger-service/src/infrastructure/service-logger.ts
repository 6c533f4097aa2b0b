import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/** Nest's own start-up chatter (modules loaded, routes mapped) drowns the start banner. */
const FRAMEWORK_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication', 'WebSocketsController']);

export class ServiceLogger extends ConsoleLogger {
  constructor(levels: LogLevel[]) {
    super({ logLevels: levels });
  }

  override log(message: unknown, context?: string): void {
    if (context && FRAMEWORK_CONTEXTS.has(context)) return;
    super.log(message, context);
  }
}
