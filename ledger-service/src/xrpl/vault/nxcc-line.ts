import { CREDIT_CURRENCY_CODE } from '@carbon-ledger/contracts';
import type { SubmittableTransaction } from 'xrpl';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { DomainError } from '../../shared/domain-error.js';
import { onLedger } from '../signing/signed-submission.js';

/** The trust line limit a holder's TrustSet asks for. */
const TRUST_LINE_LIMIT = '1000000000';

/** The address's NXCC trust line to the platform issuer, if it has one (none without an account). */
async function nxccLine(gateway: XrplGateway, address: string): Promise<{ balance: string } | undefined> {
  const lines = await onLedger('Cannot read the NXCC trust line', () =>
    gateway.request({ command: 'account_lines', account: address, peer: gateway.wallets.issuer.address }).catch((error: unknown) => {
      if (error instanceof Error && /actNotFound|Account not found/.test(error.message)) return { result: { lines: [] } };
      throw error;
    }),
  );
  return lines.result.lines.find((entry) => entry.currency === CREDIT_CURRENCY_CODE);
}

/** The TrustSet the address signs first when it has no NXCC trust line yet (docs/vault.md: part of the first signed flow that needs it). */
export async function trustLineIfMissing(gateway: XrplGateway, address: string): Promise<SubmittableTransaction[]> {
  if (await nxccLine(gateway, address)) return [];
  return [
    {
      TransactionType: 'TrustSet',
      Account: address,
      LimitAmount: { currency: CREDIT_CURRENCY_CODE, issuer: gateway.wallets.issuer.address, value: TRUST_LINE_LIMIT },
    },
  ];
}

/** NXCC the address holds on the ledger (0 without a trust line or an account). */
export async function nxccHeld(gateway: XrplGateway, address: string): Promise<number> {
  const line = await nxccLine(gateway, address);
  return line ? Number(line.balance) : 0;
}

/** Refuses before anything is signed when the address holds fewer NXCC than it returns. */
export async function requireNxcc(gateway: XrplGateway, address: string, amount: number, what: string): Promise<void> {
  const held = await nxccHeld(gateway, address);
  if (held < amount) {
    throw new DomainError('Conflict', `${address} holds ${held} NXCC; ${what} at most ${Math.floor(held)}`, { available: held, requested: amount });
  }
}
