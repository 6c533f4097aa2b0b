import {
  amlEvent,
  auditEvent,
  authEvent,
  blockchainEvidenceEventTypes,
  creditEvent,
  exportEventTypes,
  kycEvent,
  kycEvidenceEventTypes,
  orderEvent,
  xrplActionEvent,
  xrplEvent,
} from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';

/** Every event type the service records, read from the contracts' event unions. */
const recordedTypes = new Set(
  [amlEvent, auditEvent, authEvent, creditEvent, kycEvent, orderEvent, xrplActionEvent, xrplEvent].flatMap((union) =>
    union.options.map((option) => option.shape.type.value as string),
  ),
);

describe('evidence export selections', () => {
  it('name only event types the log records, so no export type silently selects nothing', () => {
    const selected = [
      ...Object.values(exportEventTypes).flatMap((types) => (types === 'all' ? [] : [...types])),
      ...kycEvidenceEventTypes,
      ...blockchainEvidenceEventTypes,
    ];
    expect(selected.filter((type) => !recordedTypes.has(type))).toEqual([]);
  });

  it('put every value-moving registry event in the credits export', () => {
    expect(exportEventTypes.credits).toEqual(expect.arrayContaining(['CreditsIssued', 'TradeExecuted', 'CreditsRetired']));
  });
});
