import { z } from 'zod';
import { CSRF_HEADER, SESSION_COOKIE } from '../auth/auth.constants.js';
import { type ApiErrorCode, apiErrorBody, apiErrorStatus } from '../shared/api-error.js';
import { IDEMPOTENT_REPLAYED_HEADER, idempotencyKey } from '../shared/idempotency.js';
import { type ApiRoute, CATCHING_UP_HEADER, CATCHING_UP_RETRY_AFTER_SECONDS } from './api-route.js';

export type JsonSchema = Record<string, unknown>;

export interface OpenApiOperation {
  readonly operationId: string;
  readonly tags: readonly string[];
  readonly summary: string;
  readonly description: string;
  readonly 'x-access': ApiRoute['access'];
  readonly 'x-idempotent': boolean;
  readonly security: readonly Record<string, readonly string[]>[];
  readonly parameters: readonly JsonSchema[];
  readonly requestBody?: JsonSchema;
  readonly responses: Readonly<Record<string, { description: string; content?: Record<string, { schema: JsonSchema }>; headers?: JsonSchema }>>;
}

export interface OpenApiDocument {
  readonly openapi: '3.1.0';
  readonly info: { readonly title: string; readonly version: string; readonly description: string };
  readonly tags: readonly { name: string }[];
  readonly paths: Readonly<Record<string, Readonly<Record<string, OpenApiOperation>>>>;
  readonly components: { readonly schemas: Record<string, JsonSchema>; readonly securitySchemes: Record<string, JsonSchema> };
}

const ERROR_REF = { $ref: '#/components/schemas/ApiError' };

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect) of a zod schema: what a client sends (input) or receives (output). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** `/api/orders/:id/cancel` as OpenAPI writes it: `/api/orders/{id}/cancel`. */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

function parametersOf(schema: z.ZodType | undefined, where: 'path' | 'query'): JsonSchema[] {
  if (!schema) return [];
  const json = jsonSchemaOf(schema, 'input');
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: property }));
}

