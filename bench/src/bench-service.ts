import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { type AppConfig, createApp, type CreateAppOptions, freePorts, loadConfig, openRuntime, type ServiceRuntime } from '@carbon-ledger/ledger-service/bench';

export interface BenchService {
  readonly app: NestExpressApplication;
  readonly config: AppConfig;
  readonly baseUrl: string;
  /** What the service runs on (the embedded PostgreSQL, the XRPL sandbox), open until `work` returns. */
  readonly runtime: ServiceRuntime;
  /** Stops the app before `work` returns, the runtime staying open; once, however often it is called. */
  closeApp(): Promise<void>;
}

/**
 * Runs `work` against the whole service as `npm start` runs it, on a fresh embedded
 * PostgreSQL and XRPL sandbox in a temporary directory (the figures must not depend
 * on what a database already holds), then stops it and removes the directory.
 * `announce` is printed once the configuration is known, before the service starts.
 */
export async function withBenchService<T>(
  name: string,
  announce: (config: AppConfig) => string,
  work: (service: BenchService) => Promise<T>,
  appOptions: CreateAppOptions = {},
  /** Runs once the app is created, before it listens: routes added here come before Nest's not-found handler. */
  beforeListen?: (app: NestExpressApplication, runtime: ServiceRuntime) => void,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), `carbon-ledger-${name}-`));
  // Every port the service listens on is given, none left to port 0, which could land on one of these.
  const [port, postgresPort, sandboxPort] = (await freePorts(3)) as [number, number, number];
  const { DATABASE_URL: _external, ...env } = process.env;
  const config = loadConfig({
    ...env,
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(postgresPort),
    XRPL_SANDBOX_PORT: String(sandboxPort),
    LOG_LEVEL: 'error',
    SEAL_INTERVAL_MS: '0',
  });
  process.stdout.write(announce(config));
  const opened = await openRuntime(config, () => undefined);
  const app = await createApp(opened.runtime, appOptions);
  beforeListen?.(app, opened.runtime);
  await app.listen(port, '127.0.0.1');
  let closing: Promise<void> | undefined;
  const closeApp = (): Promise<void> => (closing ??= app.close());
  try {
    return await work({ app, config, baseUrl: `http://127.0.0.1:${port}`, runtime: opened.runtime, closeApp });
  } finally {
    await closeApp().catch(() => undefined);
    await opened.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
