import { Inject, Injectable, Logger } from '@nestjs/common';
import { type EventStore, KYC_CREDENTIAL_TYPE_HEX, kycStreamId } from '@carbon-ledger/contracts';
import { isoTimeToRippleTime, type LedgerEntry } from 'xrpl';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import { deriveId } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { PlatformSubmissions } from '../../shared/platform-submissions.js';
import { handleCommand, retryOnConflict } from '../../shared/handle-command.js';
import { foldKyc, isCurrentlyVerified, kycDecider } from '../kyc.decider.js';

/**
 * issued: created now (or found on the ledger from an attempt that crashed before recording it);
 * already_issued: recorded earlier; not_current: the address is not verified (any more);
 * deferred: the address is not on the ledger yet, or the ledger refused; the expiry check retries.
 */
export type CredentialIssueOutcome = 'issued' | 'already_issued' | 'not_current' | 'deferred';

/**
 * Gives a verified address the platform's KYC credential on the XRP Ledger
 * (CredentialCreate by the KYC issuer wallet, expiring with the verification)
 * and records KycCredentialIssued. Safe to call any number of times.
 */
@Injectable()
export class KycCredentialIssuer {
  private readonly logger = new Logger('KYC');

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    private readonly submissions: PlatformSubmissions,
  ) {}

  async issueFor(address: string, options: { now?: Date; causationId?: string } = {}): Promise<CredentialIssueOutcome> {
    const now = options.now ?? new Date();
    const state = foldKyc(await this.eventStore.readStream(kycStreamId(address)));
    if (!state.exists || !state.expiresAt || !isCurrentlyVerified(state, now)) return 'not_current';
    if (state.credentialFor === state.expiresAt) return 'already_issued';
    const expiresAt = state.expiresAt;

    // The ledger refuses a credential for an account that does not exist (tecNO_TARGET).
    if (!(await this.accountExists(address))) {
      this.logger.warn(`KYC credential for ${address} deferred: the account is not on the ledger yet (fund it with the reserve)`);
      return 'deferred';
    }
    const issuer = this.gateway.wallets.kyc_issuer.address;
    const expiration = isoTimeToRippleTime(expiresAt);
    const existing = await this.findCredential(address, issuer);
    let txHash: string;
    try {
      if (existing && existing.Expiration === expiration) {
        txHash = existing.PreviousTxnID;
      } else {
        // A credential of an earlier verification blocks a new one (tecDUPLICATE).
        if (existing) {
          await this.submissions.submit({
            key: `kyc-credential-delete:${address}:${expiresAt}`,
            role: 'kyc_issuer',
            transaction: { TransactionType: 'CredentialDelete', Account: issuer, Subject: address, CredentialType: KYC_CREDENTIAL_TYPE_HEX },
            purpose: `Remove the lapsed KYC credential of ${address}`,
          });
        }
        const outcome = await this.submissions.submit({
          key: `kyc-credential:${address}:${expiresAt}`,
          role: 'kyc_issuer',
          transaction: {
            TransactionType: 'CredentialCreate',
            Account: issuer,
            Subject: address,
            CredentialType: KYC_CREDENTIAL_TYPE_HEX,
            Expiration: expiration,
          },
          purpose: `KYC credential for ${address}`,
        });
        txHash = outcome.hash;
      }
    } catch (error) {
      // A ledger refusal (tec...) is logged and retried by the expiry check; an outage propagates so the reaction retries.
      if (error instanceof DomainError && error.code === 'Conflict') {
        this.logger.warn(`KYC credential for ${address} deferred: ${error.message}`);
        return 'deferred';
      }
      throw error;
    }

    const commandId = deriveId(`kyc-credential:${address}:${expiresAt}`, 'kyc-credential-issued');
    try {
      // Another event of the stream in between (its owner started again, the check expired it): decided again on it.
      const recorded = await retryOnConflict(3, () =>
        handleCommand(this.eventStore, kycStreamId(address), kycDecider, {
          command: { type: 'RecordKycCredential', address, issuer, txHash, expiresAt },
          context: {
            commandId,
            correlationId: commandId,
            causationId: options.causationId ?? commandId,
            actor: { userId: 'kyc-credential-issuer', role: 'compliance' },
            now,
          },
        }),
      );
      // The reaction and the periodic check issue at the same moment: the one that recorded it second says so.
      if (recorded.replayed) return 'already_issued';
    } catch (error) {
      // The verification changed meanwhile (expired, restarted). Another run's record of it is a replay (the same command id), answered above.
      if (error instanceof DomainError && error.code === 'Conflict') return 'not_current';
      throw error;
    }
    this.logger.log(`KYC credential for ${address} issued in ${txHash}`);
    return 'issued';
  }

  private async accountExists(address: string): Promise<boolean> {
    try {
      await this.gateway.request({ command: 'account_info', account: address, ledger_index: 'validated' });
      return true;
    } catch (error) {
      if (error instanceof Error && /actNotFound|Account not found/.test(error.message)) return false;
      throw error;
    }
  }

  private async findCredential(subject: string, issuer: string): Promise<LedgerEntry.Credential | undefined> {
    const objects = await this.gateway.request({ command: 'account_objects', account: subject, type: 'credential', ledger_index: 'validated' });
    return objects.result.account_objects.find(
      (entry): entry is LedgerEntry.Credential =>
        entry.LedgerEntryType === 'Credential' && entry.Issuer === issuer && entry.CredentialType === KYC_CREDENTIAL_TYPE_HEX,
    );
  }
}
