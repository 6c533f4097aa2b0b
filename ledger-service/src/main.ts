import { CommandBus } from '@nestjs/cqrs';
import { AUTH_DB } from './auth/auth.tokens.js';
import { ensureFirstAdmin } from './auth/first-admin.js';
import { loadConfig, ConfigError } from './config/config.js';
import { createApp } from './create-app.js';
import { seedDemoData } from './demo/seed-demo-data.js';
import { openRuntime } from './infrastructure/open-runtime.js';
import { acquireInstanceLock, AlreadyRunning } from './infrastructure/postgres/instance-lock.js';

function fail(message: string): never {
  process.stderr.write(`\n${message}\n\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  let release: () => void;
  try {
    release = acquireInstanceLock(config.dataDir);
  } catch (error) {
    if (error instanceof AlreadyRunning) fail(error.message);
    throw error;
  }
  process.once('exit', () => release());

  const opened = await openRuntime(config, (line) => process.stderr.write(`${line}\n`));
  const app = await createApp(opened.runtime);
  let closing: Promise<void> | undefined;
  const shutdown = (signal: string): void => {
    closing ??= (async () => {
      process.stdout.write(`\n${signal}: stopping…\n`);
      await app.close().catch(() => undefined);
      await opened.close().catch(() => undefined);
      release();
      process.exit(0);
    })();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  try {
    await app.listen(config.PORT, config.HOST);
  } catch (error) {
    await opened.close().catch(() => undefined);
    release();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      fail(`Port ${config.PORT} on ${config.HOST} is already in use. Set PORT to a free port.`);
    }
    throw error;
  }
  const firstAdmin = await ensureFirstAdmin(app.get(AUTH_DB), app.get(CommandBus));
  const host = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  process.stdout.write(
    [
      '',
      `  Carbon Ledger is running at http://${host}:${config.PORT}`,
      `  Event store: ${opened.runtime.eventStoreAdapter}; read models: ${opened.databaseLabel}`,
      `  Ledger: ${opened.xrplLabel}`,
      ...(firstAdmin
        ? [
            '',
            '  First start: an administrator account was created. Sign in with',
            `    email:    ${firstAdmin.email}`,
            `    password: ${firstAdmin.password}`,
            '  This password is shown only now; keep it safe. Create other users from Profile.',
          ]
        : ['  Sign in with your account (the first administrator was created on the first start).']),
      '  Stop with Ctrl+C.',
      '',
    ].join('\n') + '\n',
  );
  // A fresh start on the sandbox ledger gets a marked demo organisation, unless --no-demo.
  if (firstAdmin && config.XRPL_NETWORK === 'sandbox' && !process.argv.includes('--no-demo')) {
    process.stdout.write('  Seeding the demo organisation through the command path…\n');
    const write = (line: string): void => void process.stdout.write(`${line}\n`);
    await seedDemoData(app, firstAdmin.userId, write).catch((error: unknown) => {
      process.stderr.write(`  Demo data could not be seeded completely: ${error instanceof Error ? error.message : String(error)}\n`);
    });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`\nCarbon Ledger failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
