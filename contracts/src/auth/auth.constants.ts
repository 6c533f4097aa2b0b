export const roles = ['trader', 'issuer', 'compliance', 'auditor', 'admin'] as const;
export type Role = (typeof roles)[number];

/** Name of the cookie that carries the CSRF token; the console echoes it in this header. */
export const CSRF_COOKIE = 'cl_csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_COOKIE = 'cl_session';
