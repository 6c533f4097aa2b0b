import { allApiRoutes, type ApiRoute, apiErrorBody, type Role } from '@carbon-ledger/contracts';
import fc from 'fast-check';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../../test-support/service-under-test.js';

/** The part of a JSON schema (as zod writes one) that plausible values are drawn from. */
interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly items?: JsonSchema;
  readonly format?: string;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
}

const schemaOf = (schema: z.ZodType): JsonSchema => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** A value of the field's own type, often a valid one, so the body gets past the first field to the others. */
function plausible(schema: JsonSchema): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options && options.length > 0) return fc.oneof(...options.map(plausible));
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'object':
      return fc.record(Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, field]) => [name, plausible(field)])));
    case 'array':
      return fc.array(plausible(schema.items ?? {}), { maxLength: 3 });
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? 0, Number.MIN_SAFE_INTEGER);
      return fc.integer({ min, max: Math.min(schema.maximum ?? min + 1_000, min + 1_000) });
    }
    case 'boolean':
      return fc.boolean();
    case 'string':
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 24, 24)) });
    default:
      return fc.constant(null);
  }
}

/**
 * JSON text as a client may send it, valid or not: numbers beyond double range (1e309 parses to
 * Infinity), -0, deep nesting, long strings, unicode and lone surrogates, NUL escaped and raw,
 * duplicate and prototype-named keys.
 */
const hostile = fc.letrec<{ hostile: string }>((tie) => ({
  hostile: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('1e309', '-1e309', '1E+400', '-0', '-0.0e0', '1e-400', '123456789012345678901234567890', 'true', 'false', 'null'),
    fc.double({ noNaN: true, noDefaultInfinity: true }).map((number) => JSON.stringify(number)),
    fc.string({ unit: 'binary', maxLength: 40 }).map((text) => JSON.stringify(text)),
    fc.constantFrom('"\\u0000"', '"a\u0000b"', '"\\ud800"', '"\\udfff\\ud800"', '"💥🏳️‍🌈"', '""', '"Infinity"', '{}', '[]', '{"a":1', '[1,]'),
    fc.integer({ min: 1_000, max: 120_000 }).map((length) => JSON.stringify('x'.repeat(length))),
    fc.integer({ min: 100, max: 40_000 }).map((depth) => '['.repeat(depth) + ']'.repeat(depth)),
    fc.integer({ min: 100, max: 15_000 }).map((depth) => '{"a":'.repeat(depth) + '1e309' + '}'.repeat(depth)),
    fc.array(tie('hostile'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    fc
      .array(fc.tuple(fc.constantFrom('a', 'a', '__proto__', 'constructor', '0', '', '\u0000', 'amount', 'type'), tie('hostile')), { maxLength: 4 })
      .map((members) => `{${members.map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`),
  ),
})).hostile;

/** A body shaped like the route's real one: each field plausible, of a wrong type or hostile, or left out; unknown and repeated keys besides. */
function bodyFor(route: ApiRoute): fc.Arbitrary<string> {
  const fields = Object.entries(route.body ? (schemaOf(route.body).properties ?? {}) : {});
  const names = fields.map(([name]) => name);
  const field = ([name, schema]: [string, JsonSchema]) =>
    fc
      .option(fc.oneof({ weight: 3, arbitrary: plausible(schema).map((value) => JSON.stringify(value)) }, { weight: 2, arbitrary: hostile }), { freq: 8 })
      .map((text) => (text === null ? [] : [[name, text] as const]));
  const extraKey = names.length > 0 ? fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 })) : fc.string({ maxLength: 8 });
  const shaped = fc
    .tuple(fc.tuple(...fields.map(field)), fc.array(fc.tuple(extraKey, hostile), { maxLength: 2 }))
    .map(([known, extra]) => `{${[...known.flat(), ...extra].map(([key, value]) => `${JSON.stringify(key)}:${value}`).join(',')}}`);
  return fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: hostile });
}

