import { Injectable } from '@nestjs/common';
import { isKycEvent, type RecordedEvent } from '@carbon-ledger/contracts';
import { LogReaction, type Reaction } from '../../infrastructure/reactions/reaction-host.js';
import { KycCredentialIssuer } from '../credentials/kyc-credential-issuer.js';

/**
 * On KycVerified, issues the XRPL KYC credential. Idempotent: the issuer
 * checks the stream (and the ledger) first. An address that is not on the
 * ledger yet is skipped with a log line; the periodic expiry check retries it.
 */
@Injectable()
@LogReaction()
export class IssueCredentialWhenKycVerified implements Reaction {
  readonly name = 'issue-credential-when-kyc-verified';
  readonly eventTypes: ReadonlySet<string> = new Set(['KycVerified']);

  constructor(private readonly issuer: KycCredentialIssuer) {}

  async handle(event: RecordedEvent): Promise<void> {
    if (!isKycEvent(event) || event.type !== 'KycVerified') return;
    await this.issuer.issueFor(event.data.address, { causationId: event.eventId });
  }
}
