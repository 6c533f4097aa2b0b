import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { recordDownloads } from '../../../../test/downloads';
import { renderWithProviders } from '../../../../test/render';
import { GenerateReports } from './GenerateReports';
import { expectToast, findToast } from '../../../../test/toasts';

const button = (testId: string): HTMLButtonElement => screen.getByTestId<HTMLButtonElement>(testId);

describe('GenerateReports', () => {
  let downloads: string[] = [];
  beforeEach(() => {
    downloads = recordDownloads('blob:report');
    document.cookie = 'cl_csrf=token-123';
  });
  afterEach(() => {
    document.cookie = 'cl_csrf=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  });

  it('lists CSRD, ISSB and UN SDG, each with a JSON and a PDF download', () => {
    mockFetch(() => jsonResponse({}));
    renderWithProviders(<GenerateReports />);

    expect(screen.getByText('Generate Reports')).toBeInTheDocument();
    for (const [framework, name, description] of [
      ['csrd', 'CSRD', 'ESRS E1 carbon credits disclosure'],
      ['issb', 'ISSB', 'IFRS S2 carbon credits'],
      ['un-sdg', 'UN SDG', 'Impact by goal'],
    ] as const) {
      const row = within(screen.getByTestId(`report-${framework}`));
      expect(row.getByText(name)).toBeInTheDocument();
      expect(row.getByText(description)).toBeInTheDocument();
      expect(row.getByRole('button', { name: `Download ${name} report as JSON` })).toBeInTheDocument();
      expect(row.getByRole('button', { name: `Download ${name} report as PDF` })).toBeInTheDocument();
    }
  });

  it('posts the framework, period and format, shows the row generating, then saves the file', async () => {
    let answer: (response: Response) => void = () => {};
    const requests = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<GenerateReports />);

    fireEvent.change(screen.getByTestId('report-from'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByTestId('report-to'), { target: { value: '2026-06-30' } });
    fireEvent.click(button('report-csrd-pdf'));

    await waitFor(() => expect(button('report-csrd-pdf').dataset.loading).toBe('true'));
    expect(button('report-csrd-json')).toBeDisabled();
    expect(button('report-issb-pdf')).toBeDisabled();
    const [request] = requests;
    expect(request?.url).toBe('/api/compliance/reports');
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('x-csrf-token')).toBe('token-123');
    expect(request?.body).toEqual({ framework: 'csrd', period: { from: '2026-01-01', to: '2026-06-30' }, format: 'pdf' });

    answer(
      new Response('%PDF-1.4', {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="csrd-report-2026-11-22T10-15-00-000Z.pdf"' },
      }),
    );

    await expectToast('Report Generated', 'Report saved as csrd-report-2026-11-22T10-15-00-000Z.pdf');
    expect(downloads).toEqual(['csrd-report-2026-11-22T10-15-00-000Z.pdf']);
    await waitFor(() => expect(button('report-csrd-pdf').dataset.loading).toBeUndefined());
    expect(button('report-issb-pdf')).toBeEnabled();
  });

  it('sends no period when none is given, and names the file with a timestamp when the server does not', async () => {
    const requests = mockFetch(() => new Response('{}', { status: 200 }));
    renderWithProviders(<GenerateReports />);

    fireEvent.click(button('report-un-sdg-json'));

    await findToast('Report Generated');
    expect(requests[0]?.body).toEqual({ framework: 'un-sdg', period: {}, format: 'json' });
    expect(downloads[0]).toMatch(/^un-sdg-report-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.json$/);
  });

  it("shows Report Failed with the server's message, or the default text, one toast at a time", async () => {
    mockFetch(() => jsonResponse({ error: 'ValidationFailed', message: 'The start of the period must not be after its end' }, 400));
    renderWithProviders(<GenerateReports />);

    fireEvent.click(button('report-issb-json'));
    await expectToast('Report Failed', 'The start of the period must not be after its end');

    mockFetch(() => new Response('oops', { status: 500 }));
    fireEvent.click(button('report-issb-json'));
    await waitFor(() => expect(screen.getByText('Failed to generate report')).toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText('The start of the period must not be after its end')).not.toBeInTheDocument());
    expect(downloads).toHaveLength(0);
  });
});