/** The route's path with valid-looking parameters, so a request gets as far as its body. */
function pathOf(route: ApiRoute): string {
  if (!route.params) return route.path;
  const [params] = fc.sample(plausible(schemaOf(route.params)), { numRuns: 1, seed: 1 }) as [Record<string, unknown>];
  return route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (typeof value !== 'string') throw new Error(`${route.path}: no sample for :${name}`);
    return encodeURIComponent(value);
  });
}

const stateChanging = Object.values(allApiRoutes)
  .flat()
  .filter((route) => route.method !== 'GET')
  // Sign-in last: its failed attempts would throttle the sign-ins before it.
  .sort((a, b) => Number(a.access === 'public') - Number(b.access === 'public'));

const THE_FOUND_CASE = '{"type":"buy","amount":1e309,"price":"1.00","projectType":"Solar Energy","vintage":2026}';
const DEEP = `{"a":${'['.repeat(30_000)}${']'.repeat(30_000)}}`;
/** Bodies per route, the two examples among them. */
const RUNS_PER_ROUTE = 6;

describe('hostile request bodies on every state-changing route (property)', () => {
  const service = serviceForSuite(WITHOUT_BACKGROUND_JOBS);
  const byRole = new Map<Role, SignedInClient>();
  /** Signing out ends the session: each request to it gets a session of its own. */
  const spareSessions: SignedInClient[] = [];

  beforeAll(async () => {
    const needed = new Set(stateChanging.flatMap((route) => (Array.isArray(route.access) ? [route.access[0] as Role] : [])));
    for (const role of needed) byRole.set(role, await service.signIn([role]));
    const signedInRoutes = stateChanging.filter((route) => route.access === 'signed-in').length;
    // Each is a user registered and signed in (two password hashes): a few at a time, and the time it takes on a busy machine.
    const spare = signedInRoutes * RUNS_PER_ROUTE * 2;
    while (spareSessions.length < spare) {
      const group = Math.min(4, spare - spareSessions.length);
      spareSessions.push(...(await Promise.all(Array.from({ length: group }, () => service.signIn(['trader'])))));
    }
  }, 300_000);

  it('answers every JSON text, with and without an Idempotency-Key, 2xx or 4xx with an error body, never 5xx', async () => {
    let sent = 0;
    const started = performance.now();
    expect(stateChanging.length).toBeGreaterThan(30);
    for (const route of stateChanging) {
      const path = pathOf(route);
      const send = async (body: string, headers: Record<string, string>): Promise<Response> => {
        sent += 1;
        if (route.access === 'public') return service.anonymous(route.method, path, body, headers);
        const client = route.access === 'signed-in' ? spareSessions.pop() : byRole.get(route.access[0] as Role);
        if (!client) throw new Error(`no session for ${route.method} ${route.path}`);
        return client.request(route.method, path, body, headers);
      };
      await fc.assert(
        fc.asyncProperty(bodyFor(route), async (body) => {
          for (const headers of [{}, { 'idempotency-key': `fuzz-${sent}-${Math.random().toString(36).slice(2)}` }] as Record<string, string>[]) {
            const response = await send(body, headers);
            const text = await response.text();
            const what = `${route.method} ${path} ${'idempotency-key' in headers ? 'with' : 'without'} a key answered ${response.status} ${text.slice(0, 200)}`;
            expect(response.status, what).toBeLessThan(500);
            if (response.status >= 400) expect(apiErrorBody.safeParse(JSON.parse(text)).success, what).toBe(true);
          }
        }),
        { numRuns: RUNS_PER_ROUTE, examples: [[THE_FOUND_CASE], [DEEP]] },
      );
    }
    // Bounded: a few hundred requests, well under a minute on two cores.
    expect(sent).toBe(stateChanging.length * RUNS_PER_ROUTE * 2);
    console.info(`${sent} requests to ${stateChanging.length} routes in ${Math.round(performance.now() - started)} ms`);
  }, 120_000);
});
