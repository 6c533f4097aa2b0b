import type { Payment } from 'xrpl';
import type { AppConfig } from '../config/config.js';
import { SANDBOX_SETTLEMENT_CURRENCY } from '../infrastructure/xrpl/sandbox-provisioning.js';
import type { XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';

/** The token users deposit and withdrawals pay out (docs/funds.md). */
export interface SettlementToken {
  readonly currency: string;
  readonly issuer: string;
}

/** A payment of whole cents of `token` from the platform's deposit address (a withdrawal, a held deposit sent back). */
export function paymentFromDepositAddress(gateway: XrplGateway, destination: string, token: SettlementToken, amountCents: number): Payment {
  return {
    TransactionType: 'Payment',
    Account: gateway.wallets.deposit.address,
    Destination: destination,
    Amount: { currency: token.currency, issuer: token.issuer, value: (amountCents / 100).toFixed(2) },
  };
}

/** USD of the platform issuer on the sandbox; elsewhere the configured stablecoin, or none. */
export function settlementTokenOf(gateway: XrplGateway, config: Pick<AppConfig, 'FUNDS_TOKEN_ISSUER' | 'FUNDS_TOKEN_CURRENCY'>): SettlementToken | undefined {
  if (gateway.network === 'sandbox') return { currency: SANDBOX_SETTLEMENT_CURRENCY, issuer: gateway.wallets.issuer.address };
  if (config.FUNDS_TOKEN_ISSUER && config.FUNDS_TOKEN_CURRENCY) return { currency: config.FUNDS_TOKEN_CURRENCY, issuer: config.FUNDS_TOKEN_ISSUER };
  return undefined;
}
