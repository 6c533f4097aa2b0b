import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { allApiRoutes, CSRF_COOKIE, CSRF_HEADER, type OpenApiDocument, openApiDocument } from '@carbon-ledger/contracts';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request, Response } from 'express';

const require = createRequire(import.meta.url);
const SWAGGER_UI = dirname(require.resolve('swagger-ui-dist/package.json'));
const { version } = require('../../../../package.json') as { version: string };

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** The OpenAPI document of this service: the contracts' route tables, built once. */
export const serviceOpenApiDocument: () => OpenApiDocument = (() => {
  let document: OpenApiDocument | undefined;
  return () => (document ??= openApiDocument(allApiRoutes, version));
})();

/** The page loads only same-origin scripts: the CSP allows no inline script, so the set-up is a file of its own. */
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Carbon Ledger API reference</title>
    <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css" />
  </head>
  <body>
    <div id="reference"></div>
    <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_PATH}/reference.js"></script>
  </body>
</html>
`;

/** "Try it out" runs with the browser's session cookie; state-changing calls echo the CSRF cookie as the console does. */
const SET_UP = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_PATH)},
  dom_id: '#reference',
  deepLinking: true,
  requestInterceptor: (request) => {
    const csrf = document.cookie.split('; ').find((part) => part.startsWith(${JSON.stringify(`${CSRF_COOKIE}=`)}));
    if (csrf) request.headers[${JSON.stringify(CSRF_HEADER)}] = decodeURIComponent(csrf.slice(${CSRF_COOKIE.length + 1}));
    return request;
  },
});
`;

const cached = (read: () => Buffer): (() => Buffer) => {
  let bytes: Buffer | undefined;
  return () => (bytes ??= read());
};

const ASSETS: Readonly<Record<string, { type: string; body: () => Buffer | string }>> = {
  'swagger-ui.css': { type: 'text/css; charset=utf-8', body: cached(() => readFileSync(join(SWAGGER_UI, 'swagger-ui.css'))) },
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', body: cached(() => readFileSync(join(SWAGGER_UI, 'swagger-ui-bundle.js'))) },
  'reference.js': { type: 'text/javascript; charset=utf-8', body: () => SET_UP },
};

/** GET /api/openapi.json and the interactive reference at /api/docs (Swagger UI from npm, served from here). */
export function serveApiReference(app: NestExpressApplication): void {
  app.use(OPENAPI_PATH, (request: Request, response: Response, next: () => void) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    response.json(serviceOpenApiDocument());
  });
  app.use(DOCS_PATH, (request: Request, response: Response, next: () => void) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    if (request.path === '/' || request.path === '') {
      response.type('html').send(PAGE);
      return;
    }
    const asset = ASSETS[request.path.slice(1)];
    if (!asset) return next();
    response.type(asset.type).send(asset.body());
  });
}
