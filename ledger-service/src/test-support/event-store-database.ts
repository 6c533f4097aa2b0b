import type pg from 'pg';
import { createTestDatabase } from '../../../test-support/test-database.js';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store.js';
import { createPool, createReadModels, type ReadModels } from '../infrastructure/postgres/database.js';
import { runMigrations } from '../schema-migrations.js';

export interface EventStoreDatabase {
  readonly eventStore: PostgresEventStore;
  readonly pool: pg.Pool;
  readonly readModels: ReadModels;
  readonly connectionString: string;
  /** Closes the store and its pool and drops the database. */
  close(): Promise<void>;
}

/** A fresh test database with every schema the service migrates (the event store's and the read models'), a PostgresEventStore on it. */
export async function createEventStoreDatabase(prefix: string, connections?: number): Promise<EventStoreDatabase> {
  const database = await createTestDatabase(prefix);
  const pool = createPool(database.connectionString, connections);
  const db = createReadModels(pool);
  await runMigrations(db, { eventStore: true });
  const eventStore = new PostgresEventStore(pool, { connectionString: database.connectionString });
  return {
    eventStore,
    pool,
    readModels: db,
    connectionString: database.connectionString,
    close: async () => {
      await eventStore.close();
      await db.destroy();
      await database.drop();
    },
  };
}
