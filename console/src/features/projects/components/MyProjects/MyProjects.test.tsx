import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, type FetchHandler } from '../../../../test/fetch-mock';
import { choose, typeInto } from '../../../../test/form-fields';
import { renderWithProviders } from '../../../../test/render';
import { expectToast } from '../../../../test/toasts';
import { aProject, aReport, aSha256, aVerifier, aVerifierId } from '../../projects-fixtures';
import { MyProjects } from './MyProjects';

/** `older`: a second page of projects behind the first page's cursor. */
function serve(
  projects = [aProject()],
  post: FetchHandler = () => jsonResponse({ projectId: 'PRJ-1', status: 'draft', position: '1:1' }, 201),
  older?: ReturnType<typeof aProject>[],
) {
  return mockFetch((request) => {
    if (request.method === 'POST') return post(request);
    if (request.url === '/api/projects/mine') return jsonResponse({ projects, nextCursor: older ? 'page-2' : null });
    if (older && request.url === '/api/projects/mine?cursor=page-2') return jsonResponse({ projects: older, nextCursor: null });
    if (request.url === '/api/verifiers')
      return jsonResponse({
        verifiers: [aVerifier(), aVerifier({ id: 'c1d2e3f4-0000-4000-8000-000000000001', name: 'Wendy Wood', projectTypes: ['Forestry'] })],
      });
    return jsonResponse({ error: 'NotFound', message: 'not found' }, 404);
  });
}

