import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aProject, aRegistryBatch, aReport, aSha256 } from '../../features/projects/projects-fixtures';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { appRoutes } from '../router';

const serial = 'NXCC-REFOREST-2026-1A2B3C4D-000007';

function serve() {
  return mockFetch(({ url }) => {
    if (url === '/api/registry/projects')
      return jsonResponse({
        projects: [
          aProject({
            projectId: 'PRJ-2',
            name: 'Green Canopy',
            projectType: 'Reforestation',
            mitigation: 'removal',
            status: 'registered',
            // As the public registry answers: a party by its organisation, a person without one unnamed.
            proponent: { id: null, name: 'Canopy Trust', organisation: 'Canopy Trust' },
            verifier: { id: null, name: 'Individual (name not published)', organisation: null },
            documents: [
              {
                sha256: aSha256,
                kind: 'validation_report',
                name: 'validation.pdf',
                size: 4096,
                mediaType: 'application/pdf',
                citedBy: 'ProjectValidated',
                reportId: null,
                citedAt: '2026-11-22T09:00:00.000Z',
              },
            ],
            reports: [aReport({ projectId: 'PRJ-2', status: 'approved', verified: [{ vintage: 2026, quantity: 1000 }] })],
            issuedQuantity: 1000,
            bufferQuantity: 150,
          }),
        ],
        nextCursor: null,
      });
    if (url === '/api/registry/batches')
      return jsonResponse({
        batches: [
          aRegistryBatch({
            claims: {
              authorized: true,
              authorizedUse: 'oimp',
              authorizedOn: '2026-03-01',
              letter: { sha256: aSha256, kind: 'letter', name: 'loa.pdf', size: 1200, mediaType: 'application/pdf' },
              adjustment: 'pending',
              reportingPeriod: null,
              labels: ['CCP-approved', 'CORSIA eligible'],
            },
          }),
          aRegistryBatch({
            batchId: 'REFOREST-2026-BUF1',
            quantity: 150,
            buffer: true,
            firstSerial: 'NXCC-REFOREST-2026-BUF1-000001',
            lastSerial: 'NXCC-REFOREST-2026-BUF1-000150',
          }),
        ],
        nextCursor: null,
      });
    if (url === '/api/registry/retirements')
      return jsonResponse({
        retirements: [
          {
            retirementId: '3c9a7e52-8d1b-4f6a-9e2c-5b7d1a0f4e88',
            batchId: 'REFOREST-2026-1A2B3C4D',
            projectName: 'Green Canopy',
            quantity: 5,
            serials: [1, 2, 3, 4, 5].map((n) => `NXCC-REFOREST-2026-1A2B3C4D-00000${n}`),
            beneficiary: 'Acme Corp',
            purpose: '2026 travel emissions',
            retiredAt: '2026-11-24T10:00:00.000Z',
            use: 'corsia',
            claims: { authorized: true, authorizedUse: 'oimp', adjustment: 'pending', reportingPeriod: null, labels: ['CCP-approved', 'CORSIA eligible'] },
          },
        ],
        nextCursor: null,
      });
    if (url === `/api/registry/serials/${serial}`) return jsonResponse({ serial, batch: aRegistryBatch(), status: 'active', retirement: null });
    if (url.startsWith('/api/registry/serials/')) return jsonResponse({ error: 'NotFound', message: 'No such serial' }, 404);
    return jsonResponse({ error: 'Unauthorized', message: 'Sign in first' }, 401);
  });
}

