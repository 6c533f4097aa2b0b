/** `issuer` is a project proponent; `verifier` a validation/verification body; `registry` the registry operator. */
export const roles = ['trader', 'issuer', 'verifier', 'registry', 'compliance', 'auditor', 'admin'] as const;
export type Role = (typeof roles)[number];

/** Name of the cookie that carries the CSRF token; the console echoes it in this header. */
export const CSRF_COOKIE = 'cl_csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE = 'cl_session';

/**
 * Roles that oversee the whole market (`orders-access.int.spec.ts`): they may list every user's orders
 * and see other users' account ids; everyone else sees their own.
 */
export const oversightRoles = ['compliance', 'auditor', 'admin'] as const satisfies readonly Role[];
export const canOversee = (userRoles: readonly Role[]): boolean => userRoles.some((role) => (oversightRoles as readonly Role[]).includes(role));
