import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { recordDownloads } from '../../../../test/downloads';
import { renderWithProviders } from '../../../../test/render';
import { EvidenceExportPanel } from './EvidenceExportPanel';
import { expectToast, findToast } from '../../../../test/toasts';

describe('EvidenceExportPanel', () => {
  let downloads: string[] = [];
  beforeEach(() => {
    downloads = recordDownloads('blob:export');
    document.cookie = 'cl_csrf=token-123';
  });
  afterEach(() => {
    document.cookie = 'cl_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('posts the defaults with the CSRF header and saves the file under the server name', async () => {
    const requests = mockFetch(
      () =>
        new Response('{"format":"carbon-ledger-evidence/1"}', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="evidence-export-2026-11-22T10-00-00-000Z.json"' },
        }),
    );
    renderWithProviders(<EvidenceExportPanel />);

    fireEvent.change(screen.getByTestId('export-from'), { target: { value: '2026-01-01' } });
    fireEvent.click(screen.getByTestId('export-submit'));

    await expectToast('Export Successful', 'Evidence saved as evidence-export-2026-11-22T10-00-00-000Z.json');
    expect(downloads).toEqual(['evidence-export-2026-11-22T10-00-00-000Z.json']);
    const [request] = requests;
    expect(request?.url).toBe('/api/export/evidence');
    expect(request?.method).toBe('POST');
    expect(request?.credentials).toBe('include');
    expect(request?.headers.get('x-csrf-token')).toBe('token-123');
    expect(request?.body).toEqual({
      exportType: 'full',
      dateRange: { from: '2026-01-01' },
      includeKYC: false,
      includeBlockchain: true,
      format: 'json',
    });
  });

  it('names the file with a timestamp when the server does not', async () => {
    mockFetch(() => new Response('{}', { status: 200 }));
    renderWithProviders(<EvidenceExportPanel />);

    fireEvent.click(screen.getByTestId('export-include-kyc'));
    fireEvent.click(screen.getByTestId('export-submit'));

    await findToast('Export Successful');
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]).toMatch(/^evidence-export-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.json$/);
  });

  it("shows Export Failed with the server's message, or the default text", async () => {
    mockFetch(() => jsonResponse({ error: 'ValidationFailed', message: 'The start of the date range must not be after its end' }, 400));
    renderWithProviders(<EvidenceExportPanel />);

    fireEvent.click(screen.getByTestId('export-submit'));
    await expectToast('Export Failed', 'The start of the date range must not be after its end');

    mockFetch(() => new Response('oops', { status: 500 }));
    fireEvent.click(screen.getByTestId('export-submit'));
    await waitFor(() => expect(screen.getByText('Failed to generate evidence export')).toBeInTheDocument());
    expect(downloads).toHaveLength(0);
  });
});
