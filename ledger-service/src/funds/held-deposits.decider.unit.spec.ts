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
