import type { z } from 'zod';
import { oversightRoles, type Role, roles } from '../auth/auth.constants.js';
import type { ApiErrorCode } from '../shared/api-error.js';
import type { ProjectionName } from '../shared/projection-names.js';

/** Every role (a session without roles is refused). */
export const anyRole: readonly Role[] = roles;
/** Compliance staff, auditors and admins. */
export const oversightAccess: readonly Role[] = oversightRoles;

/** Who may call a route: anyone, any live session, or a session holding one of the roles. */
export type ApiAccess = 'public' | 'signed-in' | readonly Role[];

/**
 * Read-your-writes, declared per route: the read views (projections) a state-changing route's
 * answer waits for, so that the reads the caller makes next show the change. The service waits
 * for exactly these to pass the write's log position (up to PROJECTION_WAIT_MS) and, when they do
 * not, answers 202 with Retry-After (see README "Read your writes"). `NO_VIEWS` says a route needs
 * none: what it changes is read from no view (a session, a preparation, the XRPL ledger itself).
 */
export const NO_VIEWS: readonly ProjectionName[] = [];

/** On a 202 answer to a write: the declared views, comma-separated, that did not yet show it when the wait ran out. */
export const CATCHING_UP_HEADER = 'x-catching-up';
/** The Retry-After (seconds) of that 202: views that lag usually catch up within it. */
export const CATCHING_UP_RETRY_AFTER_SECONDS = 1;

interface ApiRouteFields {
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

/**
 * One HTTP route of the API as integrators see it; the OpenAPI document is built from these. A
 * POST or DELETE must say which views it waits for, so a route that forgot to is a type error. A
 * GET reads the views as they stand, unless it names views that must first reach the log's head
 * as the request arrives (an answer that compares a view with something outside the log).
 */
export type ApiRoute =
  | (ApiRouteFields & { readonly method: 'GET'; readonly views?: readonly ProjectionName[] })
  | (ApiRouteFields & { readonly method: 'POST' | 'DELETE'; readonly views: readonly ProjectionName[] });

/** What a route takes, and answers besides its success; a key left out stays absent from the route. */
export type RouteInputs = Pick<ApiRouteFields, 'description' | 'params' | 'query' | 'body' | 'errors'>;
/** What a read takes; `views` only for a read that must see the log's head. */
export type ReadInputs = RouteInputs & { readonly views?: readonly ProjectionName[] };
/** A state-changing route but for where it is and who may call it; `views` is required (NO_VIEWS for none). */
export type RouteSpec = RouteInputs & Pick<ApiRouteFields, 'summary' | 'success'> & { readonly views: readonly ProjectionName[] };

/** A read: GET answering 200 with a JSON body. A GET changes nothing, so it takes no Idempotency-Key. */
export function readRoute(path: string, access: ApiAccess, summary: string, json: z.ZodType, inputs: ReadInputs = {}): ApiRoute {
  return { method: 'GET', path, summary, access, ...inputs, success: { status: 200, json }, idempotent: false };
}

/** A state-changing call that honours an Idempotency-Key (a replay answers what the first call did). */
export function idempotentRoute(method: 'POST' | 'DELETE', path: string, access: ApiAccess, spec: RouteSpec): ApiRoute {
  return { method, path, access, ...spec, idempotent: true };
}
