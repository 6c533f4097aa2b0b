import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { RegistryCancellations } from './RegistryCancellations';

/** `nextPage`: a second page behind the first page's cursor. */
const serve = (cancellations: unknown[], nextPage?: unknown[]) =>
  mockFetch((request) => {
    if (request.url === '/api/registry/cancellations') return jsonResponse({ cancellations, nextCursor: nextPage ? 'page-2' : null });
    if (nextPage && request.url === '/api/registry/cancellations?cursor=page-2') return jsonResponse({ cancellations: nextPage, nextCursor: null });
    return jsonResponse({ error: 'NotFound', message: 'not found' }, 404);
  });

const aCancellation = (cancellationId: string, projectName: string) => ({
  cancellationId,
  batchId: 'SOLAR-2026-7F3A9C21',
  projectName,
  quantity: 10,
  serials: ['NXCC-SOLAR-2026-7F3A9C21-000001 to NXCC-SOLAR-2026-7F3A9C21-000010'],
  reason: 'voluntary',
  note: '',
  byRegistry: false,
  reversalProjectId: null,
  cancelledAt: '2026-11-30T10:00:00.000Z',
});

describe('RegistryCancellations', () => {
  it('lists each cancellation with its serials, reason, who, and the project a reversal covered', async () => {
    serve([
      {
        cancellationId: 'c-1',
        batchId: 'REFOREST-2026-1A2B3C4D',
        projectName: 'Green Canopy',
        quantity: 30,
        serials: ['NXCC-REFOREST-2026-1A2B3C4D-000001 to NXCC-REFOREST-2026-1A2B3C4D-000030'],
        reason: 'reversal',
        note: 'Wildfire',
        byRegistry: true,
        reversalProjectId: 'PRJ-2',
        cancelledAt: '2026-12-01T10:00:00.000Z',
      },
      aCancellation('c-2', 'Sunfield Solar'),
    ]);
    renderWithProviders(<RegistryCancellations />);
    const rows = await screen.findAllByTestId('registry-cancellation');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Reversal (buffer pool)');
    expect(rows[0]).toHaveTextContent('Covers a reversal of PRJ-2');
    expect(rows[0]).toHaveTextContent('Registry');
    expect(rows[1]).toHaveTextContent('Voluntary cancellation (no claim)');
    expect(rows[1]).toHaveTextContent('Holder');
  });

  it('appends the next page below the first on Load more, and offers no more after the last', async () => {
    const requests = serve([aCancellation('c-1', 'Newer Solar')], [aCancellation('c-2', 'Older Solar')]);
    renderWithProviders(<RegistryCancellations />);

    expect(await screen.findAllByTestId('registry-cancellation')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(screen.getAllByTestId('registry-cancellation')).toHaveLength(2));
    expect(screen.getAllByTestId('registry-cancellation')[1]).toHaveTextContent('Older Solar');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.map((request) => request.url)).toContain('/api/registry/cancellations?cursor=page-2');
  });

  it('shows no Load more when the first page is the last', async () => {
    serve([aCancellation('c-1', 'Newer Solar')]);
    renderWithProviders(<RegistryCancellations />);

    expect(await screen.findAllByTestId('registry-cancellation')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when nothing was cancelled', async () => {
    serve([]);
    renderWithProviders(<RegistryCancellations />);
    expect(await screen.findByTestId('registry-cancellations-empty')).toHaveTextContent('No credits have been cancelled yet');
  });
});
