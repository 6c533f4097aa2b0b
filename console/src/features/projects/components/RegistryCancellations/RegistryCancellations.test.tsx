import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { RegistryCancellations } from './RegistryCancellations';

const serve = (cancellations: unknown[]) =>
  mockFetch((request) =>
    request.url === '/api/registry/cancellations' ? jsonResponse({ cancellations }) : jsonResponse({ error: 'NotFound', message: 'not found' }, 404),
  );

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
      {
        cancellationId: 'c-2',
        batchId: 'SOLAR-2026-7F3A9C21',
        projectName: 'Sunfield Solar',
        quantity: 10,
        serials: ['NXCC-SOLAR-2026-7F3A9C21-000001 to NXCC-SOLAR-2026-7F3A9C21-000010'],
        reason: 'voluntary',
        note: '',
        byRegistry: false,
        reversalProjectId: null,
        cancelledAt: '2026-11-30T10:00:00.000Z',
      },
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

  it('says when nothing was cancelled', async () => {
    serve([]);
    renderWithProviders(<RegistryCancellations />);
    expect(await screen.findByTestId('registry-cancellations-empty')).toHaveTextContent('No credits have been cancelled yet');
  });
});
