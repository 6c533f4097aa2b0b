import { Global, Module } from '@nestjs/common';
import type { EventStore } from '@carbon-ledger/contracts';
import type pg from 'pg';
import { AdvisoryWriterTurns } from '../infrastructure/postgres/advisory-writer-turns.js';
import type { ServiceRuntime } from '../infrastructure/service-runtime.js';
import { PostgresSnapshotStore } from '../infrastructure/snapshots/snapshot-store.js';
import { EVENT_STORE, PG_POOL, RUNTIME } from '../infrastructure/tokens.js';
import { CreditMarketStore } from './credit-market.store.js';

export const CREDIT_MARKETS = Symbol('CREDIT_MARKETS');

/**
 * The credit market aggregate (registry serial blocks + order book) is shared by
 * the orders capability (Trading Desk, Marketplace) and the credits capability
 * (issue, transfer, retire): one store instance, so one in-memory state per market.
 * Its snapshots live in PostgreSQL whichever event store keeps the log, and so do the writer
 * turns that instances take at a market they all write to.
 */
@Global()
@Module({
  providers: [
    {
      provide: CREDIT_MARKETS,
      inject: [EVENT_STORE, PG_POOL, RUNTIME],
      useFactory: (eventStore: EventStore, pool: pg.Pool, runtime: Pick<ServiceRuntime, 'readModelConnection'>) =>
        new CreditMarketStore(eventStore, {
          snapshots: new PostgresSnapshotStore(pool),
          writerTurns: new AdvisoryWriterTurns(runtime.readModelConnection),
        }),
    },
  ],
  exports: [CREDIT_MARKETS],
})
export class CreditMarketModule {}
