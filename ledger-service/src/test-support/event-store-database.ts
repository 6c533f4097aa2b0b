import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import { createTestDatabase } from '../../../test-support/test-database.js';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import { createPool } from '../infrastructure/postgres/database.js';
import { runMigrations } from '../schema-migrations.js';

export interface EventStoreDatabase {
  readonly eventStore: PostgresEventStore;
  readonly pool: pg.Pool;
  readonly connectionString: string;
  /** Closes the store and its pool and drops the database. */
  close(): Promise<void>;
}

/** A fresh test database holding only the event store's tables, with a PostgresEventStore on it. */
export async function createEventStoreDatabase(prefix: string, connections: number): Promise<EventStoreDatabase> {
  const database = await createTestDatabase(prefix);
  const pool = createPool(database.connectionString, connections);
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  await runMigrations(db, { eventStore: true });
  const eventStore = new PostgresEventStore(pool, { connectionString: database.connectionString });
  return {
    eventStore,
    pool,
    connectionString: database.connectionString,
    close: async () => {
      await eventStore.close();
      await db.destroy();
      await database.drop();
    },
  };
}
