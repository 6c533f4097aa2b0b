import { z } from 'zod';
import { roles } from './auth.constants.js';
import { eventGuard, eventTypesOf } from '../shared/event-union.js';

export const userRegisteredData = z.object({
  userId: z.uuid(),
  email: z.email(),
  name: z.string().min(1),
  /** Absent for users registered before organisations were recorded. */
  organisation: z.string().min(1).max(200).optional(),
  registeredAt: z.iso.datetime(),
});

export const roleChangedData = z.object({
  userId: z.uuid(),
  role: z.enum(roles),
  changedAt: z.iso.datetime(),
});

export const authEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('UserRegistered'), data: userRegisteredData }),
  z.object({ type: z.literal('RoleGranted'), data: roleChangedData }),
  z.object({ type: z.literal('RoleRevoked'), data: roleChangedData }),
]);
export type AuthEvent = z.infer<typeof authEvent>;

export const authEventTypes = eventTypesOf(authEvent);

export const isAuthEvent = eventGuard<AuthEvent>(authEventTypes);

export const userStreamId = (userId: string): string => `user-${userId}`;
