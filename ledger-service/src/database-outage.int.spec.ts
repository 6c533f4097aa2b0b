import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import pg from 'pg';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { apiErrorBody, CSRF_HEADER, healthResponse, listUsersResponse, userResponse } from '@carbon-ledger/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_DB } from './auth/auth.tokens.js';
import { ensureFirstAdmin } from './auth/first-admin.js';
import { loadConfig } from './config/config.js';
import { createApp } from './create-app.js';
import { freePort } from './shared/free-port.js';
import { type OpenedRuntime, openRuntime } from './open-runtime.js';
import { type EmbeddedPostgresServer, startEmbeddedPostgres } from './infrastructure/postgres/embedded-postgres.js';
import { sessionOf } from './cluster-harness.js';

/** How long the service may take to answer again once its database is back (measured: well under a second). */
const RECOVERY_BOUND_MS = 15_000;

interface RunningService {
  readonly opened: OpenedRuntime;
  readonly app: NestExpressApplication;
  /** A request as the first administrator (session cookie and CSRF header). */
  admin(method: string, path: string, body?: unknown): Promise<Response>;
  health(): Promise<Response>;
  close(): Promise<void>;
}

/** The service as `npm start` opens it (openRuntime, createApp), signed in as its first administrator. */
async function startService(env: Record<string, string>): Promise<RunningService> {
  const config = loadConfig({ LOG_LEVEL: 'error', SEAL_INTERVAL_MS: '0', KYC_EXPIRY_CHECK_INTERVAL_MS: '0', XRPL_LEDGER_CLOSE_MS: '100', ...env });
  const opened = await openRuntime(config);
  const app = await createApp(opened.runtime, { logs: false });
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const first = await ensureFirstAdmin(app.get(AUTH_DB), app.get(CommandBus));
  if (!first) throw new Error('expected a fresh data directory');
  let login: Response | undefined;
  // Sign-in reads the users read model, which catches up with the registration just made.
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 100))) {
    login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: first.email, password: first.password }),
    });
    if (login.status === 200) break;
  }
  if (login?.status !== 200) throw new Error(`sign-in failed: ${login?.status}`);
  const { cookie, csrf } = sessionOf(login);
  return {
    opened,
    app,
    admin: (method, path, body) =>
      fetch(`${baseUrl}${path}`, {
        method,
        headers: { cookie, [CSRF_HEADER]: csrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    health: () => fetch(`${baseUrl}/api/health`),
    async close() {
      await app.close();
      await opened.close();
    },
  };
}

/** Whether a process runs (a zombie, ended but not reaped, does not). */
function runs(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

const newUser = (name: string) => ({ email: `${name}-${Date.now()}@example.test`, name, password: 'a long enough password', roles: ['trader'] });

/** Records what the API and /api/health answer, every few ms, until `until` holds or the bound passes. */
async function watchAnswers(service: RunningService, until: (health: Response) => boolean, boundMs = RECOVERY_BOUND_MS) {
  const api: { status: number; body: unknown }[] = [];
  const health: { status: number; body: unknown }[] = [];
  const started = Date.now();
  while (Date.now() - started < boundMs) {
    const [listed, checked] = await Promise.all([service.admin('GET', '/api/users'), service.health()]);
    api.push({ status: listed.status, body: await listed.json() });
    const healthBody: unknown = await checked.clone().json();
    health.push({ status: checked.status, body: healthBody });
    if (until(checked)) return { api, health, elapsedMs: Date.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { api, health, elapsedMs: Number.POSITIVE_INFINITY };
}

/** While the database is down: only 503s with the error body, none of them a 500. */
function expectUnavailableAnswers(answers: readonly { status: number; body: unknown }[]): void {
  const failed = answers.filter((answer) => answer.status !== 200);
  expect(failed.length).toBeGreaterThan(0);
  for (const answer of failed) {
    expect(answer.status).toBe(503);
    const body = apiErrorBody.parse(answer.body);
    expect(body.error).toBe('ServiceUnavailable');
    expect(body.message).toMatch(/^The database is unavailable \(.+\)\. Try again in a moment\.$/);
  }
}

/** A command placed after the outage is recorded and projected: the new user is listed. */
async function expectCommandProjected(service: RunningService, name: string): Promise<void> {
  const created = await service.admin('POST', '/api/users', newUser(name));
  expect(created.status).toBe(201);
  const { user } = userResponse.parse(await created.json());
  const listed = listUsersResponse.parse(await (await service.admin('GET', '/api/users')).json());
  expect(listed.users.map((listedUser) => listedUser.id)).toContain(user.id);
}

async function expectHealthyProjections(service: RunningService): Promise<void> {
  const deadline = Date.now() + RECOVERY_BOUND_MS;
  let body = healthResponse.parse(await (await service.health()).json());
  while (body.status !== 'ok' && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    body = healthResponse.parse(await (await service.health()).json());
  }
  expect(body.projections.filter((projection) => projection.status !== 'running')).toEqual([]);
}

describe('embedded mode: the service supervises its PostgreSQL', () => {
  let dataDir: string;
  let service: RunningService;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'carbon-ledger-outage-'));
    service = await startService({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()) });
  });
  afterAll(async () => {
    await service?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 503 while its killed postmaster is restarted, then recovers by itself and projects new commands', async () => {
    expect((await service.admin('POST', '/api/users', newUser('before'))).status).toBe(201);
    const pidFile = join(realpathSync(join(dataDir, 'postgres')), 'postmaster.pid');
    const killed = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);

    process.kill(killed, 'SIGKILL');
    const watched = await watchAnswers(service, (health) => health.status === 200);

    expect(watched.elapsedMs).toBeLessThan(RECOVERY_BOUND_MS);
    expectUnavailableAnswers(watched.api);
    expectUnavailableAnswers(watched.health);
    // Health names the reason: first what the connections saw, then what the supervisor does about it.
    const reasons = watched.health.flatMap((answer) => (answer.status === 503 ? [apiErrorBody.parse(answer.body).details] : []));
    expect(reasons).toContainEqual({ database: 'unavailable', reason: 'the embedded PostgreSQL server exited; restarting it', since: expect.any(String) });
    // A new postmaster runs on the same data.
    expect(Number(readFileSync(pidFile, 'utf8').split('\n')[0])).not.toBe(killed);

    await expectCommandProjected(service, 'after');
    await expectHealthyProjections(service);
  });

  it('answers 503 within 2 s of its postmaster being killed while a backend is busy, ends that backend and recovers', async () => {
    const pidFile = join(realpathSync(join(dataDir, 'postgres')), 'postmaster.pid');
    const killed = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    // A query that runs for minutes and never waits for its client: its backend outlives the
    // postmaster and holds the data directory, as a busy writer's does.
    const busy = new pg.Client({ connectionString: service.opened.runtime.readModelConnection.connectionString });
    busy.on('error', () => undefined);
    await busy.connect();
    const busyQuery = busy.query('select count(*) from generate_series(1, 10000000000)').catch((error: unknown) => error);
    // The query is on its way, not necessarily running yet: wait until its backend shows it (a loaded machine takes a moment).
    let orphan = 0;
    for (const deadline = Date.now() + 10_000; orphan === 0 && Date.now() < deadline;) {
      const { rows } = await service.opened.runtime.pool.query<{ pid: number }>(
        "select pid from pg_stat_activity where state = 'active' and query like '%generate_series(1, 10000000000)%' and pid <> pg_backend_pid()",
      );
      orphan = rows[0]?.pid ?? 0;
      if (orphan === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(orphan).toBeGreaterThan(0);

    const killedAt = Date.now();
    process.kill(killed, 'SIGKILL');
    const down = await watchAnswers(service, (health) => health.status === 503, 2_000);
    expect(down.elapsedMs).toBeLessThan(2_000);
    expectUnavailableAnswers(down.health);

    const back = await watchAnswers(service, (health) => health.status === 200);
    expect(back.elapsedMs).toBeLessThan(RECOVERY_BOUND_MS);
    // Never "ok" while the killed postmaster's server runs on: each answer until now was a 503.
    expect(back.health.slice(0, -1).every((answer) => answer.status === 503)).toBe(true);
    expectUnavailableAnswers(back.health);
    expect(runs(orphan)).toBe(false);
    expect(await busyQuery).toBeInstanceOf(Error);
    await busy.end().catch(() => undefined);
    expect(Number(readFileSync(pidFile, 'utf8').split('\n')[0])).not.toBe(killed);
    expect(Date.now() - killedAt).toBeLessThan(RECOVERY_BOUND_MS + 2_000);

    await expectCommandProjected(service, 'after-busy');
    await expectHealthyProjections(service);
  });
});

describe('DATABASE_URL mode: the service rides out a database that is stopped and started again', () => {
  let pgDir: string;
  let dataDir: string;
  let pgPort: number;
  let database: EmbeddedPostgresServer | undefined;
  let service: RunningService;

  beforeAll(async () => {
    pgDir = mkdtempSync(join(tmpdir(), 'carbon-ledger-external-pg-'));
    dataDir = mkdtempSync(join(tmpdir(), 'carbon-ledger-outage-url-'));
    pgPort = await freePort();
    database = await startEmbeddedPostgres({ dataDir: pgDir, port: pgPort });
    // Over TCP, as to a database server elsewhere.
    const url = `postgres://postgres:carbon-ledger-local@127.0.0.1:${pgPort}/carbon_ledger`;
    service = await startService({ DATABASE_URL: url, DATA_DIR: dataDir });
  });
  afterAll(async () => {
    await service?.close();
    await database?.stop();
    for (const dir of [pgDir, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 with the reason while the database is stopped, and recovers by itself once it is back', async () => {
    expect((await service.admin('POST', '/api/users', newUser('before'))).status).toBe(201);

    await database?.stop();
    database = undefined;
    // Down for as long as it stays down: every answer meanwhile is a 503.
    const whileDown = await watchAnswers(service, () => false, 1_500);
    expect(whileDown.api.every((answer) => answer.status === 503)).toBe(true);
    expectUnavailableAnswers(whileDown.api);
    expectUnavailableAnswers(whileDown.health);
    const lastHealth = whileDown.health.at(-1);
    expect(lastHealth?.status).toBe(503);
    expect(lastHealth?.body).toMatchObject({ error: 'ServiceUnavailable', details: { database: 'unavailable', reason: expect.any(String) } });
    // The reason names no address or credential: the health endpoint is public.
    expect(JSON.stringify(lastHealth?.body)).not.toMatch(/127\.0\.0\.1|carbon-ledger-local|postgres:\/\//);

    database = await startEmbeddedPostgres({ dataDir: pgDir, port: pgPort });
    const recovered = await watchAnswers(service, (health) => health.status === 200);
    expect(recovered.elapsedMs).toBeLessThan(RECOVERY_BOUND_MS);

    await expectCommandProjected(service, 'after');
    await expectHealthyProjections(service);
  });
});
