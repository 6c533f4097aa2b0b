import { type ApiRoute, idempotentRoute, NO_VIEWS, readRoute } from '../api/api-route.js';
import { loginRequest, loginResponse, meResponse } from './login.contract.js';
import { createUserRequest, grantRoleRequest, listUsersResponse, roleParams, userIdParams, userResponse } from './manage-users.contract.js';
import { listSessionsResponse, sessionIdParams } from './sessions.contract.js';

export const authRoutes = [
  {
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in: sets the session cookie and the CSRF cookie whose value state-changing calls echo in X-CSRF-Token',
    access: 'public',
    body: loginRequest,
    success: { status: 200, json: loginResponse },
    idempotent: false,
    errors: ['TooManyRequests'],
    // Sessions live in their own table, not in a view.
    views: NO_VIEWS,
  },
  idempotentRoute('POST', '/api/auth/logout', 'signed-in', { summary: 'Sign out: ends this session', success: { status: 204 }, views: NO_VIEWS }),
  readRoute('/api/auth/me', 'signed-in', 'The signed-in user and their roles', meResponse),
  readRoute('/api/auth/sessions', 'signed-in', "The caller's live sessions", listSessionsResponse),
  idempotentRoute('DELETE', '/api/auth/sessions/:id', 'signed-in', {
    summary: 'End one of the caller’s sessions',
    params: sessionIdParams,
    success: { status: 204 },
    errors: ['NotFound'],
    views: NO_VIEWS,
  }),
  readRoute('/api/users', ['admin'], 'List users', listUsersResponse),
  idempotentRoute('POST', '/api/users', ['admin'], {
    summary: 'Create a user with roles',
    body: createUserRequest,
    success: { status: 201, json: userResponse },
    errors: ['Conflict', 'IdempotencyKeyReused'],
    views: ['users'],
  }),
  idempotentRoute('POST', '/api/users/:id/roles', ['admin'], {
    summary: 'Grant a role',
    params: userIdParams,
    body: grantRoleRequest,
    success: { status: 200, json: userResponse },
    errors: ['NotFound', 'IdempotencyKeyReused'],
    views: ['users'],
  }),
  idempotentRoute('DELETE', '/api/users/:id/roles/:role', ['admin'], {
    summary: 'Revoke a role',
    params: roleParams,
    success: { status: 200, json: userResponse },
    errors: ['NotFound', 'Conflict', 'IdempotencyKeyReused'],
    views: ['users'],
  }),
] satisfies readonly ApiRoute[];
