import {
  type VaultReservesResponse,
  vaultReservesResponse,
  xrplPrepareResponse,
  xrplRedeemResponse,
  type XrplRedeemResponse,
  xrplRetireResponse,
  type XrplRetireResponse,
  xrplTokenizePrepareResponse,
  xrplTokenizeResponse,
  type XrplTokenizeResponse,
} from '@carbon-ledger/contracts';
import type { Transaction, Wallet } from 'xrpl';
import type { SignedInClient } from './service-under-test.js';

/** What the browser does: sign each prepared transaction with the wallet, in order. */
export function signPrepared(wallet: Wallet, transactions: readonly Record<string, unknown>[]): string[] {
  return transactions.map((transaction) => wallet.sign(transaction as unknown as Transaction).tx_blob);
}

async function json(response: Response, expected: number, what: string): Promise<unknown> {
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${what} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}

/**
 * An XRPL action as the console runs it: prepare, sign each prepared transaction with the wallet,
 * submit; answers the submission's body. `prepareSchema` is the shape the prepare step answers.
 */
async function prepareSignSubmit(
  user: SignedInClient,
  wallet: Wallet,
  action: 'tokenize' | 'redeem' | 'retire',
  body: Record<string, unknown>,
  prepareSchema: typeof xrplPrepareResponse | typeof xrplTokenizePrepareResponse = xrplPrepareResponse,
): Promise<unknown> {
  const prepared = prepareSchema.parse(await json(await user.request('POST', `/api/xrpl/${action}/prepare`, body), 200, `${action}/prepare`));
  const submitted = await user.request('POST', `/api/xrpl/${action}`, {
    preparation: prepared.preparation,
    signedTransactions: signPrepared(wallet, prepared.transactions),
  });
  return json(submitted, 201, action);
}

/** Tokenize as the console does: prepare, sign the trust line if one was prepared, submit. */
export async function tokenize(user: SignedInClient, wallet: Wallet, tokenId: string, amount: number): Promise<XrplTokenizeResponse> {
  return xrplTokenizeResponse.parse(
    await prepareSignSubmit(user, wallet, 'tokenize', { tokenId, amount, xrplAddress: wallet.address }, xrplTokenizePrepareResponse),
  );
}

/** Redeem as the console does: prepare, sign the NXCC payment back to the issuer, submit. */
export async function redeem(user: SignedInClient, wallet: Wallet, amount: number, tokenId?: string): Promise<XrplRedeemResponse> {
  return xrplRedeemResponse.parse(await prepareSignSubmit(user, wallet, 'redeem', { amount, xrplAddress: wallet.address, ...(tokenId ? { tokenId } : {}) }));
}

/** Retire on XRPL as the console's Retire tab does: NXCC back to the issuer with the memo. */
export async function retireOnXrpl(
  user: SignedInClient,
  wallet: Wallet,
  issuer: string,
  tokenAmount: number,
  purpose: string,
  use?: string,
): Promise<XrplRetireResponse> {
  return xrplRetireResponse.parse(
    await prepareSignSubmit(user, wallet, 'retire', { tokenAmount, issuer, purpose, xrplAddress: wallet.address, ...(use ? { use } : {}) }),
  );
}

export async function reserves(user: SignedInClient): Promise<VaultReservesResponse> {
  return vaultReservesResponse.parse(await json(await user.request('GET', '/api/xrpl/reserves'), 200, 'reserves'));
}

/** The reserves once nothing is in flight (the reactions have caught up), or the last answer at the deadline. */
export async function settledReserves(user: SignedInClient, timeoutMs = 30_000): Promise<VaultReservesResponse> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await reserves(user);
    if ((answer.inFlight.toPay === 0 && answer.inFlight.toRegister === 0) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
