import { z } from 'zod';
import { userView } from './auth.views.js';

export const loginRequest = z.object({
  email: z.email('Please enter a valid email address'),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const loginResponse = z.object({ user: userView });
export type LoginResponse = z.infer<typeof loginResponse>;

/** GET /api/auth/me */
export const meResponse = z.object({ user: userView });
export type MeResponse = z.infer<typeof meResponse>;
