import { allApiRoutes, type ApiRoute, CATCHING_UP_HEADER, openApiDocument, openApiPath, projectionNames } from '@carbon-ledger/contracts';
import { projections } from '@carbon-ledger/projections';
import { describe, expect, it } from 'vitest';

const routes: readonly ApiRoute[] = Object.values(allApiRoutes).flat();
const key = (route: ApiRoute): string => `${route.method} ${route.path}`;
const registered = new Set<string>(projections.map((projection) => projection.name));

describe('read your writes, as the route table declares it', () => {
  it('every state-changing route declares the views it waits for, or none explicitly', () => {
    const undeclared = routes.filter((route) => route.method !== 'GET' && !Array.isArray(route.views)).map(key);
    expect(undeclared).toEqual([]);
  });

  it('every declared view is a projection the service runs, named once', () => {
    for (const route of routes) {
      for (const view of route.views ?? []) expect(registered.has(view), `${key(route)} declares ${view}`).toBe(true);
      expect(new Set(route.views).size, `${key(route)} names a view twice`).toBe(route.views?.length ?? 0);
    }
  });

  it('the contracts name exactly the projections the service runs', () => {
    expect(new Set(projectionNames)).toEqual(registered);
    expect(projections.length).toBe(projectionNames.length);
  });

  it('a route that changes nothing in the log waits for nothing', () => {
    const notIdempotentWrites = routes.filter((route) => route.method !== 'GET' && !route.idempotent);
    expect(notIdempotentWrites.map(key).sort()).toEqual([
      'POST /api/auth/login',
      'POST /api/compliance/reports',
      'POST /api/documents',
      'POST /api/export/evidence',
    ]);
    for (const route of notIdempotentWrites) expect(route.views, key(route)).toEqual([]);
  });

  it('the writes whose next screen reads a view wait for it', () => {
    const views = new Map(routes.map((route) => [key(route), route.views]));
    expect(views.get('POST /api/orders')).toEqual(['order-book']);
    expect(views.get('POST /api/retire')).toContain('credit-retirements');
    expect(views.get('POST /api/kyc/verify')).toEqual(['kyc-status']);
    expect(views.get('POST /api/projects/:projectId/reports')).toEqual(['projects']);
    expect(views.get('POST /api/funds/faucet')).toEqual(['cash-ledger']);
    expect(views.get('POST /api/xrpl/retire')).toEqual(['credit-trades', 'vault-transfers', 'amm-reserves']);
    expect(views.get('POST /api/xrpl/retire/prepare')).toEqual([]);
  });

  it('reads wait for nothing but the proof of reserves, which compares the vault view with the ledger', () => {
    const reads = routes.filter((route) => route.method === 'GET' && route.views !== undefined).map(key);
    expect(reads).toEqual(['GET /api/xrpl/reserves']);
  });

  it('the OpenAPI document gives every write that declares views its 202 with Retry-After, and no other route one', () => {
    const document = openApiDocument(allApiRoutes, 'test');
    for (const route of routes) {
      const responses = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()]?.responses;
      const accepted = responses?.['202'];
      if (route.method !== 'GET' && route.views.length > 0) {
        expect(accepted?.headers, key(route)).toMatchObject({ 'Retry-After': expect.any(Object), [CATCHING_UP_HEADER]: expect.any(Object) });
        expect(accepted?.content, key(route)).toEqual(responses?.[String(route.success.status)]?.content);
      } else {
        expect(accepted, key(route)).toBeUndefined();
      }
    }
  });
});
