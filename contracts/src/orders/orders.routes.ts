import { anyRole, type ApiRoute } from '../api/api-route.js';
import { cancelOrderParams, cancelOrderResponse } from './cancel-order.contract.js';
import { listOrdersParams, listOrdersResponse } from './list-orders.contract.js';
import { marketplaceQuery, marketplaceResponse, orderBookDepthResponse } from './marketplace.views.js';
import { placeOrderRequest, placeOrderResponse } from './place-order.contract.js';

export const ordersRoutes = [
  {
    method: 'GET',
    path: '/api/orders',
    summary: "List orders: the caller's own, or every order for compliance, auditors and admins (scope=all)",
    access: ['trader', 'issuer', 'compliance', 'auditor', 'admin'],
    query: listOrdersParams,
    success: { status: 200, json: listOrdersResponse },
    idempotent: false,
  },
  {
    method: 'POST',
    path: '/api/orders',
    summary: 'Place a buy or sell order on the Trading Desk (KYC required); a buy reserves its cost and fee',
    access: ['trader', 'admin'],
    body: placeOrderRequest,
    success: { status: 201, json: placeOrderResponse },
    idempotent: true,
    errors: ['KycRequired', 'Conflict', 'IdempotencyKeyReused'],
  },
  {
    method: 'POST',
    path: '/api/orders/:id/cancel',
    summary: 'Cancel what is left of an open order; its reservation is voided',
    access: ['trader', 'admin'],
    params: cancelOrderParams,
    success: { status: 200, json: cancelOrderResponse },
    idempotent: true,
    errors: ['NotFound', 'Conflict', 'IdempotencyKeyReused'],
  },
  {
    method: 'GET',
    path: '/api/marketplace',
    summary: 'Marketplace statistics, order book and recent trades',
    access: anyRole,
    query: marketplaceQuery,
    success: { status: 200, json: marketplaceResponse },
    idempotent: false,
  },
  {
    method: 'GET',
    path: '/api/marketplace/depth',
    summary: 'Order-book depth: open quantity by side and price, with cumulative quantity away from the spread',
    access: anyRole,
    query: marketplaceQuery,
    success: { status: 200, json: orderBookDepthResponse },
    idempotent: false,
  },
] satisfies readonly ApiRoute[];
