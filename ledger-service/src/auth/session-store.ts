import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type Kysely, sql } from 'kysely';
import type { RequestUser } from '../infrastructure/http/request-context.js';
import { READ_MODELS } from '../infrastructure/tokens.js';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import type { AuthDatabase } from './auth-database.js';
import { AUTH_DB } from './auth.tokens.js';
import { toUserView } from './queries/list-users.handler.js';

export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;

/** Only a hash of the session token is stored, so a leaked table does not leak sessions. */
const tokenHash = (token: string): string => createHash('sha256').update(token).digest('base64url');

export interface Session {
  readonly user: RequestUser;
  readonly csrfToken: string;
}

@Injectable()
export class SessionStore {
  constructor(
    @Inject(AUTH_DB) private readonly auth: Kysely<AuthDatabase>,
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
  ) {}

  async create(userId: string, now = new Date()): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(24).toString('base64url');
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await this.auth
      .insertInto('auth_sessions')
      .values({ token_hash: tokenHash(token), user_id: userId, csrf_token: csrfToken, expires_at: expiresAt })
      .execute();
    // Expired sessions of this user go when a new one starts.
    await this.auth.deleteFrom('auth_sessions').where('user_id', '=', userId).where('expires_at', '<', now).execute();
    return { token, csrfToken, expiresAt };
  }

  /** The signed-in user of a live session, in one round trip (sessions and users share a database). */
  async find(token: string, now = new Date()): Promise<Session | undefined> {
    const found = await sql<{ user_id: string; email: string; name: string; roles: string[]; csrf_token: string }>`
      select u.user_id, u.email, u.name, u.roles, s.csrf_token
      from auth_sessions s join users u on u.user_id = s.user_id
      where s.token_hash = ${tokenHash(token)} and s.expires_at > ${now}`.execute(this.readModels);
    const row = found.rows[0];
    return row ? { user: toUserView(row), csrfToken: row.csrf_token } : undefined;
  }

  async delete(token: string): Promise<void> {
    await this.auth.deleteFrom('auth_sessions').where('token_hash', '=', tokenHash(token)).execute();
  }
}
