import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';

/**
 * The console's Content-Security-Policy. The built index.html loads only same-origin module
 * scripts (no inline script). xrpl.js compiles WebAssembly ('wasm-unsafe-eval', no JS eval).
 * Mantine writes its theme variables into <style> elements at run time, so styles allow
 * 'unsafe-inline' (styles cannot run code; scripts stay strict).
 */
export const consoleContentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  // Same-origin fetches and the socket.io websocket ('self' covers ws:/wss: of this origin).
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/** helmet's headers for every response: CSP, nosniff, frame denial, referrer policy, and the rest of its defaults. */
export function securityHeaders(): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(Object.entries(consoleContentSecurityPolicy).map(([name, values]) => [name, [...values]])),
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
  });
}

/** API answers are per user and per moment: no browser or proxy may keep them. */
export function noStoreForApi(request: Request, response: Response, next: NextFunction): void {
  if (request.path === '/api' || request.path.startsWith('/api/')) response.setHeader('Cache-Control', 'no-store');
  next();
}
