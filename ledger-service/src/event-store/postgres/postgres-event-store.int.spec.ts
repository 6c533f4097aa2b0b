import { Kysely, PostgresDialect } from 'kysely';
import { createTestDatabase } from '../../../../test-support/test-database.js';
import { createPool, runMigrations } from '../../infrastructure/postgres/database.js';
import { describeEventStoreContract } from '../../test-support/event-store-contract-suite.js';
import { PostgresEventStore } from './postgres-event-store.js';

describeEventStoreContract('PostgreSQL', async () => {
  const database = await createTestDatabase('es');
  const pool = createPool(database.connectionString, 40);
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
  await runMigrations(db, { eventStore: true });
  const store = new PostgresEventStore(pool, { connectionString: database.connectionString });
  return {
    store,
    cleanup: async () => {
      await store.close();
      await db.destroy();
      await database.drop();
    },
  };
});
