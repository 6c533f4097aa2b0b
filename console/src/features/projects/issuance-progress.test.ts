import { describe, expect, it } from 'vitest';
import { isIssued, issuanceProgressOf } from './issuance-progress';
import { aProject, aReport } from './projects-fixtures';

const batch = { vintage: 2026, batchId: 'SOLAR-2026-7F3A9C21', quantity: 120, bufferQuantity: 0, bufferBatchId: null, issued: false };

describe('issuanceProgressOf', () => {
  it('starts at validation while the project is a draft or under validation', () => {
    expect(issuanceProgressOf(aProject({ status: 'draft' }), aReport())).toEqual({
      validation: 'current',
      verification: 'pending',
      review: 'pending',
      issued: 'pending',
    });
    expect(issuanceProgressOf(undefined, undefined).validation).toBe('current');
  });

  it('moves to verification once the project is validated, then to the registry once the report is verified', () => {
    expect(issuanceProgressOf(aProject({ status: 'validated' }), aReport())).toEqual({
      validation: 'done',
      verification: 'current',
      review: 'pending',
      issued: 'pending',
    });
    expect(issuanceProgressOf(aProject({ status: 'validated' }), aReport({ status: 'verified' }))).toEqual({
      validation: 'done',
      verification: 'done',
      review: 'current',
      issued: 'pending',
    });
  });

  it('is issued only once every batch of the approved report is in the registry', () => {
    const approved = aReport({ status: 'approved', batches: [batch] });
    expect(issuanceProgressOf(aProject({ status: 'registered' }), approved).issued).toBe('current');
    expect(isIssued(approved)).toBe(false);
    const issued = aReport({ status: 'approved', batches: [{ ...batch, issued: true }] });
    expect(issuanceProgressOf(aProject({ status: 'registered' }), issued)).toEqual({
      validation: 'done',
      verification: 'done',
      review: 'done',
      issued: 'done',
    });
    expect(isIssued(issued)).toBe(true);
  });
});
