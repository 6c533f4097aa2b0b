import { isKycEvent, type RecordedEvent, kycEventTypes } from '@carbon-ledger/contracts';
import { applyEach, exhaustive, type Projection, type ProjectionWriter } from '../runtime/projection.js';

const amlStatusOf = { clear: 'cleared', potential_match: 'pending', hit: 'rejected' } as const;

/** KYC and AML screening status per XRPL address; also feeds the compliance dashboard. */
export const kycStatusProjection: Projection = {
  name: 'kyc-status',
  eventTypes: kycEventTypes,
  views: ['kyc-status', 'compliance-dashboard'],
  tables: ['kyc_status'],
  applyBatch: applyEach(async (recorded: RecordedEvent, db: ProjectionWriter): Promise<boolean> => {
    if (!isKycEvent(recorded)) return false;
    const event = recorded;
    switch (event.type) {
      case 'KycStarted': {
        const { data } = event;
        // A new inquiry replaces the previous verification of the address.
        const row = {
          owner_id: data.ownerId,
          kyc_status: 'pending' as const,
          aml_status: 'not_started' as const,
          risk_score: 0,
          jurisdiction: data.jurisdiction,
          level: data.level,
          country: null,
          inquiry_id: data.inquiryId,
          provider: data.provider,
          started_at: data.startedAt,
          verified_at: null,
          expires_at: null,
          rejected_reason: null,
          credential_tx_hash: null,
          updated_at: data.startedAt,
        };
        await db
          .insertInto('kyc_status')
          .values({ address: data.address, ...row })
          .onConflict((conflict) => conflict.column('address').doUpdateSet(row))
          .execute();
        return true;
      }
      case 'KycClaimSuperseded':
        // The KycStarted recorded with it writes the row anew under the new owner.
        return false;
      case 'AmlScreened':
        await db
          .updateTable('kyc_status')
          .set({ aml_status: amlStatusOf[event.data.result], risk_score: event.data.riskScore, updated_at: event.data.screenedAt })
          .where('address', '=', event.data.address)
          .execute();
        return true;
      case 'KycVerified': {
        const { data } = event;
        await db
          .updateTable('kyc_status')
          .set({
            kyc_status: 'verified',
            risk_score: data.riskScore,
            level: data.level,
            jurisdiction: data.jurisdiction,
            country: data.country,
            verified_at: data.verifiedAt,
            expires_at: data.expiresAt,
            rejected_reason: null,
            credential_tx_hash: null,
            updated_at: data.verifiedAt,
          })
          .where('address', '=', data.address)
          .execute();
        return true;
      }
      case 'KycRejected':
        await db
          .updateTable('kyc_status')
          .set({ kyc_status: 'rejected', rejected_reason: event.data.reason, updated_at: event.data.rejectedAt })
          .where('address', '=', event.data.address)
          .execute();
        return true;
      case 'KycExpired':
        await db
          .updateTable('kyc_status')
          .set({ kyc_status: 'expired', updated_at: event.data.expiredAt })
          .where('address', '=', event.data.address)
          .where('expires_at', '=', new Date(event.data.expiresAt))
          .execute();
        return true;
      case 'KycCredentialIssued':
        // Only for the verification it was issued for (named by its expiry).
        await db
          .updateTable('kyc_status')
          .set({ credential_tx_hash: event.data.txHash, updated_at: event.data.issuedAt })
          .where('address', '=', event.data.address)
          .where('expires_at', '=', new Date(event.data.expiresAt))
          .execute();
        return true;
      default:
        return exhaustive(event);
    }
  }),
};
