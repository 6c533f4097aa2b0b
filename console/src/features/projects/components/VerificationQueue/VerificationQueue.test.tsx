import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, type FetchHandler } from '../../../../test/fetch-mock';
import { typeInto } from '../../../../test/form-fields';
import { renderWithProviders } from '../../../../test/render';
import { expectToast } from '../../../../test/toasts';
import { aProject, aReport, aReportId, aVerifierId } from '../../projects-fixtures';
import { VerificationQueue } from './VerificationQueue';

const assigned = { id: aVerifierId, name: 'Vera Verifier', organisation: 'Audit Partners' };

/** `later`: a second page of the queue behind the first page's cursor. */
function serve(
  projects: ReturnType<typeof aProject>[],
  post: FetchHandler = () => jsonResponse({ projectId: 'PRJ-1', status: 'validated', position: '4:4' }),
  later?: ReturnType<typeof aProject>[],
) {
  return mockFetch((request) => {
    if (request.method === 'POST') return post(request);
    if (request.url === '/api/projects/verification-queue') return jsonResponse({ projects, nextCursor: later ? 'page-2' : null });
    if (later && request.url === '/api/projects/verification-queue?cursor=page-2') return jsonResponse({ projects: later, nextCursor: null });
    return jsonResponse({ error: 'NotFound', message: 'not found' }, 404);
  });
}

describe('VerificationQueue', () => {
  it('says so when no project is assigned', async () => {
    serve([]);
    renderWithProviders(<VerificationQueue />);
    expect(await screen.findByTestId('verification-queue-empty')).toHaveTextContent('No project is assigned to you.');
  });

  it('loads the rest of the queue on Load more, a project that moved between the pages shown once', async () => {
    const waiting = aProject({ projectId: 'PRJ-1', name: 'Waiting Canopy', status: 'under_validation', verifier: assigned });
    const requests = serve([waiting], undefined, [
      { ...waiting, status: 'validated' },
      aProject({ projectId: 'PRJ-2', name: 'Validated Dunes', status: 'validated', verifier: assigned }),
    ]);
    renderWithProviders(<VerificationQueue />);

    expect(await screen.findByText('Waiting Canopy')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('Validated Dunes')).toBeInTheDocument();
    expect(screen.getAllByText('Waiting Canopy')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.map((request) => request.url)).toContain('/api/projects/verification-queue?cursor=page-2');
  });

  it('asks for reasons to reject a project, then validates one with its comment', async () => {
    const requests = serve([aProject({ status: 'under_validation', verifier: assigned })]);
    renderWithProviders(<VerificationQueue />);

    fireEvent.click(await screen.findByTestId('validation-reject'));
    expect(await screen.findByText('Reasons is required')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    typeInto('validation-text', 'Baseline matches the methodology');
    fireEvent.click(screen.getByTestId('validation-validate'));

    await expectToast('Project Validated', 'PRJ-1 waits for the registry to register it');
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url).toBe('/api/projects/PRJ-1/validation/decision');
    expect(post?.body).toEqual({ decision: 'validated', comment: 'Baseline matches the methodology', documents: [] });
  });

  it("shows the server's conflict-of-interest refusal (403)", async () => {
    serve([aProject({ status: 'under_validation', verifier: assigned })], () =>
      jsonResponse({ error: 'Forbidden', message: 'A verifier cannot validate or verify their own project' }, 403),
    );
    renderWithProviders(<VerificationQueue />);

    fireEvent.click(await screen.findByTestId('validation-validate'));

    await expectToast('Decision Not Recorded', 'A verifier cannot validate or verify their own project');
  });

  it('verifies per vintage at most as claimed, with reasons where fewer', async () => {
    const requests = serve([aProject({ status: 'validated', verifier: assigned, reports: [aReport({ claimed: [{ vintage: 2026, quantity: 120 }] })] })], () =>
      jsonResponse({ projectId: 'PRJ-1', reportId: aReportId, status: 'verified', position: '5:5' }),
    );
    renderWithProviders(<VerificationQueue />);
    await screen.findByTestId('verification-decision-form');

    typeInto('verified-quantity-2026', '130');
    fireEvent.click(screen.getByTestId('verification-verify'));
    expect(await screen.findByText('At most the 120 claimed for 2026')).toBeInTheDocument();

    typeInto('verified-quantity-2026', '100');
    fireEvent.click(screen.getByTestId('verification-verify'));
    expect(await screen.findByText('Give the reasons when fewer credits are verified than claimed')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    typeInto('verification-reasons', 'Meter gap in March');
    fireEvent.click(screen.getByTestId('verification-verify'));

    await expectToast('Report Verified', "The report of PRJ-1 waits for the registry's review");
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url).toBe(`/api/projects/PRJ-1/reports/${aReportId}/verification`);
    expect(post?.body).toEqual({ decision: 'verified', verified: [{ vintage: 2026, quantity: 100 }], reasons: 'Meter gap in March', documents: [] });
  });

  it('offers no report decision before the project is validated', async () => {
    serve([aProject({ status: 'under_validation', verifier: assigned, reports: [aReport()] })]);
    renderWithProviders(<VerificationQueue />);
    expect(await screen.findByTestId('validation-decision-form')).toBeInTheDocument();
    expect(screen.queryByTestId('verification-decision-form')).not.toBeInTheDocument();
  });
});
