import type { Writable } from 'node:stream';
import pino, { type Level, type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { AppConfig } from '../../config/config.js';

const LEVELS: Readonly<Record<AppConfig['LOG_LEVEL'], Level>> = { error: 'error', warn: 'warn', log: 'info', debug: 'debug' };

/**
 * What never reaches a log line: session and CSRF cookies, credentials in headers, and any
 * field named like a password, seed or secret wherever a logged object carries one (request
 * bodies are not logged at all; this guards what someone logs later by mistake).
 */
export const REDACTED_PATHS: readonly string[] = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'req.body',
  ...['password', 'newPassword', 'currentPassword', 'seed', 'secret', 'privateKey', 'apiKey', 'token'].flatMap((key) => [key, `*.${key}`, `*.*.${key}`]),
];

export interface RootLoggerOptions {
  /** Where lines go; standard output when unset. */
  readonly destination?: Writable;
  /** false: nothing is logged (tests that do not look at logs). */
  readonly enabled?: boolean;
}

/**
 * The service's one logger (pino). NODE_ENV=production writes one JSON object per line
 * (ISO time, level name, context, requestId inside a request) for a log collector; elsewhere
 * pino-pretty turns the same records into readable lines, in the same process (no worker thread).
 */
export function createRootLogger(config: Pick<AppConfig, 'NODE_ENV' | 'LOG_LEVEL'>, options: RootLoggerOptions = {}): Logger {
  const production = config.NODE_ENV === 'production';
  const destination = production
    ? (options.destination ?? pino.destination({ dest: 1, sync: false }))
    : pretty({
        destination: options.destination ?? 1,
        sync: true,
        colorize: options.destination === undefined && process.stdout.isTTY,
        translateTime: 'SYS:HH:MM:ss.l',
        // Access lines say it all in their message; their objects would take three lines each.
        ignore: 'pid,hostname,context,requestId,req,res,responseTime',
        messageFormat: '{if context}[{context}] {end}{if requestId}({requestId}) {end}{msg}',
      });
  return pino(
    {
      level: options.enabled === false ? 'silent' : LEVELS[config.LOG_LEVEL],
      base: production ? { service: 'carbon-ledger' } : null,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: [...REDACTED_PATHS], censor: '[redacted]' },
    },
    destination,
  );
}
