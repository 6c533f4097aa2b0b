import { KYC_REQUIRED_TITLE, type KycRequiredDetails, type KycStatus, kycPassed } from '@carbon-ledger/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Coalescer } from '../infrastructure/postgres/coalescer.js';
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

interface TraderCheck {
  readonly userId: string;
  readonly now: Date;
}

/** The KYC_GATE port, read from the kyc-status read model. */
@Injectable()
export class ReadModelKycGate implements KycGate {
  /** Every order asks; the orders of one moment ask in one statement. */
  private readonly traders = new Coalescer<TraderCheck, boolean>((checks) => verifiedTraders(this.db, checks), { batchesInFlight: 2, batchSize: 500 });

  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  requireKyc(input: KycGateInput): Promise<void> {
    return requireKyc(this.db, input);
  }

  async requireVerifiedTrader(userId: string, now: Date): Promise<void> {
    if (await this.traders.submit({ userId, now })) return;
    throw new DomainError('KycRequired', 'Please complete KYC verification before trading. Go to Compliance page.', {
      requiresKyc: true,
      xrplAddress: '',
      kycStatus: 'not_started',
      amlStatus: 'not_started',
    } satisfies KycRequiredDetails);
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

/** Whether each user holds an address with KYC verified and unexpired at that check's time. */
async function verifiedTraders(db: ReadModels, checks: readonly TraderCheck[]): Promise<boolean[]> {
  const { rows } = await sql<{ check_index: string }>`
    select distinct c.check_index
    from unnest(${checks.map((check) => check.userId)}::text[], ${checks.map((check) => check.now.toISOString())}::timestamptz[])
      with ordinality as c(owner_id, checked_at, check_index)
    join kyc_status k on k.owner_id = c.owner_id and k.kyc_status = 'verified' and k.expires_at > c.checked_at`.execute(db);
  const verified = new Set(rows.map((row) => Number(row.check_index) - 1));
  return checks.map((_, index) => verified.has(index));
}
