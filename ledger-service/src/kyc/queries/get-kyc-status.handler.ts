import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type AmlStatus, type KycJurisdiction, type KycLevel, type KycStatusResponse, notStartedKycStatus } from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { DomainError } from '../../shared/domain-error.js';
import { kycStatusOf } from '../kyc-gate.js';

export interface KycViewer {
  readonly userId: string;
  /** compliance, auditor and admin see every address; others only the ones they registered. */
  readonly seesEveryAddress: boolean;
}

export class GetKycStatusQuery extends Query<KycStatusResponse> {
  constructor(
    readonly address: string,
    readonly viewer: KycViewer,
    readonly now = new Date(),
  ) {
    super();
  }
}

@QueryHandler(GetKycStatusQuery)
export class GetKycStatusHandler implements IQueryHandler<GetKycStatusQuery> {
  constructor(@Inject(READ_MODELS) private readonly db: ReadModels) {}

  async execute({ address, viewer, now }: GetKycStatusQuery): Promise<KycStatusResponse> {
    const row = await this.db.selectFrom('kyc_status').selectAll().where('address', '=', address).executeTakeFirst();
    if (!row) return notStartedKycStatus(address);
    if (row.owner_id !== viewer.userId && !viewer.seesEveryAddress) {
      throw new DomainError('Forbidden', 'You can only see the KYC status of addresses you registered');
    }
    return {
      address,
      kycStatus: kycStatusOf(row.kyc_status, row.expires_at, now),
      amlStatus: row.aml_status as AmlStatus,
      riskScore: row.risk_score,
      expiresAt: row.expires_at?.toISOString() ?? null,
      jurisdiction: row.jurisdiction as KycJurisdiction | null,
      level: row.level as KycLevel,
      credential: { issued: row.credential_tx_hash !== null, txHash: row.credential_tx_hash },
    };
  }
}
