import pg from 'pg';

/** The longest an instance waits for a market's turn before it writes optimistically. */
const TURN_WAIT = '5s';
/** Markets whose turns one instance may wait for or hold at once; more wait for a connection, then go optimistic. */
const CONNECTIONS = 8;
const CONNECT_TIMEOUT_MS = 2_000;

export function writerTurnKey(streamId: string): string {
  return `market-writer:${streamId}`;
}

/**
 * Writer turns as PostgreSQL session-level advisory locks, each held on a connection of its own
 * while the instance decides and appends a group of commands (the appends go through the event
 * store's own connections). The server queues waiters in order, so instances alternate; a holder
 * that dies (even by kill -9) loses its connection and the server hands the turn on. The credit
 * market's `WriterTurns` port (credit-market/writer-turns.port.ts), provided by its module.
 */
export class AdvisoryWriterTurns {
  private readonly pool: pg.Pool;

  constructor(connection: pg.ClientConfig) {
    this.pool = new pg.Pool({
      ...connection,
      max: CONNECTIONS,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A turn not had within TURN_WAIT is given up (the statement fails), not waited for forever.
      options: `-c lock_timeout=${TURN_WAIT}`,
    });
    // An idle connection that breaks is dropped by the pool; nothing waits on it.
    this.pool.on('error', () => undefined);
  }

  async take(streamId: string): Promise<{ release(): Promise<void> } | undefined> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch {
      return undefined;
    }
    const key = writerTurnKey(streamId);
    try {
      await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [key]);
    } catch {
      client.release(true);
      return undefined;
    }
    let released = false;
    return {
      release: async () => {
        if (released) return;
        released = true;
        try {
          await client.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
          client.release();
        } catch {
          // Closing the connection hands the turn on as surely as unlocking.
          client.release(true);
        }
      },
    };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
