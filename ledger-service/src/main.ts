import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AUTH_DB } from './auth/auth.tokens.js';
import { ensureFirstAdmin } from './auth/first-admin.js';
import { loadConfig, ConfigError } from './config/config.js';
import { createApp } from './create-app.js';
import { DEMO_MARK, demoSeedingUnfinished, seedDemoData } from './demo/seed-demo-data.js';
import { createRootLogger } from './infrastructure/logging/root-logger.js';
import { NothingToJoin } from './infrastructure/postgres/embedded-postgres.js';
import { ExclusiveJob } from './infrastructure/postgres/exclusive-job.js';
import { openRuntime } from './open-runtime.js';
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
  // --join: another instance (`npm start`) runs on this data directory; this one uses its PostgreSQL
  // and XRPL sandbox node and serves on its own PORT, as one system with it.
  const joining = process.argv.includes('--join');
  let release: () => void = () => undefined;
  if (!joining) {
    try {
      release = acquireInstanceLock(config.dataDir);
    } catch (error) {
      if (error instanceof AlreadyRunning) fail(`${error.message} To run another instance beside it, start this one with --join and another PORT.`);
      throw error;
    }
  }
  process.once('exit', () => release());

  const logger = createRootLogger(config);
  let opened;
  try {
    opened = await openRuntime(config, (line) => logger.info({ context: 'Runtime' }, line), { join: joining });
  } catch (error) {
    if (error instanceof NothingToJoin) fail(error.message);
    throw error;
  }
  const stepStarted = performance.now();
  const stepDone = (step: string): void => {
    logger.info({ context: 'Runtime' }, `start-up: ${step} in ${((performance.now() - stepStarted) / 1000).toFixed(2)} s since the runtime opened`);
  };
  const app = await createApp(opened.runtime, { logger });
  stepDone('modules created');
  let closing: Promise<void> | undefined;
  const seeding = new AbortController();
  // One instance seeds (or finishes seeding) the demo organisation; if it dies meanwhile, another takes it over.
  const demoJob = new ExclusiveJob(
    'demo-seeding',
    opened.runtime.readModelConnection,
    () => void seedDemoOnce(),
    (line) => process.stdout.write(`  ${line}\n`),
  );
  const shutdown = (signal: string): void => {
    seeding.abort();
    void demoJob.stop();
    // The embedded server stops with us (it gets the signal too): that is no outage to report.
    opened.runtime.database.close();
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
    stepDone('modules started, listening');
  } catch (error) {
    await opened.close().catch(() => undefined);
    release();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      fail(`Port ${config.PORT} on ${config.HOST} is already in use. Set PORT to a free port.`);
    }
    throw error;
  }
  const firstAdmin = joining ? undefined : await ensureFirstAdmin(app.get(AUTH_DB), app.get(CommandBus));
  const host = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  process.stdout.write(
    [
      '',
      `  Carbon Ledger is running at http://${host}:${config.PORT}${joining ? ` (joined the instance running on ${config.dataDir})` : ''}`,
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
  // A fresh start on the sandbox ledger gets a marked demo organisation, unless --no-demo. A later
  // start, or another instance when the seeding one dies, completes a seeding that was begun and
  // not finished (its steps replay).
  async function seedDemoOnce(): Promise<void> {
    try {
      const resuming = !firstAdmin && (await demoSeedingUnfinished(app)) === true;
      if (firstAdmin || resuming) await seedDemo(app, resuming, seeding);
    } catch (error) {
      if (!seeding.signal.aborted) process.stderr.write(`  Demo data could not be checked: ${error instanceof Error ? error.message : String(error)}\n`);
    } finally {
      // Done (or nothing to do): the next instance to take the job finds nothing left.
      if (!seeding.signal.aborted) await demoJob.stop();
    }
  }
  if (config.XRPL_NETWORK === 'sandbox' && !process.argv.includes('--no-demo')) demoJob.start();
}

/** Runs the demo seeding; stopping the service stops it between steps, and the next start finishes it. */
async function seedDemo(app: INestApplicationContext, resuming: boolean, seeding: AbortController): Promise<void> {
  const write = (line: string): void => void process.stdout.write(`${line}\n`);
  if (!resuming) write('  Seeding the demo organisation through the command path…');
  try {
    const outcome = await seedDemoData(app, { log: write, signal: seeding.signal });
    if (!resuming) {
      write(
        `  Demo data: 6 demo users (names start with "${DEMO_MARK} ·": a proponent, a verifier, the registry operator, traders, compliance), 9 projects along the registry lifecycle, 5 batches from verified reports, trades, orders and retirements were seeded.`,
      );
      write('  Start with --no-demo on a fresh data directory to skip it.');
    } else if (outcome.recorded > 0) {
      write(`  Demo data: finished the seeding an earlier start did not complete (${outcome.recorded} of ${outcome.steps} steps were missing).`);
    }
  } catch (error) {
    if (seeding.signal.aborted) return;
    process.stderr.write(
      `  Demo data could not be seeded completely: ${error instanceof Error ? error.message : String(error)}. The next start tries again.\n`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`\nCarbon Ledger failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
