import { type ApiRoute } from '../api/api-route.js';
import {
  assignHeldDepositParams,
  assignHeldDepositRequest,
  refundHeldDepositParams,
  claimTestUsdRequest,
  heldDepositsParams,
  heldDepositsResponse,
  heldDepositView,
  withdrawFundsRequest,
  withdrawFundsResponse,
  fundsParams,
  fundsStatementParams,
  fundsStatementResponse,
  fundsView,
} from './funds.views.js';

/** Who holds cash; compliance, auditors and admins may read any account with ?userId=. */
const fundsAccess = ['trader', 'issuer', 'compliance', 'auditor', 'admin'] as const;

export const fundsRoutes = [
  {
    method: 'GET',
    path: '/api/funds',
    summary: "The signed-in user's cash: available, reserved, and the deposit address with the user's destination tag (oversight roles: ?userId=)",
    access: fundsAccess,
    query: fundsParams,
    success: { status: 200, json: fundsView },
    idempotent: false,
    errors: ['NotFound'],
  },
  {
    method: 'GET',
    path: '/api/funds/statement',
    summary: "The transfers of the signed-in user's cash account, newest first, paged (oversight roles: ?userId=)",
    access: fundsAccess,
    query: fundsStatementParams,
    success: { status: 200, json: fundsStatementResponse },
    idempotent: false,
    errors: ['NotFound'],
  },
  {
    method: 'POST',
    path: '/api/funds/faucet',
    summary: 'Sandbox only: test USD paid on XRPL to the deposit address with the caller’s destination tag and credited as a deposit (404 on other networks)',
    access: ['trader', 'issuer', 'admin'],
    body: claimTestUsdRequest,
    success: { status: 200, json: fundsView },
    idempotent: true,
    errors: ['NotFound', 'ServiceUnavailable', 'IdempotencyKeyReused'],
  },
  {
    method: 'POST',
    path: '/api/funds/withdraw',
    summary:
      'Withdraw to one of the caller’s KYC-verified, AML-screened addresses: held, paid on XRPL, posted when the payment validates or voided when it fails',
    access: ['trader', 'issuer', 'admin'],
    body: withdrawFundsRequest,
    success: { status: 200, json: withdrawFundsResponse },
    idempotent: true,
    errors: ['KycRequired', 'Conflict', 'ServiceUnavailable', 'IdempotencyKeyReused'],
  },
  {
    method: 'GET',
    path: '/api/funds/held-deposits',
    summary: 'Payments to the deposit address with a missing or unknown destination tag, held for compliance review (newest first, paged)',
    access: ['compliance', 'auditor', 'admin'],
    query: heldDepositsParams,
    success: { status: 200, json: heldDepositsResponse },
    idempotent: false,
  },
  {
    method: 'POST',
    path: '/api/funds/held-deposits/:txHash/assign',
    summary: 'Credit a held deposit to a user, once per transaction hash (the same user again is answered as before; another user is 409)',
    access: ['compliance', 'admin'],
    params: assignHeldDepositParams,
    body: assignHeldDepositRequest,
    success: { status: 200, json: heldDepositView },
    idempotent: true,
    errors: ['NotFound', 'Conflict', 'ServiceUnavailable', 'IdempotencyKeyReused'],
  },
  {
    method: 'POST',
    path: '/api/funds/held-deposits/:txHash/refund',
    summary:
      'Send a held deposit back to the account it came from, at most once (answers once the payment validated or failed; a failed attempt leaves it held); an assigned deposit is 409',
    access: ['compliance', 'admin'],
    params: refundHeldDepositParams,
    success: { status: 200, json: heldDepositView },
    idempotent: true,
    errors: ['NotFound', 'Conflict', 'ServiceUnavailable', 'IdempotencyKeyReused'],
  },
] satisfies readonly ApiRoute[];
