import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_TTL_HOURS } from '@carbon-ledger/contracts';
import type pg from 'pg';

/** Whose key: keys are scoped to the signed-in user, so one user's key never meets another's. */
export interface KeyScope {
  readonly userId: string;
  readonly key: string;
}

/** The first answer to a keyed request, kept to be sent again byte for byte. */
export interface StoredAnswer {
  readonly status: number;
  /** The body exactly as sent; empty for an answer without one (204). */
  readonly body: string;
}

export type KeyClaim =
  /** This request runs; `leaseToken` proves it still holds the key when it answers. */
  | { readonly kind: 'claimed'; readonly leaseToken: string }
  | { readonly kind: 'answered'; readonly answer: StoredAnswer }
  /** The same request runs elsewhere (this or another process): wait for its answer. */
  | { readonly kind: 'running' }
  /** The key was used for a request with another method, path or body. */
  | { readonly kind: 'other-request' };

export interface IdempotencyKeyOptions {
  /** How long a claim holds without renewal: a process that dies mid-request frees the key after this. */
  readonly leaseMs: number;
  readonly ttlHours: number;
}

/**
 * 10 s, renewed every third of it while the request runs: a retry of a request whose instance was
 * killed waits at most this long, as the jobs that instance held are taken over within it.
 */
const DEFAULT_OPTIONS: IdempotencyKeyOptions = { leaseMs: 10_000, ttlHours: IDEMPOTENCY_KEY_TTL_HOURS };

interface KeyRow {
  fingerprint: string;
  status: number | null;
  response_body: string | null;
}

/**
 * The `idempotency_keys` table: one row per user and key, claimed by the request that runs
 * it and then holding its first answer. The row, not this process's memory, decides, so
 * duplicates arriving at different processes wait for the same first answer.
 */
export class IdempotencyKeys {
  /** Wakes waiters of this process at once; other processes' waiters poll the row. */
  private readonly waiters = new Map<string, Set<() => void>>();
  readonly options: IdempotencyKeyOptions;

  constructor(
    private readonly pool: pg.Pool,
    options: Partial<IdempotencyKeyOptions> = {},
  ) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
  }

  /**
   * Claims the key for this request, or says what holds it. A row past its expiry is a
   * new request; a running row whose lease ran out (its process died) is taken over.
   */
  async claim(scope: KeyScope, fingerprint: string, commandId: string): Promise<KeyClaim> {
    for (;;) {
      const leaseToken = randomUUID();
      const taken = await this.pool.query(
        `insert into idempotency_keys as k
           (user_id, idempotency_key, fingerprint, command_id, lease_token, status, response_body, locked_until, expires_at)
         values ($1, $2, $3, $4, $5, null, null, now() + $6 * interval '1 millisecond', now() + $7 * interval '1 hour')
         on conflict (user_id, idempotency_key) do update
           set fingerprint = excluded.fingerprint, command_id = excluded.command_id, lease_token = excluded.lease_token,
               status = null, response_body = null, locked_until = excluded.locked_until,
               created_at = now(), expires_at = excluded.expires_at
           where k.expires_at < now()
              or (k.status is null and k.locked_until < now() and k.fingerprint = excluded.fingerprint)
         returning 1`,
        [scope.userId, scope.key, fingerprint, commandId, leaseToken, this.options.leaseMs, this.options.ttlHours],
      );
      if (taken.rowCount === 1) return { kind: 'claimed', leaseToken };
      const existing = await this.pool.query<KeyRow>(
        `select fingerprint, status, response_body from idempotency_keys
         where user_id = $1 and idempotency_key = $2 and expires_at >= now()`,
        [scope.userId, scope.key],
      );
      const row = existing.rows[0];
      // Released or expired in between: claim again.
      if (!row) continue;
      if (row.fingerprint !== fingerprint) return { kind: 'other-request' };
      if (row.status === null) return { kind: 'running' };
      return { kind: 'answered', answer: { status: row.status, body: row.response_body ?? '' } };
    }
  }

  /** Keeps the claim of a request that is still running. */
  async renew(scope: KeyScope, leaseToken: string): Promise<void> {
    await this.pool.query(
      `update idempotency_keys set locked_until = now() + $4 * interval '1 millisecond'
       where user_id = $1 and idempotency_key = $2 and lease_token = $3 and status is null`,
      [scope.userId, scope.key, leaseToken, this.options.leaseMs],
    );
  }

  /** Keeps the first answer for the expiry window. */
  async answer(scope: KeyScope, leaseToken: string, answer: StoredAnswer): Promise<void> {
    try {
      await this.pool.query(
        `update idempotency_keys
         set status = $4, response_body = $5, locked_until = now(), expires_at = now() + $6 * interval '1 hour'
         where user_id = $1 and idempotency_key = $2 and lease_token = $3 and status is null`,
        [scope.userId, scope.key, leaseToken, answer.status, answer.body, this.options.ttlHours],
      );
    } finally {
      this.wake(scope);
    }
  }

  /** Frees the key without an answer (the request failed on our side): a retry runs it again. */
  async release(scope: KeyScope, leaseToken: string): Promise<void> {
    try {
      await this.pool.query(`delete from idempotency_keys where user_id = $1 and idempotency_key = $2 and lease_token = $3 and status is null`, [
        scope.userId,
        scope.key,
        leaseToken,
      ]);
    } finally {
      this.wake(scope);
    }
  }

  /** Resolves when this process answers or releases the key, or after `ms` (another process may have). */
  waitForChange(scope: KeyScope, ms: number): Promise<void> {
    const id = scopeId(scope);
    return new Promise((resolve) => {
      let waiters = this.waiters.get(id);
      if (!waiters) {
        waiters = new Set();
        this.waiters.set(id, waiters);
      }
      const done = (): void => {
        clearTimeout(timer);
        const current = this.waiters.get(id);
        current?.delete(done);
        if (current?.size === 0) this.waiters.delete(id);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiters.add(done);
    });
  }

  /** Deletes keys past their expiry; any process may run it at any time. */
  async deleteExpired(): Promise<number> {
    const deleted = await this.pool.query(`delete from idempotency_keys where expires_at < now()`);
    return deleted.rowCount ?? 0;
  }

  private wake(scope: KeyScope): void {
    for (const waiter of [...(this.waiters.get(scopeId(scope)) ?? [])]) waiter();
  }
}

function scopeId(scope: KeyScope): string {
  return JSON.stringify([scope.userId, scope.key]);
}
