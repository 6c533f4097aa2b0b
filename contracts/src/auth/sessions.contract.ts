import { z } from 'zod';

/** One of the signed-in user's sessions, as /profile lists it. */
export const sessionView = z.object({
  id: z.uuid(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  userAgent: z.string().nullable(),
  /** The client address the sign-in came from. */
  address: z.string().nullable(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type SessionView = z.infer<typeof sessionView>;

/** GET /api/auth/sessions */
export const listSessionsResponse = z.object({ sessions: z.array(sessionView) });
export type ListSessionsResponse = z.infer<typeof listSessionsResponse>;

/** DELETE /api/auth/sessions/:id */
export const sessionIdParams = z.object({ id: z.uuid('Session id must be a UUID') });
