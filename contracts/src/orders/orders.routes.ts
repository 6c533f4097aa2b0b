import type { z } from 'zod';
import { anyRole, type ApiRoute, idempotentRoute, readRoute, type RouteInputs } from '../api/api-route.js';
import { cancelOrderParams, cancelOrderResponse } from './cancel-order.contract.js';
import { listOrdersParams, listOrdersResponse } from './list-orders.contract.js';
import { marketplaceQuery, marketplaceResponse, orderBookDepthResponse } from './marketplace.views.js';
import { placeOrderRequest, placeOrderResponse } from './place-order.contract.js';

/** A trader's change to the order book: answered once the book shows it. */
function orderRoute(path: string, summary: string, status: number, json: z.ZodType, inputs: RouteInputs): ApiRoute {
  return idempotentRoute('POST', path, ['trader', 'admin'], { summary, ...inputs, success: { status, json }, views: ['order-book'] });
}

export const ordersRoutes = [
  readRoute(
    '/api/orders',
    ['trader', 'issuer', 'compliance', 'auditor', 'admin'],
    "List orders, newest first, paged by cursor: the caller's own, or every order for compliance, auditors and admins (scope=all); the totals cover the whole scope",
    listOrdersResponse,
    { query: listOrdersParams },
  ),
  orderRoute('/api/orders', 'Place a buy or sell order on the Trading Desk (KYC required); a buy reserves its cost and fee', 201, placeOrderResponse, {
    body: placeOrderRequest,
    errors: ['KycRequired', 'Conflict', 'IdempotencyKeyReused'],
  }),
  orderRoute('/api/orders/:id/cancel', 'Cancel what is left of an open order; its reservation is voided', 200, cancelOrderResponse, {
    params: cancelOrderParams,
    errors: ['NotFound', 'Conflict', 'IdempotencyKeyReused'],
  }),
  readRoute('/api/marketplace', anyRole, 'Marketplace statistics, order book and recent trades', marketplaceResponse, { query: marketplaceQuery }),
  readRoute(
    '/api/marketplace/depth',
    anyRole,
    'Order-book depth: open quantity by side and price, with cumulative quantity away from the spread',
    orderBookDepthResponse,
    { query: marketplaceQuery },
  ),
] satisfies readonly ApiRoute[];
