import type { PostgresPool } from 'kysely';
import type pg from 'pg';

/**
 * A Kysely pool over one connection, the one `connection()` gives when a statement starts (a
 * runner's leader connection changes as it loses and takes the lead): statements queue on it in order.
 */
export function singleConnectionPool(connection: () => pg.Client): PostgresPool {
  // Only the statement form of PostgresPoolClient.query is used: the dialect has no cursor.
  return {
    options: {},
    connect: async () => {
      const client = connection();
      return { query: (text: string, values: readonly unknown[]) => client.query(text, [...values]), release: () => undefined };
    },
    end: async () => undefined,
  } as unknown as PostgresPool;
}
