import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import { Client } from 'xrpl';
import { afterAll, beforeAll } from 'vitest';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { CSRF_HEADER, type Role } from '@carbon-ledger/contracts';
import { type Sandbox, startSandbox } from '@carbon-ledger/xrpl-sandbox';
import { createTestDatabase } from '../../../test-support/test-database.js';
import { RegisterUserCommand } from '../auth/commands/register-user.handler.js';
import { loadConfig } from '../config/config.js';
import { createApp } from '../create-app.js';
import { openPostgresRuntime } from '../open-runtime.js';
import { sessionOf } from '../cluster-harness.js';
import { createRootLogger } from '../infrastructure/logging/root-logger.js';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import { createPool, createReadModels } from '../infrastructure/postgres/database.js';
import type { ServiceRuntime } from '../infrastructure/service-runtime.js';
import { XrplConnection } from '../infrastructure/xrpl/xrpl-connection.js';
import type { XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../infrastructure/xrpl/xrpl.tokens.js';
import { ProjectionHost } from '../infrastructure/projections/projection-host.js';

export interface SignedInClient {
  readonly userId: string;
  /** The Cookie header this client sends (for socket.io handshakes). */
  readonly cookie: string;
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** The same, to another process of the service (`startAnotherProcess`). */
  requestAt(baseUrl: string, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
}

export interface ServiceUnderTest {
  readonly baseUrl: string;
  readonly app: NestExpressApplication;
  readonly runtime: ServiceRuntime;
  readonly sandbox: Sandbox;
  /** Registers a user through the real command path and signs in over HTTP. */
  signIn(roles: readonly Role[], password?: string, organisation?: string): Promise<SignedInClient>;
  anonymous(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** Events in streams whose id starts with `streamPrefix` (all events without one). */
  countEvents(streamPrefix?: string): Promise<number>;
  /** A second service process on the same database (own pool, caches and HTTP port), as behind a load balancer. */
  startAnotherProcess(): Promise<{ readonly baseUrl: string; close(): Promise<void> }>;
  close(): Promise<void>;
}

async function listen(app: NestExpressApplication): Promise<string> {
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://127.0.0.1:${port}`;
}

/** No periodic seal and no KYC expiry check: nothing appends in the background while a spec counts or reads what it recorded. */
export const WITHOUT_BACKGROUND_JOBS: Readonly<Record<string, string>> = { SEAL_INTERVAL_MS: '0', KYC_EXPIRY_CHECK_INTERVAL_MS: '0' };

/** The real service (Nest app, projections, socket gateway) on a fresh database, on a random port. */
export async function startServiceUnderTest(
  env: Record<string, string> = {},
  options: { /** Where the service's log lines go (as NODE_ENV and LOG_LEVEL format them); unset: no logs. */ readonly logs?: Writable } = {},
): Promise<ServiceUnderTest> {
  const database = await createTestDatabase('svc');
  const dataDir = mkdtempSync(join(tmpdir(), 'carbon-ledger-svc-'));
  const config = loadConfig({ DATABASE_URL: database.connectionString, DATA_DIR: dataDir, LOG_LEVEL: 'error', ...env });
  const sandbox: Sandbox = await startSandbox({ port: 0, ledgerCloseIntervalMs: 100 });
  const opened = await openPostgresRuntime(config, database.connectionString, { url: sandbox.url, genesisSeed: sandbox.genesis.seed });
  const { runtime } = opened;
  const { pool } = runtime;
  const app = await createApp(runtime, options.logs ? { logger: createRootLogger(config, { destination: options.logs }) } : { logs: false });
  const baseUrl = await listen(app);

  const sendTo = (base: string, method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Response> =>
    fetch(`${base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      // Raw bytes (a document upload) go as they are, under the content type the caller names.
      ...(body === undefined
        ? {}
        : { body: typeof body === 'string' ? body : body instanceof Uint8Array ? new Blob([new Uint8Array(body)]) : JSON.stringify(body) }),
    });
  const send = (method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Response> =>
    sendTo(baseUrl, method, path, body, headers);

  return {
    baseUrl,
    app,
    runtime,
    anonymous: (method, path, body, headers = {}) => send(method, path, body, headers),
    async signIn(roles, password = `pw-${randomUUID()}`, organisation) {
      const commandId = randomUUID();
      const email = `${roles.join('-') || 'none'}-${commandId.slice(0, 8)}@example.test`;
      const registered = await app
        .get(CommandBus)
        .execute(
          new RegisterUserCommand(
            { email, name: `Test ${roles.join(' ')}`, password, roles, ...(organisation ? { organisation } : {}) },
            { commandId, correlationId: commandId, causationId: commandId, actor: { userId: 'test', role: 'admin' }, now: new Date() },
          ),
        );
      // Sign-in reads the users read model; wait until it has the new user.
      await app.get(ProjectionHost).waitFor(['users'], registered.position, 5_000);
      const login = await send('POST', '/api/auth/login', { email, password }, {});
      if (login.status !== 200) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
      const { cookie, csrf } = sessionOf(login);
      const signedIn = (headers: Record<string, string>): Record<string, string> => ({ cookie, [CSRF_HEADER]: csrf, ...headers });
      return {
        userId: registered.userId,
        cookie,
        request: (method, path, body, headers = {}) => send(method, path, body, signedIn(headers)),
        requestAt: (base, method, path, body, headers = {}) => sendTo(base, method, path, body, signedIn(headers)),
      };
    },
    async countEvents(streamPrefix) {
      // The sealer and the platform wallets append in the background at any time; a
      // request's effect is measured on the other streams unless a prefix names them.
      // The XRPL settlement of an earlier issuance or retirement lands in its market's
      // stream whenever the ledger validates it: never counted as a request's effect
      // (a fresh-clone run counted one inside "implements a suggestion once").
      const result = await pool.query<{ count: string }>(
        streamPrefix === undefined
          ? `select count(*) from events where stream_id not in ('audit-seals', 'audit-anchors')
               and not starts_with(stream_id, 'xrpl-wallet-') and not starts_with(stream_id, 'xrpl-submission-')
               and type <> 'XrplSettlementRecorded'`
          : `select count(*) from events where starts_with(stream_id, $1) and type <> 'XrplSettlementRecorded'`,
        streamPrefix === undefined ? [] : [streamPrefix],
      );
      return Number(result.rows[0]?.count ?? 0);
    },
    async startAnotherProcess() {
      const otherPool = createPool(database.connectionString);
      const otherReadModels = createReadModels(otherPool);
      const otherEventStore = new PostgresEventStore(otherPool, { connectionString: database.connectionString });
      const other = await createApp({ ...runtime, pool: otherPool, readModels: otherReadModels, eventStore: otherEventStore }, { logs: false });
      return {
        baseUrl: await listen(other),
        async close() {
          await other.close();
          await otherEventStore.close();
          await otherReadModels.destroy();
        },
      };
    },
    sandbox,
    async close() {
      await app.close();
      runtime.database.close();
      await sandbox.close();
      await opened.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Starts the service before a describe block's own beforeAll hooks and closes it after its afterAll hooks; answers the started one. */
function startedForSuite(env: Record<string, string>): () => ServiceUnderTest {
  let started: ServiceUnderTest | undefined;
  beforeAll(async () => {
    started = await startServiceUnderTest(env);
  });
  afterAll(async () => {
    await started?.close();
  });
  return () => {
    if (!started) throw new Error('the service under test starts in beforeAll');
    return started;
  };
}

/** The started service of a describe block, usable from its hooks and tests (not while the block is declared). */
class SuiteService implements ServiceUnderTest {
  constructor(protected readonly started: () => ServiceUnderTest) {}

  get baseUrl(): string {
    return this.started().baseUrl;
  }

  get app(): NestExpressApplication {
    return this.started().app;
  }

  get runtime(): ServiceRuntime {
    return this.started().runtime;
  }

  get sandbox(): Sandbox {
    return this.started().sandbox;
  }

  signIn(roles: readonly Role[], password?: string, organisation?: string): Promise<SignedInClient> {
    return this.started().signIn(roles, password, organisation);
  }

  anonymous(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response> {
    return this.started().anonymous(method, path, body, headers);
  }

  countEvents(streamPrefix?: string): Promise<number> {
    return this.started().countEvents(streamPrefix);
  }

  startAnotherProcess(): Promise<{ readonly baseUrl: string; close(): Promise<void> }> {
    return this.started().startAnotherProcess();
  }

  close(): Promise<void> {
    return this.started().close();
  }
}

/** The service under test of a describe block (with `env`), started before its beforeAll hooks and closed after its afterAll hooks. */
export function serviceForSuite(env: Record<string, string> = {}): ServiceUnderTest {
  return new SuiteService(startedForSuite(env));
}

/** The service and the sandbox ledger as the XRPL specs use them. */
export interface ServiceOnLedger extends ServiceUnderTest {
  /** The platform's XRPL gateway, its connection to the sandbox ledger ready. */
  readonly gateway: XrplGateway;
  /** A client of the sandbox ledger of the spec's own: to fund accounts, sign as a user would, read what landed. */
  readonly ledger: Client;
}

/** serviceForSuite, once the service's XRPL connection is ready, with a ledger client that is disconnected before the service closes. */
export function serviceOnLedgerForSuite(env: Record<string, string> = {}): ServiceOnLedger {
  const started = startedForSuite(env);
  let ledger: Client | undefined;
  beforeAll(async () => {
    await started().app.get(XrplConnection).ready;
    ledger = new Client(started().sandbox.url);
    await ledger.connect();
  });
  afterAll(async () => {
    await ledger?.disconnect();
  });
  return new SuiteServiceOnLedger(started, () => {
    if (!ledger) throw new Error('the ledger client connects in beforeAll');
    return ledger;
  });
}

class SuiteServiceOnLedger extends SuiteService implements ServiceOnLedger {
  constructor(
    started: () => ServiceUnderTest,
    private readonly connected: () => Client,
  ) {
    super(started);
  }

  get gateway(): XrplGateway {
    return this.app.get<XrplGateway>(XRPL_GATEWAY);
  }

  get ledger(): Client {
    return this.connected();
  }
}
