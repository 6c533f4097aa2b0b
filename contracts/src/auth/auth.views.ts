import { z } from 'zod';
import { roles } from './auth.constants.js';

export const userView = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(roles)),
  organisation: z.string().nullable(),
});
export type UserView = z.infer<typeof userView>;
