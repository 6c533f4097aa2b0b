import { CREDIT_CURRENCY_CODE } from '@carbon-ledger/contracts';
import type { SubmittedTransaction } from '../infrastructure/xrpl/xrpl-gateway.js';
import type { PlatformSubmissions } from './platform-submissions.js';

/** The cause of a tokenization's NXCC payment: one payment per tokenization, whoever asks (the submit call, the settlement reaction). */
export const tokenizationPaymentKey = (tokenizationId: string): string => `tokenize-payment:${tokenizationId}`;

export interface TokenizationToPay {
  readonly tokenizationId: string;
  readonly batchId: string;
  readonly xrplAddress: string;
  readonly quantity: number;
}

/**
 * The platform issuer pays as many NXCC as serials went into the vault (docs/vault.md).
 * Applied or refused, the outcome is the ledger's; a lost connection throws, and a later call under the
 * same key finds the payment instead of paying twice.
 */
export function payTokenization(submissions: PlatformSubmissions, issuer: string, tokenization: TokenizationToPay): Promise<SubmittedTransaction> {
  return submissions.outcomeOf({
    key: tokenizationPaymentKey(tokenization.tokenizationId),
    role: 'issuer',
    transaction: {
      TransactionType: 'Payment',
      Account: '',
      Destination: tokenization.xrplAddress,
      Amount: { currency: CREDIT_CURRENCY_CODE, issuer, value: String(tokenization.quantity) },
    },
    purpose: `NXCC for ${tokenization.quantity} credits of ${tokenization.batchId} in the vault`,
  });
}
