import { z } from 'zod';
import { roles } from './auth.constants.js';

export const userView = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(roles)),
  /** The company or body the user acts for; absent when none was recorded. */
  organisation: z.string().nullable().optional(),
});
export type UserView = z.infer<typeof userView>;
