/**
 * What the repository's other test suites (e2e, test-support, the projections' test bed) use of
 * the service, imported as @carbon-ledger/ledger-service/testing rather than by a path into src.
 */
export { freePort, freePorts } from './shared/free-port.js';
export { type EmbeddedPostgresServer, startEmbeddedPostgres } from './infrastructure/postgres/embedded-postgres.js';
export { createPool, createReadModels, type ReadModels } from './infrastructure/postgres/database.js';
export { runMigrations } from './schema-migrations.js';
export { PostgresEventStore } from './event-store/postgres/postgres-event-store.js';
export { toEventsToAppend } from './shared/command-context.js';