function operationId(route: ApiRoute): string {
  const words = route.path
    .replace(/^\/api\//, '')
    .split(/[/.:-]+/)
    .filter(Boolean);
  return [route.method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

function accessText(route: ApiRoute): string {
  if (route.access === 'public') return 'Public: no session needed.';
  if (route.access === 'signed-in') return 'Any signed-in user.';
  return `Roles: ${route.access.join(', ')}.`;
}

function errorResponses(route: ApiRoute): OpenApiOperation['responses'] {
  const codes: ApiErrorCode[] = [];
  if (route.params || route.query || route.body || route.idempotent) codes.push('ValidationFailed');
  if (route.access !== 'public') codes.push('Unauthorized');
  if (Array.isArray(route.access) || (route.access === 'signed-in' && route.method !== 'GET')) codes.push('Forbidden');
  codes.push(...(route.errors ?? []), 'InternalError', 'ServiceUnavailable');
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of new Set(codes)) byStatus.set(apiErrorStatus[code], [...(byStatus.get(apiErrorStatus[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus.entries()]
      .filter(([status]) => !route.success.alsoStatuses?.includes(status))
      .sort(([a], [b]) => a - b)
      .map(([status, statusCodes]) => [
        String(status),
        { description: `error: ${statusCodes.join(' | ')}`, content: { 'application/json': { schema: ERROR_REF } } },
      ]),
  );
}

function successResponse(route: ApiRoute): OpenApiOperation['responses'][string] {
  const content: Record<string, { schema: JsonSchema }> = {};
  if (route.success.json) content['application/json'] = { schema: jsonSchemaOf(route.success.json, 'output') };
  for (const type of route.success.file ?? []) content[type] ??= { schema: { type: 'string', contentMediaType: type } };
  const replayed = route.idempotent
    ? {
        [IDEMPOTENT_REPLAYED_HEADER]: {
          description: 'true when this is the stored answer to an earlier request with the same Idempotency-Key',
          schema: { type: 'string', const: 'true' },
        },
      }
    : undefined;
  return {
    description: route.success.status === 204 ? 'Done; no body' : 'Success',
    ...(Object.keys(content).length > 0 ? { content } : {}),
    ...(replayed ? { headers: replayed } : {}),
  };
}

const CATCHING_UP = {
  [CATCHING_UP_HEADER]: {
    description: 'The read views, comma-separated, that had not yet shown the change (or reached the log head) when the wait ran out',
    schema: { type: 'string' },
  },
};

/**
 * Read your writes: a write that declares views answers 202 with its normal body when they did not
 * show it within the wait. It IS recorded; the same request with the same Idempotency-Key answers
 * the success once they do.
 */
function catchingUpResponse(route: ApiRoute, success: OpenApiOperation['responses'][string]): OpenApiOperation['responses'] {
  if (route.method === 'GET' || route.views.length === 0) return {};
  return {
    '202': {
      description: `Recorded, but the read views ${route.views.join(', ')} did not show it within the wait: the body is the success's; retry after Retry-After with the same Idempotency-Key for the answer once they do`,
      ...(success.content ? { content: success.content } : {}),
      headers: {
        'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer', const: CATCHING_UP_RETRY_AFTER_SECONDS } },
        ...CATCHING_UP,
      },
    },
  };
}

function readYourWritesText(route: ApiRoute): string | undefined {
  if (!route.views || route.views.length === 0) return undefined;
  if (route.method === 'GET')
    return `Reads the views ${route.views.join(', ')} once they reached the log's head (up to a short wait; ${CATCHING_UP_HEADER} names any still behind).`;
  return `Read your writes: answers once the views ${route.views.join(', ')} show the change; 202 with Retry-After when they did not within the wait.`;
}

function operation(tag: string, route: ApiRoute): OpenApiOperation {
  const changes = route.method !== 'GET';
  const parameters = [
    ...parametersOf(route.params, 'path'),
    ...parametersOf(route.query, 'query'),
    ...(route.idempotent
      ? [
          {
            name: 'Idempotency-Key',
            in: 'header',
            required: false,
            description: `The same key with the same request answers the first answer again; with another request, 422. Scoped to the user, kept 24 hours.`,
            schema: jsonSchemaOf(idempotencyKey, 'input'),
          },
        ]
      : []),
    ...(changes && route.access !== 'public'
      ? [
          {
            name: CSRF_HEADER,
            in: 'header',
            // Required with a session cookie; marked optional so this page's "Try it out" can fill it from the cookie.
            required: false,
            description: 'The value of the CSRF cookie set at sign-in; required, the reference page at /api/docs sends it for you.',
            schema: { type: 'string' },
          },
        ]
      : []),
  ];
  const plain = successResponse(route);
  const success = route.method === 'GET' && route.views?.length ? { ...plain, headers: { ...plain.headers, ...CATCHING_UP } } : plain;
  return {
    operationId: operationId(route),
    tags: [tag],
    summary: route.summary,
    description: [route.description, accessText(route), route.idempotent ? 'Honours the Idempotency-Key header.' : undefined, readYourWritesText(route)]
      .filter(Boolean)
      .join('\n\n'),
    'x-access': route.access,
    'x-idempotent': route.idempotent,
    security: route.access === 'public' ? [] : [{ session: [] }],
    parameters,
    ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.body, 'input') } } } } : {}),
    responses: {
      [String(route.success.status)]: success,
      ...Object.fromEntries((route.success.alsoStatuses ?? []).map((status) => [String(status), success])),
      ...catchingUpResponse(route, success),
      ...errorResponses(route),
    },
  };
}

/** The OpenAPI 3.1 document of the API, built from the route tables' zod schemas. */
export function openApiDocument(routesByCapability: Readonly<Record<string, readonly ApiRoute[]>>, version: string): OpenApiDocument {
  const paths: Record<string, Record<string, OpenApiOperation>> = {};
  for (const [tag, routes] of Object.entries(routesByCapability)) {
    for (const route of routes) {
      const path = openApiPath(route.path);
      paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(tag, route) };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Carbon Ledger API',
      version,
      description:
        'Issue, trade and retire carbon credits settled on the XRP Ledger. Every non-2xx answer has the body { error, message, details? }. ' +
        `Sign in at POST /api/auth/login; state-changing calls send the CSRF cookie's value in ${CSRF_HEADER} and may send an Idempotency-Key. ` +
        'A state-changing call answers once the read views it names show the change; when they lag it answers 202 with its normal body and Retry-After ' +
        `(the change is recorded; ${CATCHING_UP_HEADER} names the views behind), and the same request with the same Idempotency-Key answers the success once they caught up.`,
    },
    tags: Object.keys(routesByCapability).map((name) => ({ name })),
    paths,
    components: {
      schemas: { ApiError: jsonSchemaOf(apiErrorBody, 'output') },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE } },
    },
  };
}
