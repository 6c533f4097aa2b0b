import { type ApiRoute, idempotentRoute, readRoute } from '../api/api-route.js';
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
  readRoute(
    '/api/funds',
    fundsAccess,
    "The signed-in user's cash: available, reserved, and the deposit address with the user's destination tag (oversight roles: ?userId=)",
    fundsView,
    { query: fundsParams, errors: ['NotFound'] },
  ),
  readRoute(
    '/api/funds/statement',
    fundsAccess,
    "The transfers of the signed-in user's cash account, newest first, paged (oversight roles: ?userId=)",
    fundsStatementResponse,
    { query: fundsStatementParams, errors: ['NotFound'] },
  ),
  idempotentRoute('POST', '/api/funds/faucet', ['trader', 'issuer', 'admin'], {
    summary: 'Sandbox only: test USD paid on XRPL to the deposit address with the caller’s destination tag and credited as a deposit (404 on other networks)',
    body: claimTestUsdRequest,
    success: { status: 200, json: fundsView },
    errors: ['NotFound', 'ServiceUnavailable', 'IdempotencyKeyReused'],
    views: ['cash-ledger'],
  }),
  idempotentRoute('POST', '/api/funds/withdraw', ['trader', 'issuer', 'admin'], {
    summary:
      'Withdraw to one of the caller’s KYC-verified, AML-screened addresses: held, paid on XRPL, posted when the payment validates or voided when it fails',
    body: withdrawFundsRequest,
    success: { status: 200, json: withdrawFundsResponse },
    errors: ['KycRequired', 'Conflict', 'ServiceUnavailable', 'IdempotencyKeyReused'],
    views: ['cash-ledger'],
  }),
  readRoute(
    '/api/funds/held-deposits',
    ['compliance', 'auditor', 'admin'],
    'Payments to the deposit address with a missing or unknown destination tag, held for compliance review (newest first, paged)',
    heldDepositsResponse,
    { query: heldDepositsParams },
  ),
  idempotentRoute('POST', '/api/funds/held-deposits/:txHash/assign', ['compliance', 'admin'], {
    summary: 'Credit a held deposit to a user, once per transaction hash (the same user again is answered as before; another user is 409)',
    params: assignHeldDepositParams,
    body: assignHeldDepositRequest,
    success: { status: 200, json: heldDepositView },
    errors: ['NotFound', 'Conflict', 'ServiceUnavailable', 'IdempotencyKeyReused'],
    views: ['held-deposits', 'cash-ledger'],
  }),
  idempotentRoute('POST', '/api/funds/held-deposits/:txHash/refund', ['compliance', 'admin'], {
    summary:
      'Send a held deposit back to the account it came from, at most once (answers once the payment validated or failed; a failed attempt leaves it held); an assigned deposit is 409',
    params: refundHeldDepositParams,
    success: { status: 200, json: heldDepositView },
    errors: ['NotFound', 'Conflict', 'ServiceUnavailable', 'IdempotencyKeyReused'],
    views: ['held-deposits'],
  }),
] satisfies readonly ApiRoute[];
