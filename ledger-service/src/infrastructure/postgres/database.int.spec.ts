import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/test-database.js';
import { createPool } from './database.js';

describe('connection pool', () => {
  let database: TestDatabase;
  let pool: ReturnType<typeof createPool>;

  beforeAll(async () => {
    database = await createTestDatabase('pool');
    pool = createPool(database.connectionString, 4);
  });
  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  it('survives the server dropping a connection that is checked out, idle or mid-query, and serves the next query', async () => {
    // Without a listener on the client, pg re-emits the server's FATAL message as an
    // 'error' event that crashes the process (Ctrl+C in a terminal stops the embedded
    // server while the service is still shutting down).
    const crashes: unknown[] = [];
    const onCrash = (error: unknown): void => void crashes.push(error);
    process.on('uncaughtException', onCrash);
    try {
      const idle = await pool.connect();
      const busy = await pool.connect();
      const pids = [
        (await idle.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid,
        (await busy.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid,
      ];
      const ended = Promise.all([idle, busy].map((client) => new Promise((resolve) => client.once('end', resolve))));
      // Its failure is taken at once: it comes while the terminate below is still answering, and a
      // rejection nobody holds yet is an unhandled one.
      const sleeping = busy.query('select pg_sleep(30)').then(
        () => undefined,
        (error: unknown) => error,
      );
      await pool.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids]);
      expect(String(await sleeping)).toMatch(/terminating connection/);
      await ended;
      await expect(idle.query('select 1')).rejects.toThrow();
      // The pool discards both on release; the next query gets a live connection.
      idle.release();
      busy.release();
      const { rows } = await pool.query<{ answer: number }>('select 42 as answer');
      expect(rows[0]?.answer).toBe(42);
      expect(crashes).toEqual([]);
    } finally {
      process.off('uncaughtException', onCrash);
    }
  }, 15_000);
});
