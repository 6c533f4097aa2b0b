import { type ApiRoute } from '../api/api-route.js';
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
  },
  { method: 'POST', path: '/api/auth/logout', summary: 'Sign out: ends this session', access: 'signed-in', success: { status: 204 }, idempotent: true },
  { method: 'GET', path: '/api/auth/me', summary: 'The signed-in user and their roles', access: 'signed-in', success: { status: 200, json: meResponse }, idempotent: false },
  {
    method: 'GET',
    path: '/api/auth/sessions',
    summary: "The caller's live sessions",
    access: 'signed-in',
    success: { status: 200, json: listSessionsResponse },
    idempotent: false,
  },
  {
    method: 'DELETE',
    path: '/api/auth/sessions/:id',
    summary: 'End one of the caller’s sessions',
    access: 'signed-in',
    params: sessionIdParams,
    success: { status: 204 },
    idempotent: true,
    errors: ['NotFound'],
  },
  { method: 'GET', path: '/api/users', summary: 'List users', access: ['admin'], success: { status: 200, json: listUsersResponse }, idempotent: false },
  {
    method: 'POST',
    path: '/api/users',
    summary: 'Create a user with roles',
    access: ['admin'],
    body: createUserRequest,
    success: { status: 201, json: userResponse },
    idempotent: true,
    errors: ['Conflict', 'IdempotencyKeyReused'],
  },
  {
    method: 'POST',
    path: '/api/users/:id/roles',
    summary: 'Grant a role',
    access: ['admin'],
    params: userIdParams,
    body: grantRoleRequest,
    success: { status: 200, json: userResponse },
    idempotent: true,
    errors: ['NotFound', 'IdempotencyKeyReused'],
  },
  {
    method: 'DELETE',
    path: '/api/users/:id/roles/:role',
    summary: 'Revoke a role',
    access: ['admin'],
    params: roleParams,
    success: { status: 200, json: userResponse },
    idempotent: true,
    errors: ['NotFound', 'Conflict', 'IdempotencyKeyReused'],
  },
] satisfies readonly ApiRoute[];
