import type { KycRequiredDetails } from '@carbon-ledger/contracts';
import { KYC_REQUIRED_TITLE } from '@carbon-ledger/contracts';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { DomainError } from './domain-error.js';

export interface KycGateResult {
  readonly kycStatus: 'verified' | 'pending' | 'rejected' | 'not_started';
  readonly amlStatus: string;
  readonly passed: boolean;
}

/**
 * Spec 4/6: issuing needs KYC verified and AML verified or cleared; trading needs
 * KYC verified. Reads the kyc-status read model for the address the caller acts
 * with; an address registered by someone else does not count for the caller.
 */
export async function kycGateFor(
  db: ReadModels,
  input: { readonly address: string; readonly userId: string; readonly requireAml: boolean; readonly now: Date },
): Promise<KycGateResult> {
  const row = await db
    .selectFrom('kyc_status')
    .select(['owner_id', 'kyc_status', 'aml_status', 'expires_at'])
    .where('address', '=', input.address)
    .executeTakeFirst();
  if (!row || row.owner_id !== input.userId) return { kycStatus: 'not_started', amlStatus: 'not_started', passed: false };
  const expiresAt = row.expires_at ? new Date(row.expires_at as unknown as string | Date) : null;
  const kycStatus =
    row.kyc_status === 'verified'
      ? expiresAt && expiresAt.getTime() > input.now.getTime()
        ? 'verified'
        : 'not_started'
      : row.kyc_status === 'expired'
        ? 'not_started'
        : row.kyc_status;
  const amlPassed = row.aml_status === 'cleared' || (row.aml_status as string) === 'verified';
  return { kycStatus, amlStatus: row.aml_status, passed: kycStatus === 'verified' && (!input.requireAml || amlPassed) };
}

/** Throws the spec's 'KYC Verification Required' refusal (403, details.requiresKyc) unless the gate passes. */
export async function requireKyc(
  db: ReadModels,
  input: { readonly address: string; readonly userId: string; readonly requireAml: boolean; readonly now: Date },
): Promise<void> {
  const gate = await kycGateFor(db, input);
  if (gate.passed) return;
  const details: KycRequiredDetails = {
    requiresKyc: true,
    xrplAddress: input.address,
    kycStatus: gate.kycStatus,
    amlStatus: gate.amlStatus,
  };
  throw new DomainError('KycRequired', KYC_REQUIRED_TITLE, details);
}

/** Trading (spec 6): the caller must have at least one address with KYC verified and not lapsed. */
export async function requireVerifiedTrader(db: ReadModels, userId: string, now: Date): Promise<void> {
  const row = await db
    .selectFrom('kyc_status')
    .select('address')
    .where('owner_id', '=', userId)
    .where('kyc_status', '=', 'verified')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (row) return;
  throw new DomainError('KycRequired', 'Please complete KYC verification before trading. Go to Compliance page.', {
    requiresKyc: true,
    xrplAddress: '',
    kycStatus: 'not_started',
    amlStatus: 'not_started',
  } satisfies KycRequiredDetails);
}
