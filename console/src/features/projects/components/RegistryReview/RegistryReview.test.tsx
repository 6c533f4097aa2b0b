import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, type FetchHandler } from '../../../../test/fetch-mock';
import { choose, typeInto } from '../../../../test/form-fields';
import { renderWithProviders } from '../../../../test/render';
import { expectToast } from '../../../../test/toasts';
import { aProject, aProponentId, aReport, aReportId, aVerifier, aVerifierId } from '../../projects-fixtures';
import { RegistryReview } from './RegistryReview';

const assigned = { id: aVerifierId, name: 'Vera Verifier', organisation: 'Audit Partners' };

/** `later`: a second page of the queue behind the first page's cursor. */
function serve(projects: ReturnType<typeof aProject>[], post: FetchHandler, later?: ReturnType<typeof aProject>[]) {
  return mockFetch((request) => {
    if (request.method === 'POST') return post(request);
    if (request.url === '/api/projects/review-queue') return jsonResponse({ projects, nextCursor: later ? 'page-2' : null });
    if (later && request.url === '/api/projects/review-queue?cursor=page-2') return jsonResponse({ projects: later, nextCursor: null });
    if (request.url === '/api/verifiers') return jsonResponse({ verifiers: [aVerifier()] });
    return jsonResponse({ error: 'NotFound', message: 'not found' }, 404);
  });
}

