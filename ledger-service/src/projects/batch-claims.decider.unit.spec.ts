import { type BatchClaims, type BatchClaimsEvent, type CitedDocument, evolveBatchClaims, NO_BATCH_CLAIMS } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { type AuthorizationInput, type BatchClaimsCommand, type ClaimedBatch, decideBatchClaims } from './batch-claims.decider.js';
import type { Party } from './project.decider.js';

const now = new Date('2026-06-30T10:00:00.000Z');
const proponent: Party = { userId: 'proponent', organisation: 'Verdant Energy' };
const verifier: Party = { userId: 'verifier', organisation: 'Terra Assurance' };
const registry: Party = { userId: 'registry', organisation: 'Carbon Registry' };
const batch: ClaimedBatch = { batchId: 'REFOREST-2026-0A1B2C3D', projectId: 'P-1', hostCountry: 'BR', proponent, verifier };
const letter: CitedDocument = { sha256: 'a'.repeat(64), kind: 'letter', name: 'loa.pdf', size: 1200, mediaType: 'application/pdf' };
const authorizing = (use: 'ndc' | 'oimp' | 'ndc_and_oimp' = 'oimp', authorizedOn = '2026-03-01'): AuthorizationInput => ({
  authorized: true,
  use,
  authorizedOn,
  letter,
});

const authorize = (input: AuthorizationInput = authorizing(), actor: Party = registry): BatchClaimsCommand => ({
  type: 'RecordAuthorization',
  actor,
  batch,
  authorization: input,
});
const adjust = (status: 'not_applicable' | 'pending' | 'applied', reportingPeriod: string | null = null, actor: Party = registry): BatchClaimsCommand => ({
  type: 'RecordAdjustment',
  actor,
  batch,
  status,
  reportingPeriod,
});

/** Given these commands decided in turn, the claims they leave. */
function given(...commands: BatchClaimsCommand[]): BatchClaims {
  return commands.reduce((claims, command) => decideBatchClaims(command, claims, { now }).reduce(evolveBatchClaims, claims), NO_BATCH_CLAIMS);
}

function refusal(command: BatchClaimsCommand, claims: BatchClaims = NO_BATCH_CLAIMS): DomainError {
  try {
    decideBatchClaims(command, claims, { now });
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('batch claims decider: authorization and corresponding adjustment', () => {
  it("records the host country's authorization with its use, date and letter", () => {
    const events = decideBatchClaims(authorize(), NO_BATCH_CLAIMS, { now });
    expect(events).toEqual<BatchClaimsEvent[]>([
      {
        type: 'BatchAuthorizationRecorded',
        data: {
          batchId: batch.batchId,
          projectId: 'P-1',
          hostCountry: 'BR',
          authorized: true,
          use: 'oimp',
          authorizedOn: '2026-03-01',
          letter,
          recordedBy: 'registry',
          recordedAt: now.toISOString(),
        },
      },
    ]);
  });

  it("refuses the project's proponent, its verifier and a registry user of the proponent's organisation (403)", () => {
    expect(refusal(authorize(authorizing(), proponent))).toMatchObject({ code: 'Forbidden' });
    expect(refusal(authorize(authorizing(), verifier))).toMatchObject({ code: 'Forbidden' });
    expect(refusal(adjust('pending', null, { userId: 'colleague', organisation: 'VERDANT ENERGY' }), given(authorize()))).toMatchObject({
      code: 'Forbidden',
      message: expect.stringContaining('its own organisation'),
    });
  });

  it('refuses a date of authorization in the future (400)', () => {
    expect(refusal(authorize(authorizing('ndc', '2026-07-01')))).toMatchObject({ code: 'ValidationFailed', message: expect.stringContaining('in the future') });
  });

  it('records nothing when the same authorization is recorded again, or a first "not authorized"', () => {
    expect(decideBatchClaims(authorize(), given(authorize()), { now })).toEqual([]);
    expect(decideBatchClaims(authorize({ authorized: false }), NO_BATCH_CLAIMS, { now })).toEqual([]);
  });

  it('refuses an adjustment pending or applied for a batch that is not authorized (409)', () => {
    expect(refusal(adjust('pending'))).toMatchObject({ code: 'Conflict', message: expect.stringContaining('is not authorized') });
    expect(refusal(adjust('applied', '2026'))).toMatchObject({ code: 'Conflict' });
  });

  it('refuses "not applicable" for an authorized batch (409) and "applied" without a reporting period (400)', () => {
    const authorized = given(authorize());
    expect(refusal(adjust('not_applicable'), authorized)).toMatchObject({ code: 'Conflict', message: expect.stringContaining('never not applicable') });
    expect(refusal(adjust('applied'), authorized)).toMatchObject({ code: 'ValidationFailed', message: expect.stringContaining('reporting period') });
    expect(refusal(adjust('applied', '2027-2026'), authorized)).toMatchObject({ code: 'ValidationFailed', message: expect.stringContaining('ends before') });
  });

  it('records pending, then applied with its period; an applied adjustment stays applied and fixes the authorization (409)', () => {
    const applied = given(authorize(), adjust('pending'), adjust('applied', '2026'));
    expect(applied.adjustment).toEqual({ status: 'applied', reportingPeriod: '2026' });
    expect(refusal(adjust('pending'), applied)).toMatchObject({ code: 'Conflict', message: expect.stringContaining('stays applied') });
    expect(refusal(authorize({ authorized: false }), applied)).toMatchObject({
      code: 'Conflict',
      message: expect.stringContaining('can no longer be changed'),
    });
    expect(refusal(authorize(authorizing('ndc')), applied)).toMatchObject({ code: 'Conflict' });
  });

  it('a withdrawn authorization takes a pending adjustment back to not applicable', () => {
    const withdrawn = given(authorize(), adjust('pending'), authorize({ authorized: false }));
    expect(withdrawn).toEqual<BatchClaims>({
      authorization: { authorized: false, use: null, authorizedOn: null, letter: null },
      adjustment: { status: 'not_applicable', reportingPeriod: null },
    });
  });

  it('records a first transfer only of units authorized when they moved, and it changes nothing the batch may count for', () => {
    const transfer = {
      batchId: batch.batchId,
      projectId: batch.projectId,
      hostCountry: batch.hostCountry,
      tradeId: '00000000-0000-4000-8000-000000000001',
      fromAccountId: 'proponent',
      toAccountId: 'buyer',
      quantity: 3,
      ranges: [{ batchId: batch.batchId, start: 1, end: 3 }],
      transferredAt: now.toISOString(),
    };
    const claims = given(authorize());
    expect(decideBatchClaims({ type: 'RecordFirstTransfer', transfer, authorizedUse: null }, claims, { now })).toEqual([]);
    const events = decideBatchClaims({ type: 'RecordFirstTransfer', transfer, authorizedUse: 'oimp' }, claims, { now });
    expect(events).toEqual([{ type: 'AuthorizedUnitsFirstTransferred', data: { ...transfer, use: 'oimp' } }]);
    expect(events.reduce(evolveBatchClaims, claims)).toEqual(claims);
  });
});
