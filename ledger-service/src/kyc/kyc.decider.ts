import type { KycEvent, KycJurisdiction, KycLevel, RecordedEvent } from '@carbon-ledger/contracts';
import { isKycEvent, KYC_REVIEW_RISK_SCORE } from '@carbon-ledger/contracts';
import { DomainError } from '../shared/domain-error.js';
import type { Decider } from '../shared/handle-command.js';
import type { KycInquiry, KycVerificationOutcome } from './providers/kyc-provider.port.js';

/** review: screened, waiting for a compliance decision (near match, or risk too high to verify automatically). */
export type KycPhase = 'pending' | 'review' | 'verified' | 'rejected' | 'expired';

export type KycState =
  | { readonly exists: false; readonly sanctionsHit: false }
  | {
      readonly exists: true;
      readonly address: string;
      readonly ownerId: string;
      /** Whether the owner proved holding the address's key (claims from before proofs did not). */
      readonly ownerProven: boolean;
      readonly inquiryId: string;
      readonly level: KycLevel;
      readonly jurisdiction: KycJurisdiction | null;
      readonly phase: KycPhase;
      /** Sticky: once a name on this address hit the sanctions list, only compliance can move it on. */
      readonly sanctionsHit: boolean;
      readonly riskScore: number;
      readonly expiresAt: string | null;
      /** expiresAt of the verification whose XRPL credential is recorded. */
      readonly credentialFor: string | null;
    };

export const initialKycState: KycState = { exists: false, sanctionsHit: false };

interface Requester {
  readonly address: string;
  readonly requestedBy: string;
  readonly isAdmin: boolean;
}

/** A server challenge signed by the address's key, already checked by the caller. */
export interface AddressProof {
  readonly challengeId: string;
  readonly message: string;
  readonly publicKey: string;
  readonly signature: string;
}

export type KycCommand =
  | (Requester & {
      readonly type: 'StartKyc';
      readonly addressProof: AddressProof | null;
      readonly inquiry: KycInquiry;
      readonly level: KycLevel;
      readonly jurisdiction: KycJurisdiction | null;
    })
  | (Requester & {
      readonly type: 'VerifyKyc';
      readonly inquiryId: string;
      readonly outcome: KycVerificationOutcome;
      readonly validityDays: number;
    })
  | { readonly type: 'ExpireKyc'; readonly address: string }
  | {
      readonly type: 'RecordKycCredential';
      readonly address: string;
      readonly issuer: string;
      readonly txHash: string;
      readonly expiresAt: string;
    };

