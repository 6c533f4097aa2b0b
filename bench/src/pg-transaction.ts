import type pg from 'pg';

/** Runs `work` on one pooled connection in a transaction: committed when it returns, rolled back when it throws. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    // A failed rollback (the connection broke) must not hide the error that caused it.
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
