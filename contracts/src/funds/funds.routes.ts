import type { z } from 'zod';
import { type ApiRoute, idempotentRoute, readRoute, type RouteInputs } from '../api/api-route.js';
import type { ApiErrorCode } from '../shared/api-error.js';
import type { ProjectionName } from '../shared/projection-names.js';
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

/** A holder's own cash paid on XRPL (in or out): answers once the cash ledger shows the move. */
function cashRoute(action: 'faucet' | 'withdraw', summary: string, body: z.ZodType, json: z.ZodType, errors: readonly ApiErrorCode[]): ApiRoute {
  return idempotentRoute('POST', `/api/funds/${action}`, ['trader', 'issuer', 'admin'], {
    summary,
    body,
    success: { status: 200, json },
    errors,
    views: ['cash-ledger'],
  });
}

/** Compliance settles a held deposit, once per transaction hash; answers the deposit as it then stands. */
function heldDepositRoute(
  action: 'assign' | 'refund',
  summary: string,
  inputs: Pick<RouteInputs, 'params' | 'body'>,
  views: readonly ProjectionName[],
): ApiRoute {
  return idempotentRoute('POST', `/api/funds/held-deposits/:txHash/${action}`, ['compliance', 'admin'], {
    summary,
    ...inputs,
    success: { status: 200, json: heldDepositView },
    errors: ['NotFound', 'Conflict', 'ServiceUnavailable', 'IdempotencyKeyReused'],
    views,
  });
}

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
  cashRoute(
    'faucet',
    'Sandbox only: test USD paid on XRPL to the deposit address with the caller’s destination tag and credited as a deposit (404 on other networks)',
    claimTestUsdRequest,
    fundsView,
    ['NotFound', 'ServiceUnavailable', 'IdempotencyKeyReused'],
  ),
  cashRoute(
    'withdraw',
    'Withdraw to one of the caller’s KYC-verified, AML-screened addresses: held, paid on XRPL, posted when the payment validates or voided when it fails',
    withdrawFundsRequest,
    withdrawFundsResponse,
    ['KycRequired', 'Conflict', 'ServiceUnavailable', 'IdempotencyKeyReused'],
  ),
  readRoute(
    '/api/funds/held-deposits',
    ['compliance', 'auditor', 'admin'],
    'Payments to the deposit address with a missing or unknown destination tag, held for compliance review (newest first, paged)',
    heldDepositsResponse,
    { query: heldDepositsParams },
  ),
  heldDepositRoute(
    'assign',
    'Credit a held deposit to a user, once per transaction hash (the same user again is answered as before; another user is 409)',
    { params: assignHeldDepositParams, body: assignHeldDepositRequest },
    ['held-deposits', 'cash-ledger'],
  ),
  heldDepositRoute(
    'refund',
    'Send a held deposit back to the account it came from, at most once (answers once the payment validated or failed; a failed attempt leaves it held); an assigned deposit is 409',
    { params: refundHeldDepositParams },
    ['held-deposits'],
  ),
] satisfies readonly ApiRoute[];
