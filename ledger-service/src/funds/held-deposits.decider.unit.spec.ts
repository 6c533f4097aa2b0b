import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { decideHeldDeposit, evolveHeldDeposit, heldDepositDecider, type HeldDepositCommand, type HeldDepositState } from './held-deposits.decider.js';

const now = new Date('2026-11-27T09:00:00.000Z');
const TX = 'CD'.repeat(32);
const deposit = {
  txHash: TX,
  sender: 'rSenderOfThePaymentXXXXXXXXXXXXXX',
  destinationTag: 99,
  amountCents: 12_345,
  currency: 'USD',
  issuer: 'rIssuerOfTheUsdXXXXXXXXXXXXXXXXXX',
  ledgerIndex: 7,
  reason: 'unknown-tag' as const,
};

function given(...commands: HeldDepositCommand[]): HeldDepositState {
  let state = heldDepositDecider.initialState();
  for (const command of commands) for (const event of decideHeldDeposit(command, state, { now })) state = evolveHeldDeposit(state, event);
  return state;
}

const hold: HeldDepositCommand = { type: 'HoldDeposit', deposit };
const assignTo = (userId: string): HeldDepositCommand => ({ type: 'AssignHeldDeposit', txHash: TX, userId, assignedBy: 'officer' });

describe('held deposit: held once, assigned at most once', () => {
  it('holds a payment once; holding it again decides nothing', () => {
    expect(decideHeldDeposit(hold, given(), { now })).toEqual([{ type: 'DepositHeld', data: { ...deposit, heldAt: now.toISOString() } }]);
    expect(decideHeldDeposit(hold, given(hold), { now })).toEqual([]);
  });

  it('assigns the held amount to a user; the same user again is nothing new, another user is a conflict', () => {
    expect(decideHeldDeposit(assignTo('user-a'), given(hold), { now })).toEqual([
      { type: 'HeldDepositAssigned', data: { txHash: TX, userId: 'user-a', amountCents: 12_345, assignedBy: 'officer', assignedAt: now.toISOString() } },
    ]);
    const assigned = given(hold, assignTo('user-a'));
    expect(decideHeldDeposit(assignTo('user-a'), assigned, { now })).toEqual([]);
    expect(() => decideHeldDeposit(assignTo('user-b'), assigned, { now })).toThrow(
      expect.objectContaining({ code: 'Conflict', details: { assignedTo: 'user-a' } }),
    );
  });

  it('refuses to assign a payment that is not held', () => {
    expect(() => decideHeldDeposit(assignTo('user-a'), given(), { now })).toThrow(DomainError);
    expect(() => decideHeldDeposit(assignTo('user-a'), given(), { now })).toThrow(expect.objectContaining({ code: 'NotFound' }));
  });
});

const refund: HeldDepositCommand = { type: 'RefundHeldDeposit', txHash: TX, requestedBy: 'officer' };
const outcome = (attempt: number, refundTxHash?: string): HeldDepositCommand => ({
  type: 'RecordRefundOutcome',
  attempt,
  outcome: refundTxHash ? { refunded: true, refundTxHash } : { refunded: false, reason: 'the payment failed on the ledger: tecDST_TAG_NEEDED' },
});
const REFUND_TX = 'EF'.repeat(32);

describe('held deposit: sent back to its sender, or assigned, never both', () => {
  it('requests a refund of the held amount to the sender; asked again while under way or done, nothing new', () => {
    expect(decideHeldDeposit(refund, given(hold), { now })).toEqual([
      {
        type: 'HeldDepositRefundRequested',
        data: { txHash: TX, attempt: 1, destination: deposit.sender, amountCents: 12_345, requestedBy: 'officer', requestedAt: now.toISOString() },
      },
    ]);
    expect(decideHeldDeposit(refund, given(hold, refund), { now })).toEqual([]);
    const refunded = given(hold, refund, outcome(1, REFUND_TX));
    expect(refunded.refunded).toMatchObject({ refundTxHash: REFUND_TX, attempt: 1 });
    expect(decideHeldDeposit(refund, refunded, { now })).toEqual([]);
  });

  it('records an attempt’s outcome once: a second report of it, or of an older attempt, decides nothing', () => {
    const refunded = given(hold, refund, outcome(1, REFUND_TX));
    expect(decideHeldDeposit(outcome(1, REFUND_TX), refunded, { now })).toEqual([]);
    expect(decideHeldDeposit(outcome(1), refunded, { now })).toEqual([]);
    expect(decideHeldDeposit(outcome(2, REFUND_TX), given(hold, refund), { now })).toEqual([]);
  });

  it('is held again after a failed attempt, with the reason; the next attempt has the next number', () => {
    const failed = given(hold, refund, outcome(1));
    expect(failed).toMatchObject({ refunding: undefined, refunded: undefined, lastRefundFailure: 'the payment failed on the ledger: tecDST_TAG_NEEDED' });
    expect(decideHeldDeposit(refund, failed, { now })).toEqual([
      expect.objectContaining({ type: 'HeldDepositRefundRequested', data: expect.objectContaining({ attempt: 2 }) }),
    ]);
    // Once failed, it may be assigned after all.
    expect(decideHeldDeposit(assignTo('user-a'), failed, { now })).toEqual([expect.objectContaining({ type: 'HeldDepositAssigned' })]);
    expect(given(hold, refund, outcome(1), refund).lastRefundFailure).toBeUndefined();
  });

  it('refuses to refund an assigned deposit, and to assign one being refunded or refunded', () => {
    expect(() => decideHeldDeposit(refund, given(hold, assignTo('user-a')), { now })).toThrow(
      expect.objectContaining({ code: 'Conflict', details: { assignedTo: 'user-a' } }),
    );
    expect(() => decideHeldDeposit(assignTo('user-a'), given(hold, refund), { now })).toThrow(expect.objectContaining({ code: 'Conflict' }));
    expect(() => decideHeldDeposit(assignTo('user-a'), given(hold, refund, outcome(1, REFUND_TX)), { now })).toThrow(
      expect.objectContaining({ code: 'Conflict', details: { refundTxHash: REFUND_TX } }),
    );
    expect(() => decideHeldDeposit(refund, given(), { now })).toThrow(expect.objectContaining({ code: 'NotFound' }));
  });
});
