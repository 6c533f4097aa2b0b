import { CSRF_HEADER, placeOrderRequest, SESSION_COOKIE } from '@carbon-ledger/contracts';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { readCookie, requestFingerprint, SessionStore } from '@carbon-ledger/ledger-service/bench';
import type { PeerExchange } from './peer-exchange.js';

/** Where the peer takes orders: the product's body at a path of its own on the same server. */
export const PEER_ORDERS_PATH = '/bench-peer/api/orders';
const TRADING_ROLES = ['trader', 'admin'];

/**
 * Mounts the peer's `POST /bench-peer/api/orders` on the product's express app, before Nest's routes
 * (call it before `listen`), so a request passes the same middleware (request id, HTTP metrics,
 * security headers, the JSON body parser), the same session lookup (`SessionStore.find`, with its
 * one-second memory), the same CSRF and role check as the product's access guard, and the same
 * zod contract (`placeOrderRequest`). `exchange()` is the peer once it is set up.
 */
export function mountPeerOrders(app: NestExpressApplication, exchange: () => PeerExchange | undefined): void {
  const sessions = app.get(SessionStore);
  const handle = async (request: Request, response: Response): Promise<void> => {
    const token = readCookie(request, SESSION_COOKIE);
    const session = token ? await sessions.find(token) : undefined;
    if (!session) {
      response.status(401).json({ code: 'Unauthorized', message: 'Sign in to continue' });
      return;
    }
    if (request.header(CSRF_HEADER) !== session.csrfToken) {
      response.status(403).json({ code: 'Forbidden', message: 'Missing or invalid CSRF token; reload the page and try again' });
      return;
    }
    if (!TRADING_ROLES.some((role) => session.user.roles.includes(role as never))) {
      response.status(403).json({ code: 'Forbidden', message: `This needs one of the roles: ${TRADING_ROLES.join(', ')}` });
      return;
    }
    const parsed = placeOrderRequest.safeParse(request.body);
    if (!parsed.success) {
      response.status(400).json({ code: 'ValidationFailed', message: parsed.error.issues.map((issue) => issue.message).join('; ') });
      return;
    }
    const peer = exchange();
    if (!peer) {
      response.status(503).json({ code: 'ServiceUnavailable', message: 'The peer is not set up' });
      return;
    }
    const answer = await peer.place(session.user.id, request.header('idempotency-key'), requestFingerprint('POST', '/api/orders', request.body), parsed.data);
    response.status(answer.status).json(answer.body);
  };
  const express = app.getHttpAdapter().getInstance() as { post(path: string, handler: (request: Request, response: Response) => void): void };
  express.post(PEER_ORDERS_PATH, (request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.status(500).json({ code: 'Internal', message: error instanceof Error ? error.message : String(error) });
    });
  });
}
