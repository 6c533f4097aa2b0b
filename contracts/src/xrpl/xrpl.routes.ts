import type { z } from 'zod';
import { type ApiAccess, anyRole, type ApiRoute, idempotentRoute, NO_VIEWS, readRoute } from '../api/api-route.js';
import type { ProjectionName } from '../shared/projection-names.js';
import type { ApiErrorCode } from '../shared/api-error.js';
import {
  xrplIssuePrepareRequest,
  xrplIssueResponse,
  xrplPrepareResponse,
  xrplRetirePrepareRequest,
  xrplRetireResponse,
  xrplSubmitRequest,
  xrplTradePrepareRequest,
  xrplTradeResponse,
} from './xrpl-actions.contract.js';
import {
  ammDailyPricesResponse,
  ammReservesHistoryResponse,
  ammStateResponse,
  swapPathQuery,
  swapPathResponse,
  walletBalanceResponse,
  walletTransactionsResponse,
  xrplNetworkResponse,
  xrpMarketDataResponse,
} from './xrpl-read.contract.js';

import { sandboxFaucetRequest, sandboxFaucetResponse } from './sandbox-faucet.contract.js';
import {
  vaultReservesResponse,
  xrplRedeemPrepareRequest,
  xrplRedeemResponse,
  xrplTokenizePrepareRequest,
  xrplTokenizePrepareResponse,
  xrplTokenizeResponse,
  xrplTokenizeSubmitRequest,
} from './xrpl-vault.contract.js';

const PREPARE = 'The service checks KYC/AML and autofills an unsigned transaction; the console signs it in the browser (seeds never reach the server).';
const SUBMIT = 'The signed blob must be the prepared transaction, signed by the KYC-checked address.';

/** The views an XRPL action's event feeds: the /xrpl screen's trades, the vault card and the pool history. */
const XRPL_ACTION_VIEWS: readonly ProjectionName[] = ['credit-trades', 'vault-transfers', 'amm-reserves'];

interface SignedCall {
  readonly summary: string;
  /** Added to what every prepare (or submit) call says. */
  readonly more?: string;
  readonly body?: z.ZodType;
  readonly json?: z.ZodType;
  readonly errors?: readonly ApiErrorCode[];
  /** Submit only: the views it waits for (XRPL_ACTION_VIEWS unless said). */
  readonly views?: readonly ProjectionName[];
}

/**
 * A transaction the console signs in the browser, as two calls: `<path>/prepare` answers it unsigned
 * and autofilled, `<path>` takes the signed blob and submits it.
 */
function signedInBrowser(path: string, access: ApiAccess, prepare: SignedCall & { body: z.ZodType }, submit: SignedCall & { json: z.ZodType }): ApiRoute[] {
  return [
    idempotentRoute('POST', `${path}/prepare`, access, {
      summary: prepare.summary,
      description: withMore(PREPARE, prepare.more),
      body: prepare.body,
      success: { status: 200, json: prepare.json ?? xrplPrepareResponse },
      errors: prepare.errors ?? ['KycRequired', 'IdempotencyKeyReused'],
      // A preparation is sealed into its answer; nothing is recorded in the log yet.
      views: NO_VIEWS,
    }),
    idempotentRoute('POST', path, access, {
      summary: submit.summary,
      description: withMore(SUBMIT, submit.more),
      body: submit.body ?? xrplSubmitRequest,
      success: { status: 201, json: submit.json },
      errors: submit.errors ?? ['KycRequired', 'NotFound', 'Conflict', 'IdempotencyKeyReused'],
      views: submit.views ?? XRPL_ACTION_VIEWS,
    }),
  ];
}

function withMore(text: string, more: string | undefined): string {
  return more === undefined ? text : `${text} ${more}`;
}

