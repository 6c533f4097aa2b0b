import type { HeldDepositView } from '@carbon-ledger/contracts';

/** Test data only; nothing in the app imports this file. Typed: a field the contract adds fails the type-check here. */
export function aHeldDeposit(overrides: Partial<HeldDepositView> = {}): HeldDepositView {
  return {
    txHash: 'AB'.repeat(32),
    sender: 'rSenderOfThePayment111111111111111',
    destinationTag: 4_294_967_295,
    amount: '1250.00',
    currency: 'USD',
    issuer: 'rIssuer11111111111111111111111111',
    reason: 'unknown-tag',
    ledgerIndex: 42,
    heldAt: '2026-11-27T10:00:00.000Z',
    status: 'held',
    assignedTo: null,
    assignedBy: null,
    assignedAt: null,
    refundRequestedBy: null,
    refundRequestedAt: null,
    refundTxHash: null,
    refundedAt: null,
    refundFailure: null,
    ...overrides,
  };
}
