import { KYC_REQUIRED_TITLE, type KycRequiredDetails, type KycStatus, kycPassed } from '@carbon-ledger/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { READ_MODELS } from '../infrastructure/tokens.js';
import { DomainError } from '../shared/domain-error.js';
import type { KycGate, KycGateInput } from '../shared/kyc-gate.port.js';

export interface KycGateResult {
  readonly kycStatus: KycStatus;
  readonly amlStatus: string;
  readonly passed: boolean;
}

/**
 * Spec 4/6: issuing needs KYC verified and AML verified or cleared; trading needs
 * KYC verified. Reads the kyc-status read model for the address the caller acts
 * with; an address registered by someone else does not count for the caller.
 */
async function kycGateFor(db: ReadModels, input: KycGateInput): Promise<KycGateResult> {
  const row = await db
    .selectFrom('kyc_status')
    .select(['owner_id', 'kyc_status', 'aml_status', 'expires_at'])
    .where('address', '=', input.address)
    .executeTakeFirst();
  if (!row || row.owner_id !== input.userId) return { kycStatus: 'not_started', amlStatus: 'not_started', passed: false };
  const expiresAt = row.expires_at ? new Date(row.expires_at as unknown as string | Date) : null;
  const kycStatus = kycStatusOf(row.kyc_status, expiresAt, input.now);
  const passed = input.requireAml ? kycPassed({ kycStatus, amlStatus: row.aml_status }) : kycStatus === 'verified';
  return { kycStatus, amlStatus: row.aml_status, passed };
}

/** A lapsed verification answers not_started, even before the expiry check has recorded it. */
export function kycStatusOf(stored: 'pending' | 'verified' | 'rejected' | 'expired', expiresAt: Date | null, now: Date): KycStatus {
  if (stored === 'verified') return expiresAt && expiresAt.getTime() > now.getTime() ? 'verified' : 'not_started';
  return stored === 'expired' ? 'not_started' : stored;
}

/** The KYC_GATE port, read from the kyc-status read model. */
@Injectable()
export class ReadModelKycGate implements KycGate {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  requireKyc(input: KycGateInput): Promise<void> {
    return requireKyc(this.db, input);
  }

  requireVerifiedTrader(userId: string, now: Date): Promise<void> {
    return requireVerifiedTrader(this.db, userId, now);
  }
}

async function requireKyc(db: ReadModels, input: KycGateInput): Promise<void> {
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

async function requireVerifiedTrader(db: ReadModels, userId: string, now: Date): Promise<void> {
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
