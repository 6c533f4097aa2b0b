import { createHash } from 'node:crypto';
import type { RequestUser } from '../infrastructure/http/request-context.js';

/** Long-lived connections (sockets) follow sessions through this port; auth provides it. */
export const LIVE_SESSIONS = Symbol('LiveSessions');

/** Only a hash of the session token is stored, so a leaked table does not leak sessions. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** A live session as a long-lived connection (a socket) needs it: whose, with which roles, until when. */
export interface LiveSession {
  readonly user: RequestUser;
  readonly expiresAt: Date;
}

/** What ends or changes sessions: a sign-out here, or a change of users (roles) in the users projection. */
export type SessionChange = { readonly kind: 'ended'; readonly tokenHash: string } | { readonly kind: 'users-changed' };

export interface LiveSessions {
  /** The live sessions among these token hashes. */
  liveSessions(tokenHashes: readonly string[], now?: Date): Promise<Map<string, LiveSession>>;
  /** Calls the listener on every sign-out and users change; returns the unsubscribe. */
  onChange(listener: (change: SessionChange) => void): () => void;
}
