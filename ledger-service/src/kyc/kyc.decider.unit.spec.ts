import type { KycEvent } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { decideKyc, evolveKyc, initialKycState, type KycCommand } from './kyc.decider.js';
import type { KycInquiry, KycVerificationOutcome } from './providers/kyc-provider.port.js';

const now = new Date('2026-11-23T10:00:00.000Z');
const address = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const inquiry: KycInquiry = { inquiryId: 'inq_first', templateId: 'itmpl_sandbox_kyc', environment: 'sandbox', provider: 'sandbox' };
const owner = { address, requestedBy: 'user-1', isAdmin: false };

const started: KycEvent = {
  type: 'KycStarted',
  data: {
    address,
    inquiryId: 'inq_first',
    templateId: 'itmpl_sandbox_kyc',
    provider: 'sandbox',
    environment: 'sandbox',
    jurisdiction: 'UK',
    level: 'basic',
    ownerId: 'user-1',
    startedAt: now.toISOString(),
  },
};
const screening = (result: 'clear' | 'potential_match' | 'hit', riskScore: number): KycVerificationOutcome['screening'] => ({
  result,
  riskScore,
  matches:
    result === 'clear'
      ? []
      : [{ entryId: '90001', listName: 'OFAC SDN', matchedName: 'SANCTIONED, Ivan Testovich', score: result === 'hit' ? 1 : 0.85, program: 'X' }],
  listName: 'OFAC SDN',
  listEntries: 7,
});
const outcome = (
  result: 'clear' | 'potential_match' | 'hit' = 'clear',
  riskScore = 12,
  identity: KycVerificationOutcome['identity'] = 'verified',
): KycVerificationOutcome => ({
  identity,
  country: 'GB',
  screening: screening(result, riskScore),
});
const expiresAt = '2027-11-23T10:00:00.000Z';
const screenedClear: KycEvent = {
  type: 'AmlScreened',
  data: { address, inquiryId: 'inq_first', result: 'clear', riskScore: 12, matches: [], listName: 'OFAC SDN', listEntries: 7, screenedAt: now.toISOString() },
};
const verified: KycEvent = {
  type: 'KycVerified',
  data: { address, inquiryId: 'inq_first', riskScore: 12, level: 'basic', jurisdiction: 'UK', country: 'GB', verifiedAt: now.toISOString(), expiresAt },
};
const verify = (overrides: Partial<Extract<KycCommand, { type: 'VerifyKyc' }>> = {}): KycCommand => ({
  type: 'VerifyKyc',
  ...owner,
  inquiryId: 'inq_first',
  outcome: outcome(),
  validityDays: 365,
  ...overrides,
});

function given(events: KycEvent[], at = now) {
  const state = events.reduce(evolveKyc, initialKycState);
  return { when: (command: KycCommand) => () => decideKyc(command, state, at) };
}

function expectRefusal(run: () => unknown, code: string, message: string): void {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code, message });
    return;
  }
  throw new Error('expected a refusal');
}