describe('MyProjects', () => {
  it('appends older projects on Load more, and offers no more after the last page', async () => {
    const requests = serve([aProject({ projectId: 'PRJ-2', name: 'Newer Canopy' })], undefined, [aProject({ projectId: 'PRJ-1', name: 'Older Canopy' })]);
    renderWithProviders(<MyProjects />);

    expect(await screen.findByText('Newer Canopy')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByText('Older Canopy')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.map((request) => request.url)).toContain('/api/projects/mine?cursor=page-2');
  });

  it("shows each project's status, verifier, reports with their status and batches, and its documents", async () => {
    serve([
      aProject({
        status: 'registered',
        verifier: { id: aVerifierId, name: 'Vera Verifier', organisation: 'Audit Partners' },
        documents: [
          {
            sha256: aSha256,
            kind: 'project_design_document',
            name: 'pdd.pdf',
            size: 2048,
            mediaType: 'application/pdf',
            citedBy: 'ProjectDrafted',
            reportId: null,
            citedAt: '2026-11-22T09:00:00.000Z',
          },
        ],
        reports: [
          aReport({
            status: 'approved',
            verified: [{ vintage: 2026, quantity: 100 }],
            reasons: 'Meter gap in March',
            batches: [{ vintage: 2026, batchId: 'SOLAR-2026-7F3A9C21', quantity: 100, bufferBatchId: null, bufferQuantity: 0, issued: true }],
          }),
        ],
      }),
    ]);
    renderWithProviders(<MyProjects />);

    const card = await screen.findByTestId('project-card');
    expect(within(card).getByTestId('project-status')).toHaveTextContent('Registered');
    expect(within(card).getByTestId('project-verifier')).toHaveTextContent('Vera Verifier (Audit Partners)');
    expect(within(card).getByTestId('report-status')).toHaveTextContent('Approved for issuance');
    expect(within(card).getByTestId('report-reasons')).toHaveTextContent('Meter gap in March');
    expect(within(card).getByTestId('report-batch')).toHaveTextContent('SOLAR-2026-7F3A9C21100 credits, vintage 2026Issued');
    expect(within(card).getByTestId('project-document-link')).toHaveAttribute('href', `/api/registry/documents/${aSha256}`);
    // Registered: no verifier to assign any more.
    expect(within(card).queryByTestId('assign-verifier-form')).not.toBeInTheDocument();
  });

  it('says so when the proponent has no project, and shows a failed load', async () => {
    serve([]);
    const first = renderWithProviders(<MyProjects />);
    expect(await screen.findByTestId('my-projects-empty')).toHaveTextContent('You have no projects yet');
    first.unmount();

    mockFetch(() => jsonResponse({ error: 'ServiceUnavailable', message: 'The registry is catching up' }, 503));
    renderWithProviders(<MyProjects />);
    expect(await screen.findByTestId('my-projects-error')).toHaveTextContent('The registry is catching up');
  });

  it('offers only verifiers accredited for the project type and asks the chosen one for validation', async () => {
    const requests = serve([aProject()], () => jsonResponse({ projectId: 'PRJ-1', status: 'under_validation', position: '2:2' }));
    renderWithProviders(<MyProjects />);

    fireEvent.click(await screen.findByTestId('assign-verifier-select'));
    expect(screen.queryByRole('option', { name: /Wendy Wood/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('option', { name: 'Vera Verifier (Audit Partners)' }));
    fireEvent.click(screen.getByTestId('assign-verifier-submit'));

    await expectToast('Validation Requested', 'Vera Verifier is asked to validate PRJ-1');
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url).toBe('/api/projects/PRJ-1/validation');
    expect(post?.body).toEqual({ verifierId: aVerifierId });
    expect(post?.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it("shows the server's conflict-of-interest refusal (403)", async () => {
    serve([aProject()], () =>
      jsonResponse({ error: 'Forbidden', message: 'A verifier of Sunfield Energy cannot validate or verify a project of its own organisation' }, 403),
    );
    renderWithProviders(<MyProjects />);
    await screen.findByTestId('assign-verifier-select');

    choose('assign-verifier-select', 'Vera Verifier (Audit Partners)');
    fireEvent.click(screen.getByTestId('assign-verifier-submit'));

    await expectToast('Validation Not Requested', 'A verifier of Sunfield Energy cannot validate or verify a project of its own organisation');
  });

  it('drafts a project with the contract messages first, then an uploaded document cited by its hash', async () => {
    const requests = serve([], (request) =>
      request.url === '/api/documents'
        ? jsonResponse({ sha256: aSha256, size: 8, mediaType: 'application/pdf', created: true }, 201)
        : jsonResponse({ projectId: 'PRJ-9', status: 'draft', position: '3:3' }, 201),
    );
    renderWithProviders(<MyProjects />);
    fireEvent.click(await screen.findByTestId('open-draft-project'));

    fireEvent.click(await screen.findByTestId('draft-submit'));
    expect(await screen.findByText('Project id is required')).toBeInTheDocument();
    expect(screen.getByText('Host country must be an ISO 3166-1 alpha-2 code')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    typeInto('draft-project-id', 'PRJ-9');
    typeInto('draft-project-name', 'Mesa Wind');
    choose('draft-host-country', 'Spain (ES)');
    typeInto('draft-period-start', '2026-01-01');
    typeInto('draft-period-end', '2025-12-31');
    fireEvent.click(screen.getByTestId('draft-submit'));
    expect(await screen.findByText('Crediting period must end on or after its start')).toBeInTheDocument();

    typeInto('draft-period-end', '2035-12-31');
    const pdf = new File(['%PDF-1.7'], 'design.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('draft-documents-file'), { target: { files: [pdf] } });
    expect(await screen.findByTestId('draft-documents-item')).toHaveTextContent('design.pdf');
    const upload = requests.find((request) => request.url === '/api/documents');
    expect(upload?.method).toBe('POST');
    expect(upload?.headers.get('content-type')).toBe('application/pdf');

    fireEvent.click(screen.getByTestId('draft-submit'));
    await expectToast('Project Drafted', 'PRJ-9 is a draft; assign a verifier to ask for its validation');
    expect(requests.find((request) => request.url === '/api/projects')?.body).toEqual({
      projectId: 'PRJ-9',
      name: 'Mesa Wind',
      projectType: 'Solar Energy',
      hostCountry: 'ES',
      standard: 'Gold Standard',
      location: '',
      creditingPeriod: { start: '2026-01-01', end: '2035-12-31' },
      expectedAnnualQuantity: 0,
      description: '',
      documents: [{ sha256: aSha256, kind: 'project_design_document', name: 'design.pdf' }],
    });
  });

  it('refuses a document of a type the registry does not store, before uploading it', async () => {
    const requests = serve([]);
    renderWithProviders(<MyProjects />);
    fireEvent.click(await screen.findByTestId('open-draft-project'));

    const zip = new File(['PK'], 'bundle.zip', { type: 'application/zip' });
    fireEvent.change(await screen.findByTestId('draft-documents-file'), { target: { files: [zip] } });

    expect(await screen.findByTestId('draft-documents-error')).toHaveTextContent('bundle.zip: only PDF, PNG, JPEG, text, CSV or JSON documents are accepted');
    expect(requests.some((request) => request.url === '/api/documents')).toBe(false);
  });

  it("files a monitoring report and shows the server's refusal of an overlapping period (409)", async () => {
    const requests = serve([aProject({ status: 'under_validation', reports: [aReport()] })], () =>
      jsonResponse({ error: 'Conflict', message: 'The monitoring period overlaps report a3d1c6e2 (2026-01-01 to 2026-12-31)' }, 409),
    );
    renderWithProviders(<MyProjects />);
    fireEvent.click(await screen.findByTestId('open-file-report'));

    typeInto('report-period-start', '2026-06-01');
    typeInto('report-period-end', '2026-12-31');
    fireEvent.click(screen.getByTestId('report-submit'));
    expect(await screen.findByTestId('report-claimed-error')).toHaveTextContent('Claim at least 1 credit');

    typeInto('report-quantity-0', '80');
    fireEvent.click(screen.getByTestId('report-submit'));

    await expectToast('Report Not Filed', 'The monitoring period overlaps report a3d1c6e2 (2026-01-01 to 2026-12-31)');
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url).toBe('/api/projects/PRJ-1/reports');
    expect(post?.body).toEqual({
      period: { start: '2026-06-01', end: '2026-12-31' },
      claimed: [{ vintage: new Date().getFullYear(), quantity: 80 }],
      documents: [],
    });
    await waitFor(() => expect(screen.getByTestId('file-report-form')).toBeInTheDocument());
  });
});
