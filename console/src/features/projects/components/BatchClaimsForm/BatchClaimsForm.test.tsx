import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, type FetchHandler } from '../../../../test/fetch-mock';
import { choose, typeInto } from '../../../../test/form-fields';
import { renderWithProviders } from '../../../../test/render';
import { expectToast } from '../../../../test/toasts';
import { aRegistryBatch, aSha256 } from '../../projects-fixtures';
import { BatchClaimsForm } from './BatchClaimsForm';

const batchId = 'REFOREST-2026-1A2B3C4D';
const recorded = (labels: string[], adjustment = 'not_applicable') => ({
  batchId,
  claims: { authorized: true, authorizedUse: 'oimp', authorizedOn: '2026-03-01', letter: null, adjustment, reportingPeriod: null, labels },
  position: '9:9',
});

function serve(post: FetchHandler) {
  return mockFetch((request) => {
    if (request.url === '/api/documents') return jsonResponse({ sha256: aSha256, size: 8, mediaType: 'application/pdf', created: true }, 201);
    if (request.method === 'POST') return post(request);
    if (request.url === '/api/registry/batches')
      return jsonResponse({ batches: [aRegistryBatch(), aRegistryBatch({ batchId: 'REFOREST-2026-BUF1', buffer: true })], nextCursor: null });
    return jsonResponse({ error: 'NotFound', message: 'not found' }, 404);
  });
}

describe('BatchClaimsForm', () => {
  it("records a batch's authorization with its letter, then its adjustment, and shows the batch's current state", async () => {
    const requests = serve((request) =>
      jsonResponse(recorded(request.url.endsWith('/adjustment') ? ['CCP-approved', 'CORSIA eligible'] : ['CCP-approved'], 'pending')),
    );
    renderWithProviders(<BatchClaimsForm />);

    await waitFor(() => expect(screen.getByTestId('claims-batch')).toBeEnabled());
    fireEvent.click(screen.getByTestId('claims-batch'));
    expect(screen.queryByRole('option', { name: /BUF1/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('option', { name: `${batchId} · Green Canopy (2026)` }));
    expect(screen.getByTestId('claims-current')).toHaveTextContent('Not authorized · Adjustment not applicable');

    fireEvent.click(screen.getByTestId('claims-authorize'));
    expect(await screen.findByTestId('claims-error')).toHaveTextContent('Upload the letter of authorization');

    choose('claims-use', 'Other international mitigation purposes (OIMP)');
    typeInto('claims-authorized-on', '2026-03-01');
    fireEvent.change(screen.getByTestId('claims-letter-file'), { target: { files: [new File(['%PDF-1.7'], 'loa.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByTestId('claims-letter-item')).toHaveTextContent('loa.pdf');
    fireEvent.click(screen.getByTestId('claims-authorize'));
    await expectToast('Authorization Recorded', `${batchId}: CCP-approved`);
    expect(requests.find((request) => request.url.endsWith('/authorization'))).toMatchObject({
      url: `/api/registry/batches/${batchId}/authorization`,
      body: { authorized: true, use: 'oimp', authorizedOn: '2026-03-01', letter: { sha256: aSha256, kind: 'letter', name: 'loa.pdf' } },
    });

    fireEvent.click(screen.getByTestId('claims-adjust'));
    await expectToast('Adjustment Recorded', `${batchId}: CCP-approved, CORSIA eligible`);
    expect(requests.find((request) => request.url.endsWith('/adjustment'))?.body).toEqual({ status: 'pending', reportingPeriod: null });
  });

  it("shows the registry's refusal naming the rule", async () => {
    serve(() =>
      jsonResponse({ error: 'Conflict', message: `Batch ${batchId} is not authorized; a corresponding adjustment applies to authorized units only` }, 409),
    );
    renderWithProviders(<BatchClaimsForm />);

    await waitFor(() => expect(screen.getByTestId('claims-batch')).toBeEnabled());
    choose('claims-batch', `${batchId} · Green Canopy (2026)`);
    choose('claims-adjustment', 'Applied');
    typeInto('claims-reporting-period', '2026');
    fireEvent.click(screen.getByTestId('claims-adjust'));

    await expectToast('Adjustment Refused', `Batch ${batchId} is not authorized; a corresponding adjustment applies to authorized units only`);
  });
});