describe('kyc decider', () => {
  describe('StartKyc', () => {
    const start: KycCommand = { type: 'StartKyc', ...owner, addressProof: null, inquiry, level: 'basic', jurisdiction: 'UK' };
    const proof = {
      challengeId: '7d2c6a58-3f7e-4d7a-9a41-2b0f1c9e8d10',
      message: 'Carbon Ledger: prove control…',
      publicKey: `ED${'A'.repeat(64)}`,
      signature: 'B'.repeat(128),
    };
    const provenStart = (requestedBy: string, inquiryId = 'inq_second'): KycCommand => ({
      ...start,
      requestedBy,
      addressProof: proof,
      inquiry: { ...inquiry, inquiryId },
    });

    it('given nothing, when started, then KycStarted owned by the requester', () => {
      expect(given([]).when(start)()).toEqual([started]);
    });

    it('given a started verification, when someone else starts it, then Forbidden', () => {
      expectRefusal(given([started]).when({ ...start, requestedBy: 'user-2' }), 'Forbidden', 'This address is registered to another user');
    });

    it('given a started verification, when an admin starts it, then the original owner keeps it', () => {
      const events = given([started]).when({ ...start, requestedBy: 'admin-1', isAdmin: true, inquiry: { ...inquiry, inquiryId: 'inq_second' } })();
      expect(events[0]).toMatchObject({ type: 'KycStarted', data: { ownerId: 'user-1', inquiryId: 'inq_second' } });
    });

    it('given an unproven verified claim, when the key holder starts with a signed challenge, then KycClaimSuperseded and KycStarted owned by the key holder', () => {
      const events = given([started, screenedClear, verified]).when(provenStart('user-2'))();
      expect(events).toEqual([
        {
          type: 'KycClaimSuperseded',
          data: { address, previousOwnerId: 'user-1', ownerId: 'user-2', previousClaimProven: false, supersededAt: now.toISOString() },
        },
        { type: 'KycStarted', data: { ...started.data, inquiryId: 'inq_second', ownerId: 'user-2', addressProof: { method: 'signed-challenge', ...proof } } },
      ]);
      const state = [started, screenedClear, verified, ...events].reduce(evolveKyc, initialKycState);
      expect(state).toMatchObject({ ownerId: 'user-2', ownerProven: true, phase: 'pending' });
    });

    it('given a proven claim, when another key holder proves it later, then the newer proof supersedes the older', () => {
      const proven = given([started]).when(provenStart('user-1', 'inq_first'))();
      const events = given([started, ...proven]).when(provenStart('user-3', 'inq_third'))();
      expect(events[0]).toMatchObject({ type: 'KycClaimSuperseded', data: { previousOwnerId: 'user-1', ownerId: 'user-3', previousClaimProven: true } });
    });

    it("given a case under another user's review, when the key holder proves it, then it supersedes; a sanctions hit still refuses", () => {
      const review: KycEvent = { type: 'AmlScreened', data: { ...screenedClear.data, result: 'potential_match', riskScore: 70 } } as KycEvent;
      expect(given([started, review]).when(provenStart('user-2'))()[1]).toMatchObject({ type: 'KycStarted', data: { ownerId: 'user-2' } });
      const hit: KycEvent = { type: 'AmlScreened', data: { ...screenedClear.data, result: 'hit', riskScore: 100 } } as KycEvent;
      expectRefusal(given([started, hit]).when(provenStart('user-2')), 'Forbidden', 'Verification is not available for this address; contact compliance');
    });

    it("given the owner's own current verification, when the owner proves the key, then still Conflict", () => {
      expectRefusal(given([started, screenedClear, verified]).when(provenStart('user-1')), 'Conflict', 'This address is already verified');
    });

    it('given a current verification, when started again, then Conflict', () => {
      expectRefusal(given([started, screenedClear, verified]).when(start), 'Conflict', 'This address is already verified');
    });

    it('given a lapsed verification, when started again, then a new inquiry', () => {
      const later = new Date('2028-01-01T00:00:00.000Z');
      expect(given([started, screenedClear, verified], later).when(start)()[0]).toMatchObject({ type: 'KycStarted' });
    });

    it('given a sanctions hit, when started again, then Forbidden without saying why', () => {
      const hit: KycEvent = { type: 'AmlScreened', data: { ...screenedClear.data, result: 'hit', riskScore: 100 } } as KycEvent;
      const rejected: KycEvent = { type: 'KycRejected', data: { address, inquiryId: 'inq_first', reason: 'sanctions_match', rejectedAt: now.toISOString() } };
      expectRefusal(given([started, hit, rejected]).when(start), 'Forbidden', 'Verification is not available for this address; contact compliance');
    });

    it('given a case under review, when started again, then Conflict', () => {
      const review: KycEvent = { type: 'AmlScreened', data: { ...screenedClear.data, result: 'potential_match', riskScore: 70 } } as KycEvent;
      expectRefusal(given([started, review]).when(start), 'Conflict', 'This address is under compliance review');
    });
  });

  describe('VerifyKyc', () => {
    it('given a started verification, when the screening is clear, then AmlScreened and KycVerified expiring after the validity', () => {
      expect(given([started]).when(verify())()).toEqual([screenedClear, verified]);
    });

    it('given nothing, when verified, then NotFound', () => {
      expectRefusal(given([]).when(verify()), 'NotFound', 'No verification was started for this address');
    });

    it('given a started verification, when verified with another inquiry, then Conflict', () => {
      expectRefusal(given([started]).when(verify({ inquiryId: 'inq_other' })), 'Conflict', 'Unknown inquiry for this address; start the verification again');
    });

    it('given a started verification, when someone else verifies it, then Forbidden', () => {
      expectRefusal(given([started]).when(verify({ requestedBy: 'user-2' })), 'Forbidden', 'This address is registered to another user');
    });

    it('given a current verification, when verified again, then Conflict', () => {
      expectRefusal(given([started, screenedClear, verified]).when(verify()), 'Conflict', 'This address is already verified');
    });

    it('given an expired verification, when verified again, then verified anew', () => {
      const later = new Date('2028-01-01T00:00:00.000Z');
      const expired: KycEvent = { type: 'KycExpired', data: { address, expiresAt, expiredAt: later.toISOString() } };
      const events = given([started, screenedClear, verified, expired], later).when(verify())();
      expect(events.map((event) => event.type)).toEqual(['AmlScreened', 'KycVerified']);
      expect(events[1]).toMatchObject({ data: { expiresAt: '2028-12-31T00:00:00.000Z' } }); // 365 days; 2028 is a leap year
    });

    it('given a started verification, when the name hits the sanctions list, then AmlScreened(hit) and KycRejected', () => {
      const events = given([started]).when(verify({ outcome: outcome('hit', 100) }))();
      expect(events).toMatchObject([
        { type: 'AmlScreened', data: { result: 'hit', riskScore: 100, matches: [{ entryId: '90001' }] } },
        { type: 'KycRejected', data: { reason: 'sanctions_match' } },
      ]);
    });

    it('given a started verification, when the provider declines the identity, then KycRejected(identity_declined)', () => {
      const events = given([started]).when(verify({ outcome: outcome('clear', 12, 'declined') }))();
      expect(events[1]).toMatchObject({ type: 'KycRejected', data: { reason: 'identity_declined' } });
    });

    it.each([
      ['a near match', outcome('potential_match', 70)],
      ['a risk score of 70', outcome('clear', 70)],
      ['a provider asking for review', outcome('clear', 20, 'review')],
    ])('given a started verification, when %s, then only AmlScreened (pending review)', (_, result) => {
      const events = given([started]).when(verify({ outcome: result }))();
      expect(events.map((event) => event.type)).toEqual(['AmlScreened']);
    });

    it('given a case under review, when verified again, then Conflict', () => {
      const review: KycEvent = { type: 'AmlScreened', data: { ...screenedClear.data, result: 'potential_match', riskScore: 70 } } as KycEvent;
      expectRefusal(given([started, review]).when(verify()), 'Conflict', 'This verification is under compliance review');
    });

    it('given a rejected verification, when verified again, then Conflict', () => {
      const rejected: KycEvent = { type: 'KycRejected', data: { address, inquiryId: 'inq_first', reason: 'identity_declined', rejectedAt: now.toISOString() } };
      expectRefusal(given([started, screenedClear, rejected]).when(verify()), 'Conflict', 'This verification was rejected; start a new one');
    });
  });

  describe('ExpireKyc', () => {
    it('given a verification past its expiry, when expired, then KycExpired naming the expiry', () => {
      const later = new Date('2027-11-23T10:00:00.001Z');
      expect(given([started, screenedClear, verified], later).when({ type: 'ExpireKyc', address })()).toEqual([
        { type: 'KycExpired', data: { address, expiresAt, expiredAt: later.toISOString() } },
      ]);
    });

    it('given a current verification, when expired, then Conflict', () => {
      expectRefusal(given([started, screenedClear, verified]).when({ type: 'ExpireKyc', address }), 'Conflict', 'This verification is not due to expire');
    });
  });

  describe('RecordKycCredential', () => {
    const record: KycCommand = { type: 'RecordKycCredential', address, issuer: 'rIssuer', txHash: 'A'.repeat(64), expiresAt };

    it('given a current verification, when its credential is recorded, then KycCredentialIssued', () => {
      expect(given([started, screenedClear, verified]).when(record)()).toEqual([
        {
          type: 'KycCredentialIssued',
          data: { address, credentialType: 'KYC', issuer: 'rIssuer', txHash: 'A'.repeat(64), expiresAt, issuedAt: now.toISOString() },
        },
      ]);
    });

    it('given a recorded credential, when recorded again, then Conflict', () => {
      const [issued] = given([started, screenedClear, verified]).when(record)();
      expectRefusal(given([started, screenedClear, verified, issued!]).when(record), 'Conflict', 'The credential is already recorded');
    });

    it('given a credential of an earlier verification, when recorded, then Conflict', () => {
      expectRefusal(
        given([started, screenedClear, verified]).when({ ...record, expiresAt: '2026-01-01T00:00:00.000Z' }),
        'Conflict',
        'The verification this credential was issued for is no longer current',
      );
    });
  });
});
