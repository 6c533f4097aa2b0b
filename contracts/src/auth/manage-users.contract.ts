import { z } from 'zod';
import { freeText } from '../shared/free-text.js';
import { roles } from './auth.constants.js';
import { userView } from './auth.views.js';
import { MIN_PASSWORD_LENGTH } from './password-policy.js';

export const createUserRequest = z.object({
  email: z.email('Please enter a valid email address').max(254),
  name: freeText({ label: 'Name', min: 1, max: 120 }),
  password: z.string().min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`).max(1024),
  roles: z.array(z.enum(roles)).min(1, 'Choose at least one role'),
  /** The company or body the user acts for: a verifier never verifies a project of its own organisation. */
  organisation: freeText({ label: 'Organisation', min: 1, max: 200 }).optional(),
});
export type CreateUserRequest = z.infer<typeof createUserRequest>;

export const userResponse = z.object({ user: userView });
export const listUsersResponse = z.object({ users: z.array(userView) });
export type ListUsersResponse = z.infer<typeof listUsersResponse>;

export const roleParams = z.object({ id: z.uuid('User id must be a UUID'), role: z.enum(roles) });
export const userIdParams = z.object({ id: z.uuid('User id must be a UUID') });
export const grantRoleRequest = z.object({ role: z.enum(roles) });
