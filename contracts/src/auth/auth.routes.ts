import { type ApiRoute, idempotentRoute, NO_VIEWS, readRoute, type RouteInputs } from '../api/api-route.js';
import { loginRequest, loginResponse, meResponse } from './login.contract.js';
import { createUserRequest, grantRoleRequest, listUsersResponse, roleParams, userIdParams, userResponse } from './manage-users.contract.js';
import { listSessionsResponse, sessionIdParams } from './sessions.contract.js';

/** An admin's change to the accounts: answers the user as it now stands, once the users view shows it. */
function userAdminRoute(method: 'POST' | 'DELETE', path: string, summary: string, status: number, inputs: RouteInputs): ApiRoute {
  return idempotentRoute(method, path, ['admin'], { summary, ...inputs, success: { status, json: userResponse }, views: ['users'] });
}

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
  userAdminRoute('POST', '/api/users', 'Create a user with roles', 201, { body: createUserRequest, errors: ['Conflict', 'IdempotencyKeyReused'] }),
  userAdminRoute('POST', '/api/users/:id/roles', 'Grant a role', 200, {
    params: userIdParams,
    body: grantRoleRequest,
    errors: ['NotFound', 'IdempotencyKeyReused'],
  }),
  userAdminRoute('DELETE', '/api/users/:id/roles/:role', 'Revoke a role', 200, {
    params: roleParams,
    errors: ['NotFound', 'Conflict', 'IdempotencyKeyReused'],
  }),
] satisfies readonly ApiRoute[];
