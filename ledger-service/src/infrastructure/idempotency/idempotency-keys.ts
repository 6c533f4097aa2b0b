import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_TTL_HOURS } from '@carbon-ledger/contracts';
import type pg from 'pg';
import { Coalescer } from '../postgres/coalescer.js';

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

interface PendingClaim {
  readonly scope: KeyScope;
  readonly fingerprint: string;
  readonly commandId: string;
  readonly leaseToken: string;
}

interface PendingAnswer {
  readonly scope: KeyScope;
  readonly leaseToken: string;
  readonly answer: StoredAnswer;
}

/** Two statements in flight at most, each for up to 500 requests. */
const COALESCING = { batchesInFlight: 2, batchSize: 500 } as const;

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
  private readonly claims = new Coalescer<PendingClaim, boolean>((claims) => this.claimAll(claims), {
    ...COALESCING,
    // One statement cannot claim a row twice: the same key twice at once goes in two statements.
    keyOf: (claim) => scopeId(claim.scope),
  });
  private readonly answers = new Coalescer<PendingAnswer, void>((answers) => this.answerAll(answers), COALESCING);

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
      if (await this.claims.submit({ scope, fingerprint, commandId, leaseToken })) return { kind: 'claimed', leaseToken };
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

  /**
   * The claims of requests running at the same time, in one statement (and one commit): on a
   * busy service each request paid a round trip and a WAL flush of its own here. Whether each
   * was taken is read from the lease tokens the statement returns.
   */
  private async claimAll(claims: readonly PendingClaim[]): Promise<boolean[]> {
    const taken = await this.pool.query<{ lease_token: string }>(
      `insert into idempotency_keys as k
         (user_id, idempotency_key, fingerprint, command_id, lease_token, locked_until, expires_at)
       select c.user_id, c.idempotency_key, c.fingerprint, c.command_id, c.lease_token,
              now() + $6 * interval '1 millisecond', now() + $7 * interval '1 hour'
       from unnest($1::text[], $2::text[], $3::text[], $4::uuid[], $5::uuid[])
         as c(user_id, idempotency_key, fingerprint, command_id, lease_token)
       on conflict (user_id, idempotency_key) do update
         set fingerprint = excluded.fingerprint, command_id = excluded.command_id, lease_token = excluded.lease_token,
             status = null, response_body = null, locked_until = excluded.locked_until,
             created_at = now(), expires_at = excluded.expires_at
         where k.expires_at < now()
            or (k.status is null and k.locked_until < now() and k.fingerprint = excluded.fingerprint)
       returning k.lease_token`,
      [
        claims.map((claim) => claim.scope.userId),
        claims.map((claim) => claim.scope.key),
        claims.map((claim) => claim.fingerprint),
        claims.map((claim) => claim.commandId),
        claims.map((claim) => claim.leaseToken),
        this.options.leaseMs,
        this.options.ttlHours,
      ],
    );
    const leases = new Set(taken.rows.map((row) => row.lease_token));
    return claims.map((claim) => leases.has(claim.leaseToken));
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
      await this.answers.submit({ scope, leaseToken, answer });
    } finally {
      this.wake(scope);
    }
  }

  /** The answers of requests that end at the same time, in one statement (and one commit). */
  private async answerAll(answers: readonly PendingAnswer[]): Promise<void[]> {
    await this.pool.query(
      `update idempotency_keys as k
       set status = a.status, response_body = a.body, locked_until = now(), expires_at = now() + $6 * interval '1 hour'
       from unnest($1::text[], $2::text[], $3::uuid[], $4::smallint[], $5::text[]) as a(user_id, idempotency_key, lease_token, status, body)
       where k.user_id = a.user_id and k.idempotency_key = a.idempotency_key and k.lease_token = a.lease_token and k.status is null`,
      [
        answers.map((pending) => pending.scope.userId),
        answers.map((pending) => pending.scope.key),
        answers.map((pending) => pending.leaseToken),
        answers.map((pending) => pending.answer.status),
        answers.map((pending) => pending.answer.body),
        this.options.ttlHours,
      ],
    );
    return answers.map(() => undefined);
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
