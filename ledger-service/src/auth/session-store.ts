import type { ProjectionName } from '@carbon-ledger/contracts';
import { randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { type Kysely, sql } from 'kysely';
import type { RequestUser } from '../infrastructure/http/request-context.js';
import { type ChannelListener, listenToChannel } from '../infrastructure/postgres/channel-listener.js';
import type { ServiceRuntime } from '../infrastructure/service-runtime.js';
import { READ_MODELS, RUNTIME } from '../infrastructure/tokens.js';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { ProjectionHost } from '../infrastructure/projections/projection-host.js';
import { type LiveSession, type LiveSessions, type SessionChange, tokenHash } from '../shared/live-sessions.port.js';
import type { AuthDatabase } from './auth-database.js';
import { AUTH_DB } from './auth.tokens.js';
import { toUserView } from './queries/list-users.handler.js';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** Live sessions per user; a new sign-in beyond it ends the oldest. */
export const MAX_SESSIONS_PER_USER = 10;
/** last_seen_at is written at most this often per session. */
const LAST_SEEN_RESOLUTION_MS = 60_000;
/** What is kept of a user agent. */
const USER_AGENT_MAX = 300;

/**
 * How long a live session found in the database is trusted without asking again. Sign-out in
 * this process and every change of users (roles) end it at once; in another process, sign-out
 * takes effect within this time.
 */
export const SESSION_CACHE_MS = 1_000;
/** Sessions remembered at most; past it the memory starts over (unknown tokens are never remembered). */
const SESSION_CACHE_SIZE = 10_000;
const USERS_PROJECTION: ProjectionName = 'users';
/** Sessions ended on one instance are announced here to the others, whose sockets of them end at once. */
const ENDED_SESSIONS_CHANNEL = 'carbon_ledger_ended_sessions';

export interface Session {
  readonly sessionId: string;
  readonly user: RequestUser;
  readonly csrfToken: string;
}

export { type LiveSession, type SessionChange, tokenHash } from '../shared/live-sessions.port.js';

/** Where a sign-in came from, shown to the user in their list of sessions. */
export interface SessionOrigin {
  readonly userAgent: string | undefined;
  readonly address: string | undefined;
}

export interface SessionRow {
  readonly sessionId: string;
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
  readonly expiresAt: Date;
  readonly userAgent: string | null;
  readonly address: string | null;
}

@Injectable()
export class SessionStore implements LiveSessions, OnModuleInit, OnModuleDestroy {
  /** Live sessions by token hash, each with when it must be read again. */
  private readonly recent = new Map<string, { readonly session: Session; readonly expiresAt: Date; readonly until: number }>();
  /** Moves on with every sign-out and users change, so a lookup that raced one is not remembered. */
  private generation = 0;
  private unsubscribe: (() => void) | undefined;
  private readonly listeners = new Set<(change: SessionChange) => void>();
  private readonly origin = randomUUID();
  private endedElsewhere: ChannelListener | undefined;

  constructor(
    @Inject(AUTH_DB) private readonly auth: Kysely<AuthDatabase>,
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    private readonly projections: ProjectionHost,
    @Inject(RUNTIME) private readonly runtime: Pick<ServiceRuntime, 'readModelConnection'>,
  ) {}

  onModuleInit(): void {
    this.endedElsewhere = listenToChannel(this.runtime.readModelConnection, ENDED_SESSIONS_CHANNEL, (payload) => {
      const [origin, hash] = payload.split(' ');
      if (origin === this.origin || !hash) return;
      this.forgetAll();
      this.announce({ kind: 'ended', tokenHash: hash });
    });
    // A role granted or taken away applies to the very next request.
    this.unsubscribe = this.projections.onBatchCommitted((batch) => {
      if (batch.projection === USERS_PROJECTION && batch.views.length > 0) {
        this.forgetAll();
        this.announce({ kind: 'users-changed' });
      }
    });
  }

  /** Sockets follow sign-outs and role changes through this; returns the unsubscribe. */
  onChange(listener: (change: SessionChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The live sessions among these token hashes, read from the database (never remembered). */
  async liveSessions(tokenHashes: readonly string[], now = new Date()): Promise<Map<string, LiveSession>> {
    const live = new Map<string, LiveSession>();
    if (tokenHashes.length === 0) return live;
    const found = await sql<{ token_hash: string; user_id: string; email: string; name: string; roles: string[]; expires_at: Date }>`
      select s.token_hash, u.user_id, u.email, u.name, u.roles, s.expires_at
      from auth_sessions s join users u on u.user_id = s.user_id
      where s.token_hash = any(${[...tokenHashes]}::text[]) and s.expires_at > ${now}`.execute(this.readModels);
    for (const row of found.rows) live.set(row.token_hash, { user: toUserView(row), expiresAt: row.expires_at });
    return live;
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
    void this.endedElsewhere?.close();
  }

  async create(userId: string, origin: SessionOrigin, now = new Date()): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(24).toString('base64url');
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await this.auth
      .insertInto('auth_sessions')
      .values({
        token_hash: tokenHash(token),
        user_id: userId,
        csrf_token: csrfToken,
        created_at: now,
        last_seen_at: now,
        expires_at: expiresAt,
        user_agent: origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        client_address: origin.address ?? null,
      })
      .execute();
    // Expired sessions of this user go when a new one starts, and the oldest beyond the cap.
    await this.auth.deleteFrom('auth_sessions').where('user_id', '=', userId).where('expires_at', '<', now).execute();
    const beyondCap = await this.auth
      .deleteFrom('auth_sessions')
      .where('user_id', '=', userId)
      .where('token_hash', 'not in', (db) =>
        db
          .selectFrom('auth_sessions')
          .select('token_hash')
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('token_hash')
          .limit(MAX_SESSIONS_PER_USER),
      )
      .returning('token_hash')
      .execute();
    if (beyondCap.length > 0) this.forgetAll();
    // Sockets of the sessions ended here end now, not at their next check.
    await this.ended(beyondCap.map((ended) => ended.token_hash));
    return { token, csrfToken, expiresAt };
  }

  /** The user's live sessions, newest first. */
  async list(userId: string, now = new Date()): Promise<SessionRow[]> {
    const rows = await this.auth
      .selectFrom('auth_sessions')
      .select(['session_id', 'created_at', 'last_seen_at', 'expires_at', 'user_agent', 'client_address'])
      .where('user_id', '=', userId)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((row) => ({
      sessionId: row.session_id,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      expiresAt: row.expires_at,
      userAgent: row.user_agent,
      address: row.client_address,
    }));
  }

  /** Ends one of the user's own sessions; false when the user has no such session. */
  async revoke(userId: string, sessionId: string): Promise<boolean> {
    this.forgetAll();
    const deleted = await this.auth
      .deleteFrom('auth_sessions')
      .where('user_id', '=', userId)
      .where('session_id', '=', sessionId)
      .returning('token_hash')
      .execute();
    this.forgetAll();
    await this.ended(deleted.map((ended) => ended.token_hash));
    return deleted.length > 0;
  }

  /** The signed-in user of a live session, in one round trip (sessions and users share a database), or remembered. */
  async find(token: string, now = new Date()): Promise<Session | undefined> {
    const hash = tokenHash(token);
    const remembered = this.recent.get(hash);
    if (remembered && remembered.until > Date.now() && remembered.expiresAt > now) return remembered.session;
    const generation = this.generation;
    const found = await sql<{
      session_id: string;
      user_id: string;
      email: string;
      name: string;
      roles: string[];
      csrf_token: string;
      expires_at: Date;
      last_seen_at: Date;
    }>`
      select s.session_id, u.user_id, u.email, u.name, u.roles, s.csrf_token, s.expires_at, s.last_seen_at
      from auth_sessions s join users u on u.user_id = s.user_id
      where s.token_hash = ${hash} and s.expires_at > ${now}`.execute(this.readModels);
    const row = found.rows[0];
    if (!row) {
      this.recent.delete(hash);
      return undefined;
    }
    if (now.getTime() - row.last_seen_at.getTime() >= LAST_SEEN_RESOLUTION_MS) {
      await this.auth.updateTable('auth_sessions').set({ last_seen_at: now }).where('token_hash', '=', hash).execute();
    }
    const session: Session = { sessionId: row.session_id, user: toUserView(row), csrfToken: row.csrf_token };
    if (generation === this.generation) {
      if (this.recent.size >= SESSION_CACHE_SIZE) this.recent.clear();
      this.recent.set(hash, { session, expiresAt: row.expires_at, until: Date.now() + SESSION_CACHE_MS });
    }
    return session;
  }

  async delete(token: string): Promise<void> {
    this.forgetAll();
    const hash = tokenHash(token);
    await this.auth.deleteFrom('auth_sessions').where('token_hash', '=', hash).execute();
    // A lookup that read the row before the delete may have been remembered meanwhile.
    this.forgetAll();
    await this.ended([hash]);
  }

  /** Ends the sessions' sockets here at once, and on every other instance as soon as it hears of it. */
  private async ended(hashes: readonly string[]): Promise<void> {
    for (const hash of hashes) this.announce({ kind: 'ended', tokenHash: hash });
    for (const hash of hashes) await sql`select pg_notify(${ENDED_SESSIONS_CHANNEL}, ${`${this.origin} ${hash}`})`.execute(this.auth);
  }

  private announce(change: SessionChange): void {
    for (const listener of this.listeners) listener(change);
  }

  private forgetAll(): void {
    this.generation += 1;
    this.recent.clear();
  }
}
