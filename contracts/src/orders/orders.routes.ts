import { anyRole, type ApiRoute, idempotentRoute, readRoute } from '../api/api-route.js';
import { cancelOrderParams, cancelOrderResponse } from './cancel-order.contract.js';
import { listOrdersParams, listOrdersResponse } from './list-orders.contract.js';
import { marketplaceQuery, marketplaceResponse, orderBookDepthResponse } from './marketplace.views.js';
import { placeOrderRequest, placeOrderResponse } from './place-order.contract.js';

export const ordersRoutes = [
  readRoute(
    '/api/orders',
    ['trader', 'issuer', 'compliance', 'auditor', 'admin'],
    "List orders, newest first, paged by cursor: the caller's own, or every order for compliance, auditors and admins (scope=all); the totals cover the whole scope",
    listOrdersResponse,
    { query: listOrdersParams },
  ),
  idempotentRoute('POST', '/api/orders', ['trader', 'admin'], {
    summary: 'Place a buy or sell order on the Trading Desk (KYC required); a buy reserves its cost and fee',
    body: placeOrderRequest,
    success: { status: 201, json: placeOrderResponse },
    errors: ['KycRequired', 'Conflict', 'IdempotencyKeyReused'],
    views: ['order-book'],
  }),
  idempotentRoute('POST', '/api/orders/:id/cancel', ['trader', 'admin'], {
    summary: 'Cancel what is left of an open order; its reservation is voided',
    params: cancelOrderParams,
    success: { status: 200, json: cancelOrderResponse },
    errors: ['NotFound', 'Conflict', 'IdempotencyKeyReused'],
    views: ['order-book'],
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
