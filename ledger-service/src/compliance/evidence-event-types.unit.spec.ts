import {
  amlEvent,
  auditEvent,
  authEvent,
  batchClaimsEvent,
  blockchainEvidenceEventTypes,
  creditEvent,
  evidenceExportRequest,
  exportEventTypes,
  fundsEvent,
  fundsEventTypes,
  kycEvent,
  kycEvidenceEventTypes,
  orderEvent,
  originRegistryEvent,
  projectEvent,
  verifierEvent,
  xrplActionEvent,
  xrplEvent,
} from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { evidenceSelector } from './evidence/evidence-records.js';

/** Every event type the service records, read from the contracts' event unions. */
const recordedTypes = new Set(
  [
    amlEvent,
    auditEvent,
    authEvent,
    batchClaimsEvent,
    creditEvent,
    fundsEvent,
    kycEvent,
    orderEvent,
    projectEvent,
    verifierEvent,
    originRegistryEvent,
    xrplActionEvent,
    xrplEvent,
  ].flatMap((union) => union.options.map((option) => option.shape.type.value as string)),
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

  it('put every value-moving registry event in the credits export, the vault’s moves on both sides included', () => {
    expect(exportEventTypes.credits).toEqual(
      expect.arrayContaining(['CreditsIssued', 'TradeExecuted', 'CreditsRetired', 'CreditsTokenized', 'CreditsRedeemed', 'XrplCreditsRedeemed']),
    );
  });

  it('put every cash movement in the full export, and the cash legs of trading (a buy order’s or an accepted offer’s hold, and the void of one whose offer closed) in the trades export', () => {
    const event = (type: string) =>
      ({ type, metadata: { recordedAt: '2026-11-27T10:00:00.000Z' } }) as unknown as Parameters<ReturnType<typeof evidenceSelector>>[0];
    const full = evidenceSelector(evidenceExportRequest.parse({ exportType: 'full' }));
    expect([...fundsEventTypes].filter((type) => !full(event(type)))).toEqual([]);
    const trades = evidenceSelector(evidenceExportRequest.parse({ exportType: 'trades' }));
    expect([...fundsEventTypes].filter((type) => trades(event(type)))).toEqual(['FundsReserved', 'FundsReservationVoided']);
    expect(trades(event('TradeExecuted')) && trades(event('OrderCancelled'))).toBe(true);
    expect(trades(event('DirectTradeOffered')) && trades(event('DirectTradeOfferWithdrawn'))).toBe(true);
  });
});
