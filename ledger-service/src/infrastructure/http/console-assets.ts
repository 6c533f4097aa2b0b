import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

/**
 * Serves the built console on the service's port; any GET that is not an API or
 * socket path gets index.html so client-side routes survive a reload.
 */
export function serveConsole(app: NestExpressApplication, consoleDist: string): boolean {
  const index = join(consoleDist, 'index.html');
  if (!existsSync(index)) return false;
  app.useStaticAssets(consoleDist, { index: false, maxAge: '1h', immutable: false });
  app.use((request: Request, response: Response, next: NextFunction) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.path.startsWith('/api/') &&
      request.path !== '/api' &&
      !request.path.startsWith('/socket.io');
    if (!isPage) return next();
    response.setHeader('Cache-Control', 'no-cache');
    response.sendFile(index);
  });
  return true;
}