describe('PublicRegistryRoute', () => {
  it('shows the projects with their status and document links to a signed-out visitor, without the shared header', async () => {
    serve();
    renderWithProviders(null, { path: '/registry', routes: appRoutes });

    expect(await screen.findByRole('heading', { level: 1, name: 'Public Registry' })).toBeInTheDocument();
    expect(screen.queryByTestId('app-logo')).not.toBeInTheDocument();
    const card = await screen.findByTestId('project-card');
    expect(within(card).getByTestId('project-status')).toHaveTextContent('Registered');
    expect(within(card).getByText('1,000 credits (150 in the buffer pool)')).toBeInTheDocument();
    expect(within(card).getByText('Canopy Trust')).toBeInTheDocument();
    expect(within(card).queryByText('Canopy Trust (Canopy Trust)')).not.toBeInTheDocument();
    expect(within(card).getByTestId('project-verifier')).toHaveTextContent('Individual (name not published)');
    const link = within(card).getByTestId('project-document-link');
    expect(link).toHaveTextContent('validation.pdf');
    expect(link).toHaveAttribute('href', `/api/registry/documents/${aSha256}`);
  });

  it('lists issuances with their serial ranges and buffer share, and retirements', async () => {
    serve();
    renderWithProviders(null, { path: '/registry', routes: appRoutes });

    fireEvent.click(await screen.findByRole('tab', { name: 'Issuances' }));
    const batches = await screen.findAllByTestId('registry-batch');
    expect(batches).toHaveLength(2);
    expect(within(batches[0]!).getByTestId('registry-batch-serials')).toHaveTextContent(
      'NXCC-REFOREST-2026-1A2B3C4D-000001 to NXCC-REFOREST-2026-1A2B3C4D-000850',
    );
    expect(within(batches[1]!).getByTestId('registry-batch-buffer')).toHaveTextContent('Buffer pool');
    expect(
      within(batches[0]!)
        .getAllByTestId('credit-label')
        .map((label) => label.textContent),
    ).toEqual(['CCP-approved', 'CORSIA eligible']);
    expect(within(batches[0]!).getByTestId('article-six-status')).toHaveTextContent('Authorized for OIMP on 2026-03-01 · Adjustment pending');
    expect(
      within(batches[1]!)
        .getAllByTestId('credit-label')
        .map((label) => label.textContent),
    ).toEqual(['CCP-approved']);
    expect(within(batches[1]!).getByTestId('article-six-status')).toHaveTextContent('Not authorized · Adjustment not applicable');

    fireEvent.click(screen.getByRole('tab', { name: 'Retirements' }));
    const retirement = await screen.findByTestId('registry-retirement');
    expect(retirement).toHaveTextContent('Acme Corp');
    expect(retirement).toHaveTextContent('+2 more');
    expect(within(retirement).getByTestId('registry-retirement-use')).toHaveTextContent('CORSIA');
    expect(
      within(retirement)
        .getAllByTestId('credit-label')
        .map((label) => label.textContent),
    ).toEqual(['CCP-approved', 'CORSIA eligible']);
  });

  it('looks up a serial, and says when the registry never issued one', async () => {
    serve();
    renderWithProviders(null, { path: '/registry', routes: appRoutes });

    fireEvent.change(await screen.findByTestId('serial-lookup-input'), { target: { value: serial } });
    fireEvent.click(screen.getByTestId('serial-lookup-submit'));
    expect(await screen.findByTestId('serial-lookup-status')).toHaveTextContent('Active');
    expect(screen.getByTestId('serial-lookup-result')).toHaveTextContent('Green Canopy (Reforestation), vintage 2026');

    fireEvent.change(screen.getByTestId('serial-lookup-input'), { target: { value: 'NXCC-NOPE-1' } });
    fireEvent.click(screen.getByTestId('serial-lookup-submit'));
    expect(await screen.findByTestId('serial-lookup-none')).toHaveTextContent('The registry never issued NXCC-NOPE-1');
  });

  it('shows an empty registry as such', async () => {
    mockFetch(() => jsonResponse({ projects: [], nextCursor: null }));
    renderWithProviders(null, { path: '/registry', routes: appRoutes });
    expect(await screen.findByTestId('registry-projects-empty')).toHaveTextContent('No project has been submitted to the registry yet.');
  });
});