describe('RegistryReview', () => {
  it('loads the rest of the queue on Load more, and offers its registered projects to the import form', async () => {
    const requests = serve([aProject({ projectId: 'PRJ-1', name: 'Validated Vale', status: 'validated', verifier: assigned })], () => jsonResponse({}), [
      aProject({ projectId: 'PRJ-2', name: 'Registered Ridge', status: 'registered', verifier: assigned }),
    ]);
    renderWithProviders(<RegistryReview />);

    expect(await screen.findByText('Validated Vale')).toBeInTheDocument();
    expect(screen.getByTestId('import-credits-no-project')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('Registered Ridge')).toBeInTheDocument();
    expect(screen.queryByTestId('import-credits-no-project')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.map((request) => request.url)).toContain('/api/projects/review-queue?cursor=page-2');
  });

  it('registers a validated project', async () => {
    const requests = serve([aProject({ status: 'validated', verifier: assigned })], () =>
      jsonResponse({ projectId: 'PRJ-1', status: 'registered', position: '6:6' }),
    );
    renderWithProviders(<RegistryReview />);

    fireEvent.click(await screen.findByTestId('registration-register'));

    await expectToast('Project Registered', 'PRJ-1 is registered; its verified reports can be approved');
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({ url: '/api/projects/PRJ-1/registration', body: { decision: 'registered' } });
  });

  it("shows the server's conflict-of-interest refusal (403) of a registration", async () => {
    serve([aProject({ status: 'validated', verifier: assigned })], () =>
      jsonResponse({ error: 'Forbidden', message: 'A registry user of Sunfield Energy cannot register a project of its own organisation' }, 403),
    );
    renderWithProviders(<RegistryReview />);

    fireEvent.click(await screen.findByTestId('registration-register'));

    await expectToast('Decision Not Recorded', 'A registry user of Sunfield Energy cannot register a project of its own organisation');
  });

  it("previews the buffer pool's share and approves a verified report's issuance", async () => {
    const requests = serve(
      [
        aProject({
          projectType: 'Reforestation',
          mitigation: 'removal',
          status: 'registered',
          verifier: assigned,
          reports: [aReport({ status: 'verified', verified: [{ vintage: 2026, quantity: 1000 }] })],
        }),
      ],
      () => jsonResponse({ projectId: 'PRJ-1', reportId: aReportId, status: 'approved', position: '7:7' }),
    );
    renderWithProviders(<RegistryReview />);

    expect(await screen.findByTestId('issuance-preview')).toHaveTextContent('2026: 850 credits to the proponent, 150 (15 %) to the buffer pool');
    fireEvent.click(screen.getByTestId('issuance-return'));
    expect(await screen.findByText('Reasons is required')).toBeInTheDocument();

    fireEvent.click(screen.getByTestId('issuance-approve'));

    await expectToast('Issuance Approved', 'Credits of PRJ-1 are being issued, one batch per vintage');
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      url: `/api/projects/PRJ-1/reports/${aReportId}/review`,
      body: { decision: 'approved' },
    });
  });

  it('makes a registered project inactive with reasons, and asks for them first', async () => {
    const requests = serve([aProject({ status: 'registered', verifier: assigned })], () =>
      jsonResponse({ projectId: 'PRJ-1', status: 'inactive', position: '9:9' }),
    );
    renderWithProviders(<RegistryReview />);

    fireEvent.click(await screen.findByTestId('deactivation-submit'));
    expect(await screen.findByText('Reasons is required')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    typeInto('deactivation-reasons', 'Crediting period ended early: the plantation was sold');
    fireEvent.click(screen.getByTestId('deactivation-submit'));

    await expectToast('Project Made Inactive', 'PRJ-1 takes no more monitoring reports; its issued credits stay as they are');
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      url: '/api/projects/PRJ-1/deactivation',
      body: { reasons: 'Crediting period ended early: the plantation was sold' },
    });
  });

  it('accredits a verifier for the project types chosen', async () => {
    const requests = serve([], () => jsonResponse({ verifierId: aVerifierId, projectTypes: ['Solar Energy', 'Wind Energy', 'Forestry'], position: '8:8' }));
    renderWithProviders(<RegistryReview />);

    await screen.findByTestId('accredit-verifier-select');
    choose('accredit-verifier-select', 'Vera Verifier (Audit Partners)');
    choose('accredit-project-types', 'Forestry');
    fireEvent.click(screen.getByTestId('accredit-submit'));

    await expectToast('Verifier Accredited', 'Accredited for Solar Energy, Wind Energy, Forestry');
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      url: `/api/verifiers/${aVerifierId}/accreditation`,
      body: { projectTypes: ['Solar Energy', 'Wind Energy', 'Forestry'] },
    });
  });

  it("records an import and shows the server's refusal of an overlapping origin range (409)", async () => {
    const requests = serve([aProject({ status: 'registered', verifier: assigned })], () =>
      jsonResponse({ error: 'Conflict', message: 'Verra serials 1000-1999 overlap 1500-2500, recorded before as batch SOLAR-2024-IMP1' }, 409),
    );
    renderWithProviders(<RegistryReview />);

    await screen.findByTestId('import-project');
    choose('import-origin-registry', 'Verra');
    typeInto('import-origin-start', '1000');
    typeInto('import-origin-end', '999');
    choose('import-project', 'Sunfield Solar (PRJ-1)');
    fireEvent.click(screen.getByTestId('import-submit'));
    expect(await screen.findByText('The origin range must end at or after its start')).toBeInTheDocument();

    typeInto('import-origin-end', '1999');
    typeInto('import-vintage', '2024');
    fireEvent.click(screen.getByTestId('import-submit'));

    await expectToast('Import Refused', 'Verra serials 1000-1999 overlap 1500-2500, recorded before as batch SOLAR-2024-IMP1');
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      url: '/api/registry/imports',
      body: { originRegistry: 'Verra', originStart: 1000, originEnd: 1999, projectId: 'PRJ-1', vintage: 2024, accountId: aProponentId },
    });
  });

  it('records a reversal of a registered project that was credited: tCO2e lost and its cause', async () => {
    const requests = serve([aProject({ status: 'registered', verifier: assigned, issuedQuantity: 1000, bufferQuantity: 150 })], () =>
      jsonResponse({ projectId: 'PRJ-1', reversalId: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', status: 'registered', position: '7:7' }, 201),
    );
    renderWithProviders(<RegistryReview />);

    await screen.findByTestId('record-reversal-form');
    typeInto('reversal-quantity', '200');
    typeInto('reversal-cause', 'Wildfire burned 40 ha');
    fireEvent.click(screen.getByTestId('reversal-submit'));

    await expectToast('Reversal Recorded', '200 tCO2e of PRJ-1: the buffer pool covers it, oldest credits first');
    expect(requests.find((request) => request.method === 'POST')).toMatchObject({
      url: '/api/projects/PRJ-1/reversals',
      body: { quantity: 200, cause: 'Wildfire burned 40 ha' },
    });
  });

  it('offers no reversal for a project never credited', async () => {
    serve([aProject({ status: 'registered', verifier: assigned })], () => jsonResponse({}));
    renderWithProviders(<RegistryReview />);
    await screen.findByTestId('review-queue');
    expect(screen.queryByTestId('record-reversal-form')).not.toBeInTheDocument();
  });
});
