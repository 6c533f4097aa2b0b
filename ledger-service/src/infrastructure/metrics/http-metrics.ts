import type { NextFunction, Request, Response } from 'express';
import type { ServiceMetrics } from './service-metrics.js';

/**
 * The route pattern a request matched (`/api/orders/:id`), never its raw URL: one series per
 * route, however many ids. What matched no route is counted under a few fixed names.
 */
export function routeLabel(request: Request): string {
  const pattern: unknown = (request.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string') return `${request.baseUrl}${pattern}`;
  const path = request.path;
  if (path === '/api' || path.startsWith('/api/')) return '(unmatched api)';
  if (path.startsWith('/socket.io')) return '/socket.io';
  return '(console)';
}

/** Express middleware timing every request until its answer is sent. */
export function httpMetrics(metrics: ServiceMetrics): (request: Request, response: Response, next: NextFunction) => void {
  return (request, response, next) => {
    const started = performance.now();
    response.once('finish', () => {
      metrics.httpRequest(request.method, routeLabel(request), response.statusCode, (performance.now() - started) / 1000);
    });
    next();
  };
}
