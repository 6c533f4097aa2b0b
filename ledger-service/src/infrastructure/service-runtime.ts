import type { EventStore } from '@carbon-ledger/contracts';
import type pg from 'pg';
import type { AppConfig } from '../config/config.js';
import type { DatabaseAvailability } from './postgres/database-availability.js';
import type { ReadModels } from './postgres/database.js';

/** What the service runs on, created before Nest boots (and by tests against their own database). */
export interface ServiceRuntime {
  readonly config: AppConfig;
  readonly pool: pg.Pool;
  /** Whether the database answers; the API answers 503 while it does not. */
  readonly database: DatabaseAvailability;
  readonly readModels: ReadModels;
  readonly eventStore: EventStore;
  readonly eventStoreAdapter: 'postgres' | 'kurrentdb';
  /** Connection settings for dedicated connections (projection leader locks, LISTEN). */
  readonly readModelConnection: pg.ClientConfig;
  /** The XRPL node; with the in-process sandbox, also its genesis seed for provisioning. */
  readonly xrpl: { readonly url: string; readonly genesisSeed?: string };
}
