import type { z } from 'zod';
import { oversightRoles, type Role, roles } from '../auth/auth.constants.js';
import type { ApiErrorCode } from '../shared/api-error.js';

/** Every role (a session without roles is refused). */
export const anyRole: readonly Role[] = roles;
/** Compliance staff, auditors and admins. */
export const oversightAccess: readonly Role[] = oversightRoles;

/** Who may call a route: anyone, any live session, or a session holding one of the roles. */
export type ApiAccess = 'public' | 'signed-in' | readonly Role[];

/** One HTTP route of the API as integrators see it; the OpenAPI document is built from these. */
export interface ApiRoute {
  readonly method: 'GET' | 'POST' | 'DELETE';
  /** As the service registers it, parameters as `:name` (`/api/orders/:id/cancel`). */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly access: ApiAccess;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The success status and its body: a JSON schema, a file of some media type, or nothing (204). */
  readonly success: {
    readonly status: number;
    readonly json?: z.ZodType;
    readonly file?: readonly string[];
    /** Other statuses answered with the same body (the health check's 503). */
    readonly alsoStatuses?: readonly number[];
  };
  /**
   * Whether the service honours an Idempotency-Key on it: every state-changing call of a
   * signed-in user; not sign-in, not a GET, not a POST that only builds a document.
   */
  readonly idempotent: boolean;
  /** Error codes this route answers besides the ones every route may give (validation, access, internal). */
  readonly errors?: readonly ApiErrorCode[];
}

/** What a route takes, and answers besides its success; a key left out stays absent from the route. */
export type RouteInputs = Pick<ApiRoute, 'description' | 'params' | 'query' | 'body' | 'errors'>;
/** A route but for where it is and who may call it. */
export type RouteSpec = RouteInputs & Pick<ApiRoute, 'summary' | 'success'>;

/** A read: GET answering 200 with a JSON body. A GET changes nothing, so it takes no Idempotency-Key. */
export function readRoute(path: string, access: ApiAccess, summary: string, json: z.ZodType, inputs: RouteInputs = {}): ApiRoute {
  return { method: 'GET', path, summary, access, ...inputs, success: { status: 200, json }, idempotent: false };
}

/** A state-changing call that honours an Idempotency-Key (a replay answers what the first call did). */
export function idempotentRoute(method: 'POST' | 'DELETE', path: string, access: ApiAccess, spec: RouteSpec): ApiRoute {
  return { method, path, access, ...spec, idempotent: true };
}
