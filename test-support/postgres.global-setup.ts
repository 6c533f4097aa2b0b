import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, startEmbeddedPostgres } from '@carbon-ledger/ledger-service/testing';

declare module 'vitest' {
  interface ProvidedContext {
    /** Connection string of the test cluster's `postgres` database; tests create their own databases. */
    pgAdminUrl: string;
  }
}

/** One real PostgreSQL cluster for the whole test run, in a throw-away directory. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  mkdirSync(join(process.cwd(), '.test-data'), { recursive: true });
  const dataDir = mkdtempSync(join(process.cwd(), '.test-data', 'pg-'));
  const server = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'postgres' });
  project.provide('pgAdminUrl', server.connectionString);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
