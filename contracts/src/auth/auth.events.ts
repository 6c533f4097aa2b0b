import { z } from 'zod';
import { roles } from './auth.constants.js';

export const userRegisteredData = z.object({
  userId: z.uuid(),
  email: z.email(),
  name: z.string().min(1),
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

export const authEventTypes: ReadonlySet<string> = new Set<AuthEvent['type']>(['UserRegistered', 'RoleGranted', 'RoleRevoked']);

export function isAuthEvent<E extends { type: string; data: unknown }>(event: E): event is E & AuthEvent {
  return authEventTypes.has(event.type);
}

export const userStreamId = (userId: string): string => `user-${userId}`;