export function evolveKyc(state: KycState, event: KycEvent): KycState {
  switch (event.type) {
    case 'KycStarted':
      return {
        exists: true,
        address: event.data.address,
        ownerId: event.data.ownerId,
        ownerProven: event.data.addressProof !== undefined || (state.exists && state.ownerId === event.data.ownerId && state.ownerProven),
        inquiryId: event.data.inquiryId,
        level: event.data.level,
        jurisdiction: event.data.jurisdiction,
        phase: 'pending',
        sanctionsHit: state.sanctionsHit,
        riskScore: 0,
        expiresAt: null,
        credentialFor: null,
      };
    case 'KycClaimSuperseded':
      // The KycStarted that follows names the new owner.
      return state;
    case 'AmlScreened':
      // A decision (verified, rejected) follows in the same append unless the case goes to review.
      return state.exists
        ? { ...state, phase: 'review', riskScore: event.data.riskScore, sanctionsHit: state.sanctionsHit || event.data.result === 'hit' }
        : state;
    case 'KycVerified':
      return state.exists ? { ...state, phase: 'verified', riskScore: event.data.riskScore, expiresAt: event.data.expiresAt, credentialFor: null } : state;
    case 'KycRejected':
      return state.exists ? { ...state, phase: 'rejected' } : state;
    case 'KycExpired':
      return state.exists ? { ...state, phase: 'expired' } : state;
    case 'KycCredentialIssued':
      return state.exists ? { ...state, credentialFor: event.data.expiresAt } : state;
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

export function foldKyc(history: readonly RecordedEvent[]): KycState {
  return history.filter(isKycEvent).reduce<KycState>(evolveKyc, initialKycState);
}

/** Verified and not past its expiry (the expiry check may not have recorded it yet). */
export function isCurrentlyVerified(state: KycState, now: Date): boolean {
  return state.exists && state.phase === 'verified' && state.expiresAt !== null && Date.parse(state.expiresAt) > now.getTime();
}

function checkOwner(state: KycState, requester: Requester): void {
  if (state.exists && state.ownerId !== requester.requestedBy && !requester.isAdmin) {
    throw new DomainError('Forbidden', 'This address is registered to another user');
  }
}

/**
 * Whether a start ends another user's claim: whoever proves holding the address's key supersedes an
 * unproven claim (one recorded before proofs were asked: someone verified an address they hold no key
 * for) and an older one. An unproven start (an admin's, by the command path) never takes over.
 */
export function takesOverClaim(state: KycState, requester: Requester & { readonly proven: boolean }): boolean {
  return state.exists && requester.proven && state.ownerId !== requester.requestedBy;
}

/** The rules of StartKyc, checked before the provider opens an inquiry and again when deciding. */
export function checkCanStart(state: KycState, requester: Requester & { readonly proven: boolean }, now: Date): void {
  if (!takesOverClaim(state, requester)) checkOwner(state, requester);
  // Deliberately vague: telling someone they matched a sanctions list would tip them off.
  if (state.sanctionsHit) throw new DomainError('Forbidden', 'Verification is not available for this address; contact compliance');
  if (!state.exists || takesOverClaim(state, requester)) return;
  if (state.phase === 'review') throw new DomainError('Conflict', 'This address is under compliance review');
  if (isCurrentlyVerified(state, now)) throw new DomainError('Conflict', 'This address is already verified');
}

/** The rules of VerifyKyc, checked before the provider is asked and again when deciding. */
export function checkCanVerify(state: KycState, requester: Requester & { readonly inquiryId: string }, now: Date): void {
  if (!state.exists) throw new DomainError('NotFound', 'No verification was started for this address');
  checkOwner(state, requester);
  if (state.inquiryId !== requester.inquiryId) {
    throw new DomainError('Conflict', 'Unknown inquiry for this address; start the verification again');
  }
  if (isCurrentlyVerified(state, now)) throw new DomainError('Conflict', 'This address is already verified');
  if (state.phase === 'review') throw new DomainError('Conflict', 'This verification is under compliance review');
  if (state.phase === 'rejected') throw new DomainError('Conflict', 'This verification was rejected; start a new one');
}

const DAY_MS = 86_400_000;

export function decideKyc(command: KycCommand, state: KycState, now: Date): KycEvent[] {
  const at = now.toISOString();
  switch (command.type) {
    case 'StartKyc': {
      const requester = { ...command, proven: command.addressProof !== null };
      checkCanStart(state, requester, now);
      const takeover = takesOverClaim(state, requester);
      const superseded: KycEvent[] =
        takeover && state.exists
          ? [
              {
                type: 'KycClaimSuperseded',
                data: {
                  address: command.address,
                  previousOwnerId: state.ownerId,
                  ownerId: command.requestedBy,
                  previousClaimProven: state.ownerProven,
                  supersededAt: at,
                },
              },
            ]
          : [];
      const proof = command.addressProof;
      return [
        ...superseded,
        {
          type: 'KycStarted',
          data: {
            address: command.address,
            inquiryId: command.inquiry.inquiryId,
            templateId: command.inquiry.templateId,
            provider: command.inquiry.provider,
            environment: command.inquiry.environment,
            jurisdiction: command.jurisdiction,
            level: command.level,
            // The first starter owns the record; an admin acting later without the key does not take it over.
            ownerId: state.exists && !takeover ? state.ownerId : command.requestedBy,
            startedAt: at,
            ...(proof ? { addressProof: { method: 'signed-challenge' as const, ...proof } } : {}),
          },
        },
      ];
    }
    case 'VerifyKyc': {
      checkCanVerify(state, command, now);
      if (!state.exists) return [];
      const { outcome } = command;
      const { screening } = outcome;
      const screened: KycEvent = {
        type: 'AmlScreened',
        data: {
          address: command.address,
          inquiryId: command.inquiryId,
          result: screening.result,
          riskScore: screening.riskScore,
          matches: screening.matches,
          listName: screening.listName,
          listEntries: screening.listEntries,
          screenedAt: at,
        },
      };
      if (screening.result === 'hit' || outcome.identity === 'declined') {
        return [
          screened,
          {
            type: 'KycRejected',
            data: {
              address: command.address,
              inquiryId: command.inquiryId,
              reason: screening.result === 'hit' ? 'sanctions_match' : 'identity_declined',
              rejectedAt: at,
            },
          },
        ];
      }
      if (screening.result === 'potential_match' || outcome.identity === 'review' || screening.riskScore >= KYC_REVIEW_RISK_SCORE) {
        return [screened];
      }
      return [
        screened,
        {
          type: 'KycVerified',
          data: {
            address: command.address,
            inquiryId: command.inquiryId,
            riskScore: screening.riskScore,
            level: state.level,
            jurisdiction: state.jurisdiction,
            country: outcome.country,
            verifiedAt: at,
            expiresAt: new Date(now.getTime() + command.validityDays * DAY_MS).toISOString(),
          },
        },
      ];
    }
    case 'ExpireKyc': {
      if (!state.exists || state.phase !== 'verified' || state.expiresAt === null || Date.parse(state.expiresAt) > now.getTime()) {
        throw new DomainError('Conflict', 'This verification is not due to expire');
      }
      return [{ type: 'KycExpired', data: { address: command.address, expiresAt: state.expiresAt, expiredAt: at } }];
    }
    case 'RecordKycCredential': {
      if (!state.exists || state.phase !== 'verified' || state.expiresAt !== command.expiresAt) {
        throw new DomainError('Conflict', 'The verification this credential was issued for is no longer current');
      }
      if (state.credentialFor === command.expiresAt) throw new DomainError('Conflict', 'The credential is already recorded');
      return [
        {
          type: 'KycCredentialIssued',
          data: {
            address: command.address,
            credentialType: 'KYC',
            issuer: command.issuer,
            txHash: command.txHash,
            expiresAt: command.expiresAt,
            issuedAt: at,
          },
        },
      ];
    }
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

/** The KYC stream's decider, for handleCommand. */
export const kycDecider: Decider<KycState, KycCommand, KycEvent> = {
  decide: (command, state, context) => decideKyc(command, state, context.now),
  evolve: evolveKyc,
  initialState: () => initialKycState,
  isEvent: isKycEvent,
};