export const xrplRoutes = [
  idempotentRoute('POST', '/api/xrpl/faucet', anyRole, {
    summary: 'Fund a wallet the browser generated from the sandbox genesis account',
    description: `Sandbox network only (404 elsewhere: use the network's public faucet). At most 3 grants per user in 24 hours (429).`,
    body: sandboxFaucetRequest,
    success: { status: 201, json: sandboxFaucetResponse },
    errors: ['NotFound', 'TooManyRequests', 'IdempotencyKeyReused'],
    // The wallet's balance is read from the XRPL ledger, not from a view.
    views: NO_VIEWS,
  }),
  ...signedInBrowser(
    '/api/xrpl/issue',
    ['issuer', 'admin'],
    { summary: 'Prepare an issuance on XRPL', body: xrplIssuePrepareRequest },
    { summary: 'Submit a signed issuance', json: xrplIssueResponse },
  ),
  ...signedInBrowser(
    '/api/xrpl/trade',
    ['trader', 'admin'],
    { summary: 'Prepare a trade through the XRP/NXCC AMM', body: xrplTradePrepareRequest },
    { summary: 'Submit a signed trade', json: xrplTradeResponse },
  ),
  ...signedInBrowser(
    '/api/xrpl/retire',
    ['trader', 'issuer', 'admin'],
    { summary: 'Prepare a retirement on XRPL (NXCC returned to the issuer with a memo)', body: xrplRetirePrepareRequest },
    { summary: 'Submit a signed retirement', json: xrplRetireResponse },
  ),
  ...signedInBrowser(
    '/api/xrpl/tokenize',
    ['trader', 'issuer', 'admin'],
    {
      summary: 'Prepare a tokenization: registry credits into the vault, NXCC to the caller’s verified address',
      more: 'Nothing to sign when the address has an NXCC trust line; otherwise the TrustSet.',
      body: xrplTokenizePrepareRequest,
      json: xrplTokenizePrepareResponse,
      errors: ['KycRequired', 'NotFound', 'Conflict', 'IdempotencyKeyReused'],
    },
    {
      summary: 'Tokenize: the serials move into the vault and the platform issuer pays the NXCC (once)',
      more: 'A payment the ledger refuses sends the serials back to the holder.',
      body: xrplTokenizeSubmitRequest,
      json: xrplTokenizeResponse,
      // The holdings and the reserves card.
      views: ['credit-registry', 'vault-transfers'],
    },
  ),
  ...signedInBrowser(
    '/api/xrpl/redeem',
    ['trader', 'issuer', 'admin'],
    {
      summary: 'Prepare a redemption: NXCC paid back to the issuer for registry credits out of the vault',
      body: xrplRedeemPrepareRequest,
      errors: ['KycRequired', 'Conflict', 'IdempotencyKeyReused'],
    },
    { summary: 'Submit a signed redemption; the serials move from the vault to the caller', json: xrplRedeemResponse },
  ),
  readRoute(
    '/api/xrpl/reserves',
    anyRole,
    "Proof of reserves: the issuer's NXCC obligations on the ledger against the serials in the vault",
    vaultReservesResponse,
    // Compared with the live ledger: a vault view behind the log would show a move as missing.
    { views: ['credit-registry', 'vault-transfers'] },
  ),
  readRoute('/api/xrpl/network', anyRole, 'The XRPL network the service uses', xrplNetworkResponse),
  readRoute('/api/xrpl/balance', anyRole, 'Balances of the platform wallets', walletBalanceResponse),
  readRoute('/api/xrpl/transactions', anyRole, 'Recent transactions of the platform wallets', walletTransactionsResponse),
  readRoute('/api/xrpl/amm-state', anyRole, 'The XRP/NXCC AMM pool', ammStateResponse),
  readRoute(
    '/api/xrpl/amm-reserves',
    anyRole,
    "The XRP/NXCC pool's reserves after its opening and after each swap the platform recorded (the latest 200, oldest first)",
    ammReservesHistoryResponse,
  ),
  readRoute('/api/xrpl/amm-daily', anyRole, 'XRPL AMM swaps per day over the last 30 days (UTC): average price in XRP, volume, count', ammDailyPricesResponse),
  readRoute('/api/xrpl/swap-path', anyRole, 'A swap quote through the AMM pool', swapPathResponse, { query: swapPathQuery }),
  readRoute('/api/xrpl/market-data', anyRole, 'XRP price in USD', xrpMarketDataResponse),
] satisfies readonly ApiRoute[];
