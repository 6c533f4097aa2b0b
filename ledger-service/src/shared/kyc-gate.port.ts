/** Capabilities that act for a user (orders, credits, xrpl) ask kyc through this port; kyc provides it. */
export const KYC_GATE = Symbol('KycGate');

export interface KycGateInput {
  readonly address: string;
  readonly userId: string;
  /** Issuing needs AML verified or cleared too; trading and retiring need KYC only. */
  readonly requireAml: boolean;
  readonly now: Date;
}

export interface KycGate {
  /** Throws the product's 'KYC Verification Required' refusal (403, details.requiresKyc) unless the caller's address passes. */
  requireKyc(input: KycGateInput): Promise<void>;
  /** Trading: throws unless the caller has at least one address with KYC verified and not lapsed. */
  requireVerifiedTrader(userId: string, now: Date): Promise<void>;
}
