import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { ModulesContainer } from '@nestjs/core';
import { type Role, roles } from '@carbon-ledger/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServiceUnderTest, type SignedInClient, startServiceUnderTest } from '../../test-support/service-under-test.js';
import { ACCESS_RULE, type AccessRule } from './access-rules.js';

interface Endpoint {
  readonly method: string;
  readonly path: string;
  readonly rule: AccessRule | undefined;
}

/** Every HTTP handler the app registered, with the access rule it declares. */
function registeredEndpoints(service: ServiceUnderTest): Endpoint[] {
  const endpoints: Endpoint[] = [];
  for (const module of service.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const base = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
      const classRule = Reflect.getMetadata(ACCESS_RULE, controller) as AccessRule | undefined;
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = (controller.prototype as Record<string, unknown>)[name];
        if (typeof handler !== 'function' || name === 'constructor') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined) continue;
        const sub = String(Reflect.getMetadata(PATH_METADATA, handler) ?? '');
        const path = `/${[base, sub].filter((part) => part && part !== '/').join('/')}`.replace(/\/+/g, '/');
        endpoints.push({
          method: RequestMethod[method],
          path,
          rule: (Reflect.getMetadata(ACCESS_RULE, handler) as AccessRule | undefined) ?? classRule,
        });
      }
    }
  }
  return endpoints;
}

const concrete = (path: string): string =>
  path.replace(/:id\b/g, '00000000-0000-4000-8000-000000000000').replace(/:role\b/g, 'trader').replace(/:\w+/g, 'x');

/** The public endpoints, on purpose. Anything else must need a session. */
const PUBLIC = new Set([
  'GET /api/health',
  'POST /api/auth/login',
  'GET /api/carbon-prices',
  // A retirement certificate and its verification page are for anyone holding the link.
  'GET /api/retirements/:id',
  'GET /api/retirements/:id/certificate.pdf',
]);

describe('access rules on every endpoint', () => {
  let service: ServiceUnderTest;
  const byRole = new Map<Role | 'none', SignedInClient>();

  beforeAll(async () => {
    service = await startServiceUnderTest();
    for (const role of roles) byRole.set(role, await service.signIn([role]));
    byRole.set('none', await service.signIn([]));
  });
  afterAll(async () => {
    await service?.close();
  });

  it('finds the endpoints', () => {
    const endpoints = registeredEndpoints(service).map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(endpoints).toContain('POST /api/orders');
    expect(endpoints).toContain('GET /api/auth/me');
  });

  it('every endpoint declares who may call it, and only the intended ones are public', () => {
    for (const endpoint of registeredEndpoints(service)) {
      const key = `${endpoint.method} ${endpoint.path}`;
      expect(endpoint.rule, `${key} declares no access rule`).toBeDefined();
      expect(endpoint.rule?.kind === 'public', `${key} public?`).toBe(PUBLIC.has(key));
    }
  });

  it('anonymous calls get 401 and calls with a wrong role get 403, on every protected endpoint', async () => {
    for (const endpoint of registeredEndpoints(service)) {
      if (endpoint.rule?.kind !== 'roles') continue;
      const path = concrete(endpoint.path);
      const key = `${endpoint.method} ${endpoint.path}`;
      const anonymous = await service.anonymous(endpoint.method, path, endpoint.method === 'GET' ? undefined : {});
      expect(anonymous.status, `${key} anonymous`).toBe(401);
      expect(await anonymous.json(), key).toMatchObject({ error: 'Unauthorized' });

      const allowed = endpoint.rule.roles;
      const wrongRoles: (Role | 'none')[] = ['none', ...roles.filter((role) => !allowed.includes(role))];
      for (const role of wrongRoles) {
        const client = byRole.get(role)!;
        const response = await client.request(endpoint.method, path, endpoint.method === 'GET' ? undefined : {});
        expect(response.status, `${key} as ${role}`).toBe(403);
        expect(await response.json(), key).toMatchObject({ error: 'Forbidden' });
      }
    }
  });

  it('an unknown API path is a 404 with the error body', async () => {
    const response = await service.anonymous('GET', '/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'NotFound' });
  });
});
