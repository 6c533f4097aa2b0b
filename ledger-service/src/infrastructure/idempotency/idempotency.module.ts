import { Inject, Injectable, Logger, Module, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type pg from 'pg';
import { PG_POOL } from '../tokens.js';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';
import { IdempotencyKeys } from './idempotency-keys.js';

const SWEEP_INTERVAL_MS = 10 * 60_000;

/** Deletes expired keys now and then; harmless when several processes do it. */
@Injectable()
class ExpiredKeySweeper implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Idempotency');
  private timer: NodeJS.Timeout | undefined;

  constructor(@Inject(IdempotencyKeys) private readonly keys: IdempotencyKeys) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      this.keys.deleteExpired().catch((error: unknown) => this.logger.warn(`could not delete expired idempotency keys: ${String(error)}`));
    }, SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}

@Module({
  providers: [
    { provide: IdempotencyKeys, inject: [PG_POOL], useFactory: (pool: pg.Pool) => new IdempotencyKeys(pool) },
    ExpiredKeySweeper,
    { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
  ],
})
export class IdempotencyModule {}
