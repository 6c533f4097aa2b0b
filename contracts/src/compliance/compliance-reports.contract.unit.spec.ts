import { describe, expect, it } from 'vitest';
import { complianceReportFileName, complianceReportRequest } from './compliance-reports.contract.js';
import { evidenceExportFileName } from './evidence-export.contract.js';

describe('compliance report request', () => {
  it('defaults to the whole log as JSON', () => {
    expect(complianceReportRequest.parse({ framework: 'un-sdg' })).toEqual({ framework: 'un-sdg', period: {}, format: 'json' });
  });

  it('takes a bare end date as the whole of that day, and refuses a period that ends before it starts', () => {
    expect(complianceReportRequest.safeParse({ framework: 'csrd', period: { from: '2026-03-01T18:00:00Z', to: '2026-03-01' } }).success).toBe(true);
    const reversed = complianceReportRequest.safeParse({ framework: 'csrd', period: { from: '2026-03-02', to: '2026-03-01' } });
    expect(reversed.error?.issues).toMatchObject([{ path: ['period'], message: 'The start of the period must not be after its end' }]);
  });

  it('names the frameworks a request may ask for', () => {
    expect(complianceReportRequest.safeParse({ framework: 'gri' }).error?.issues[0]?.message).toBe('framework must be one of: csrd, issb, un-sdg');
  });

  it('names files by framework and time', () => {
    expect(complianceReportFileName('csrd', 'json', new Date('2026-11-22T10:15:00.000Z'))).toBe('csrd-report-2026-11-22T10-15-00-000Z.json');
    expect(evidenceExportFileName('pdf', new Date('2026-11-22T10:15:00.000Z'))).toBe('evidence-export-2026-11-22T10-15-00-000Z.pdf');
  });
});
