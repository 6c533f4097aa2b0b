import { type ApiAccess, allApiRoutes, type OpenApiDocument, type OpenApiOperation, openApiPath } from '@carbon-ledger/contracts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { registeredEndpoints } from '../../../test-support/registered-endpoints.js';
import { serviceForSuite, type SignedInClient } from '../../../test-support/service-under-test.js';
import type { AccessRule } from '../access-rules.js';

const accessOf = (rule: AccessRule | undefined): ApiAccess | undefined =>
  rule?.kind === 'public' ? 'public' : rule?.kind === 'signed-in' ? 'signed-in' : rule?.roles;

/** GETs whose answer depends on services outside the test (the XRP price feed). */
const NOT_SWEPT = new Set(['/api/xrpl/market-data']);

describe('OpenAPI document', () => {
  const service = serviceForSuite();
  let admin: SignedInClient;
  let document: OpenApiDocument;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);

  const operation = (method: string, path: string): OpenApiOperation | undefined => document.paths[openApiPath(path)]?.[method.toLowerCase()];

  /** Validates a real answer's body against what the document says that route answers with that status. */
  async function expectDocumented(method: string, path: string, response: Response, documentedPath = path): Promise<void> {
    const responses = operation(method, documentedPath)?.responses;
    const documented = responses?.[String(response.status)];
    expect(documented, `${method} ${documentedPath} answered ${response.status}, which the document does not list`).toBeDefined();
    const schema = documented?.content?.['application/json']?.schema;
    expect(schema, `${method} ${documentedPath} ${response.status} has no JSON schema`).toBeDefined();
    const body: unknown = await response.json();
    const validate = ajv.compile({ ...schema, components: document.components });
    expect(validate(body), `${method} ${path} ${response.status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  }

  beforeAll(async () => {
    admin = await service.signIn(['admin']);
    const served = await service.anonymous('GET', '/api/openapi.json');
    expect(served.status).toBe(200);
    document = (await served.json()) as OpenApiDocument;
  });

  it('is OpenAPI 3.1 with the error body as a component and the session cookie as the security scheme', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.components.schemas.ApiError).toMatchObject({ type: 'object', required: ['error', 'message'] });
    expect(document.components.securitySchemes.session).toEqual({ type: 'apiKey', in: 'cookie', name: 'cl_session' });
    // The schemas check something: a metrics answer without its fields, an error without a message, are refused.
    const metrics = operation('GET', '/api/metrics')?.responses['200']?.content?.['application/json']?.schema;
    expect(ajv.validate({ ...metrics }, { totalCredits: 1 })).toBe(false);
    expect(ajv.validate({ ...document.components.schemas.ApiError }, { error: 'NotFound' })).toBe(false);
  });

  it('lists every route the service registers, with its roles and whether Idempotency-Key applies, and nothing else', () => {
    const registered = registeredEndpoints(service.app);
    for (const endpoint of registered) {
      const key = `${endpoint.method} ${endpoint.path}`;
      const documented = operation(endpoint.method, endpoint.path);
      expect(documented, `${key} is not in the OpenAPI document`).toBeDefined();
      expect(documented?.['x-access'], `${key} access`).toEqual(accessOf(endpoint.rule));
      // The idempotency interceptor's rule: state-changing, with a session, not a document-only POST.
      const idempotent = endpoint.method !== 'GET' && endpoint.rule?.kind !== 'public' && !endpoint.changesNothing;
      expect(documented?.['x-idempotent'], `${key} idempotent`).toBe(idempotent);
      const header = documented?.parameters.find((parameter) => parameter.name === 'Idempotency-Key');
      expect(header !== undefined, `${key} Idempotency-Key header`).toBe(idempotent);
      expect(documented?.responses.default ?? documented?.responses['500'], `${key} error body`).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
      });
    }
    const documentedKeys = Object.values(allApiRoutes).flatMap((routes) => routes.map((route) => `${route.method} ${route.path}`));
    expect(documentedKeys.sort()).toEqual(registered.map((endpoint) => `${endpoint.method} ${endpoint.path}`).sort());
  });

  it('every GET without parameters answers a body its documented response schema accepts', async () => {
    const swept: string[] = [];
    for (const routes of Object.values(allApiRoutes)) {
      for (const route of routes) {
        if (route.method !== 'GET' || route.params || NOT_SWEPT.has(route.path)) continue;
        const path = route.query ? `${route.path}?${route.path.endsWith('swap-path') ? 'from=XRP&to=NXCC&amount=1' : ''}` : route.path;
        const response = route.access === 'public' ? await service.anonymous('GET', path) : await admin.request('GET', path);
        await expectDocumented('GET', path.split('?')[0]!, response);
        swept.push(route.path);
      }
    }
    expect(swept).toEqual(
      expect.arrayContaining(['/api/health', '/api/orders', '/api/metrics', '/api/kyc/dashboard', '/api/audit/verify', '/api/xrpl/amm-state']),
    );
  });

  it('a seal, a JSON report and the error answers match their documented schemas', async () => {
    await expectDocumented('POST', '/api/audit/seals', await admin.request('POST', '/api/audit/seals'));
    await expectDocumented('POST', '/api/compliance/reports', await admin.request('POST', '/api/compliance/reports', { framework: 'csrd', format: 'json' }));
    await expectDocumented('GET', '/api/retirements/:id', await service.anonymous('GET', '/api/retirements/00000000-0000-4000-8000-000000000000'));
    await expectDocumented('GET', '/api/retirements/:id', await service.anonymous('GET', '/api/retirements/not-a-uuid'));
    await expectDocumented('GET', '/api/orders', await service.anonymous('GET', '/api/orders'));
    await expectDocumented('POST', '/api/orders', await admin.request('POST', '/api/orders', { type: 'buy' }));
  });

  it('serves the interactive reference from this origin, without inline scripts', async () => {
    const page = await service.anonymous('GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, inline] of scripts) {
      expect(inline!.trim()).toBe('');
      const src = /src="([^"]+)"/.exec(attributes!)?.[1];
      expect(src).toMatch(/^\/api\/docs\//);
      const script = await service.anonymous('GET', src!);
      expect(script.status, src).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    }
    expect(await (await service.anonymous('GET', '/api/docs/reference.js')).text()).toContain('url: "/api/openapi.json"');
    expect((await service.anonymous('GET', '/api/docs/swagger-ui.css')).status).toBe(200);
  });
});
