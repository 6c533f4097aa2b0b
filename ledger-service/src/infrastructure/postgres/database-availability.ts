import { EventEmitter } from 'node:events';
import pg from 'pg';

/** The database cannot be reached; the API answers 503 with the reason. */
export class DatabaseUnavailable extends Error {
  override readonly name = 'DatabaseUnavailable';
  constructor(
    readonly reason: string,
    readonly since: Date,
  ) {
    super(`The database is unavailable: ${reason}`);
  }
}

export type DatabaseState = { readonly available: true } | { readonly available: false; readonly reason: string; readonly since: Date };

/** Error codes of Node's sockets that mean the server is not there (or went away). */
const SOCKET_FAILURES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ENOENT: 'no server is listening',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  ETIMEDOUT: 'connecting timed out',
  EHOSTUNREACH: 'the server cannot be reached',
  ENETUNREACH: 'the server cannot be reached',
  ENOTFOUND: 'the server name cannot be resolved',
  EAI_AGAIN: 'the server name cannot be resolved',
};

/** SQLSTATEs the server sends when it is going away or not accepting connections yet. */
const SERVER_FAILURES = new Set(['57P01', '57P02', '57P03']);

/** node-postgres reports a lost or timed-out connection with these messages and no code. */
const CLIENT_FAILURES: readonly (readonly [string, string])[] = [
  ['Connection terminated due to connection timeout', 'connecting timed out'],
  ['Connection terminated', 'the connection was closed'],
  ['timeout exceeded when trying to connect', 'connecting timed out'],
  ['Client has encountered a connection error and is not queryable', 'the connection was closed'],
];

/**
 * Why `error` means the database cannot be reached, or undefined when it is some other
 * failure. The reason never holds addresses or credentials: it is shown on public endpoints.
 */
export function connectionFailureReason(error: unknown, depth = 0): string | undefined {
  if (!(error instanceof Error) || depth > 4) return undefined;
  if (error instanceof DatabaseUnavailable) return error.reason;
  const code = (error as { code?: unknown }).code;
  if (error instanceof pg.DatabaseError) {
    if (code === undefined || typeof code !== 'string') return undefined;
    // The server's own words ("terminating connection due to unexpected postmaster exit").
    if (SERVER_FAILURES.has(code) || code.startsWith('08')) return error.message;
    return undefined;
  }
  if (typeof code === 'string' && SOCKET_FAILURES[code]) return SOCKET_FAILURES[code];
  for (const [prefix, reason] of CLIENT_FAILURES) if (error.message.startsWith(prefix)) return reason;
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const reason = connectionFailureReason(inner, depth + 1);
      if (reason) return reason;
    }
  }
  return connectionFailureReason(error.cause, depth + 1);
}

const PROBE_INTERVAL_MS = 500;
/** A probe connects afresh; a server that does not accept within this time counts as down. */
const PROBE_CONNECT_TIMEOUT_MS = 1_500;

/**
 * Whether the database answers. Any part of the service that sees a connection failure
 * reports it here; from then on the database is probed until it answers again, and
 * whoever waits for that (projections, reactions in back-off) is told at once.
 */
export class DatabaseAvailability {
  private current: DatabaseState = { available: true };
  private readonly events = new EventEmitter();
  private probing: Promise<void> | undefined;
  private wakeProbe: (() => void) | undefined;
  private closed = false;
  /** The supervisor saw the server exit: down until it says the new one runs, whatever answers meanwhile. */
  private heldDown = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: (line: string) => void = () => undefined,
    private readonly probeIntervalMs = PROBE_INTERVAL_MS,
  ) {
    this.events.setMaxListeners(0);
    // Connections dying under the pool are the first sign of a server that went away.
    pool.on('error', (error) => this.noteFailure(error));
    pool.on('connect', (client) => client.on('error', (error) => this.noteFailure(error)));
  }

  get state(): DatabaseState {
    return this.current;
  }

  /**
   * Why `error` (from handling a request) means the database is unavailable, or undefined when
   * it means something else. A socket error may also come from another peer (the XRPL node, a
   * price feed), so unless the database is already known to be down it is asked first.
   */
  async unavailableReason(error: unknown): Promise<string | undefined> {
    const reason = connectionFailureReason(error);
    if (reason === undefined) return undefined;
    if (!this.current.available) return reason;
    if (await this.probe()) return undefined;
    this.markDown(reason);
    return reason;
  }

  /** A connection of the pool failed: that is the database's own connection, no probe needed. */
  private noteFailure(error: unknown): void {
    const reason = connectionFailureReason(error);
    if (reason !== undefined && this.current.available) this.markDown(reason);
  }

  /** The server is known to be down for `reason`. */
  markDown(reason: string): void {
    if (this.closed) return;
    const since = this.current.available ? new Date() : this.current.since;
    if (this.current.available) this.log(`database unavailable: ${reason}`);
    this.current = { available: false, reason, since };
    this.probing ??= this.probeUntilAvailable().finally(() => {
      this.probing = undefined;
    });
  }

  /**
   * The supervisor saw the postmaster exit. Backends it left behind may still answer on pooled
   * connections, so nothing counts as recovered until serverRestarted().
   */
  serverExited(reason: string): void {
    this.heldDown = true;
    this.markDown(reason);
  }

  /** The supervisor started a new postmaster: probe now rather than at the next interval. */
  serverRestarted(): void {
    this.heldDown = false;
    this.wakeProbe?.();
  }

  /** Throws DatabaseUnavailable unless the database answers; when it was down, asks it now. */
  async ensureAvailable(): Promise<void> {
    const state = this.current;
    if (state.available) return;
    if (await this.probe()) return;
    const after = this.current;
    throw new DatabaseUnavailable(after.available ? state.reason : after.reason, state.since);
  }

  /** Calls `listener` each time the database answers again after an outage. */
  onRecovered(listener: () => void): () => void {
    this.events.on('recovered', listener);
    return () => this.events.off('recovered', listener);
  }

  close(): void {
    this.closed = true;
    this.wakeProbe?.();
  }

  private async probeUntilAvailable(): Promise<void> {
    while (!this.closed && !this.current.available) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, this.probeIntervalMs);
        function done(): void {
          clearTimeout(timer);
          resolve();
        }
        this.wakeProbe = done;
      });
      this.wakeProbe = undefined;
      if (!this.closed) await this.probe();
    }
  }

  /**
   * One `select 1` on a new connection; true (and recovered, when it was down) if the database
   * answered. Not on a pooled one: after a postmaster dies, its busy backends keep answering
   * while it accepts no connection.
   */
  private async probe(): Promise<boolean> {
    if (this.heldDown) return false;
    const client = new pg.Client({ ...this.pool.options, connectionTimeoutMillis: PROBE_CONNECT_TIMEOUT_MS });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.query('select 1');
    } catch {
      // Still down; the reason stays the one first seen (or the supervisor's, which says more).
      return false;
    } finally {
      void client.end().catch(() => undefined);
    }
    if (this.heldDown) return false;
    if (!this.current.available) {
      const downFor = Date.now() - this.current.since.getTime();
      this.current = { available: true };
      this.log(`database available again after ${downFor} ms`);
      this.events.emit('recovered');
    }
    return true;
  }
}
