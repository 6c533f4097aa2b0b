import { KYC_REQUIRED_TITLE, type KycRequiredDetails, type KycStatus, kycPassed } from '@carbon-ledger/contracts';
import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import { Coalescer } from '../infrastructure/postgres/coalescer.js';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { ProjectionHost } from '../infrastructure/projections/projection-host.js';
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

/**
 * How long a trader found verified is trusted without asking the read model again. Every kyc-status
 * batch that changed something (here or, announced, on another instance) forgets them all at once,
 * so a revocation or a rejection counts as soon as the read model shows it, as it did when every order
 * asked; this bound only covers an announcement lost with a dropped connection.
 */
const VERIFIED_REUSE_MS = 1_000;

/** The KYC_GATE port, read from the kyc-status read model. */
@Injectable()
export class ReadModelKycGate implements KycGate {
  /** Every order asks; the orders of one moment ask in one statement. */
  private readonly traders = new Coalescer<TraderCheck, number | undefined>((checks) => verifiedTraders(this.db, checks), {
    batchesInFlight: 2,
    batchSize: 500,
  });
  /** Traders found verified: until when the answer is reused, and when their verification lapses. */
  private readonly verified = new Map<string, { readonly reuseUntil: number; readonly expiresAt: number }>();

  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    projections: ProjectionHost,
  ) {
    projections.onBatchCommitted((batch) => {
      if (batch.projection === 'kyc-status' && batch.views.length > 0) this.verified.clear();
    });
  }

  requireKyc(input: KycGateInput): Promise<void> {
    return requireKyc(this.db, input);
  }

  async requireVerifiedTrader(userId: string, now: Date): Promise<void> {
    const known = this.verified.get(userId);
    if (known && Date.now() < known.reuseUntil && now.getTime() < known.expiresAt) return;
    const expiresAt = await this.traders.submit({ userId, now });
    if (expiresAt !== undefined) {
      this.verified.set(userId, { reuseUntil: Date.now() + VERIFIED_REUSE_MS, expiresAt });
      return;
    }
    this.verified.delete(userId);
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

/**
 * For each check, when the latest of the user's verified addresses lapses (epoch ms), or undefined
 * when the user holds none verified and unexpired at that check's time.
 */
async function verifiedTraders(db: ReadModels, checks: readonly TraderCheck[]): Promise<(number | undefined)[]> {
  const { rows } = await sql<{ check_index: string; expires_at: Date }>`
    select c.check_index, max(k.expires_at) as expires_at
    from unnest(${checks.map((check) => check.userId)}::text[], ${checks.map((check) => check.now.toISOString())}::timestamptz[])
      with ordinality as c(owner_id, checked_at, check_index)
    join kyc_status k on k.owner_id = c.owner_id and k.kyc_status = 'verified' and k.expires_at > c.checked_at
    group by c.check_index`.execute(db);
  const verified = new Map(rows.map((row) => [Number(row.check_index) - 1, new Date(row.expires_at).getTime()]));
  return checks.map((_, index) => verified.get(index));
}
