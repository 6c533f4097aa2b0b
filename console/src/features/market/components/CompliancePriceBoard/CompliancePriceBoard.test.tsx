import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { REFERENCE_PRICES_NOTICE } from '@carbon-ledger/contracts';
import { AppProviders } from '../../../../app/providers';
import { createQueryClient } from '../../../../shared/api/query-client';
import { CompliancePriceBoard } from './CompliancePriceBoard';

function renderBoard() {
  return render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <CompliancePriceBoard />
    </AppProviders>,
  );
}

describe('CompliancePriceBoard', () => {
  it('shows the sample prices, formatted, with the error text when the fetch fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502, statusText: 'Bad Gateway' })),
    );
    renderBoard();

    expect(await screen.findByText('Unable to fetch live carbon prices: HTTP 502: Bad Gateway')).toBeInTheDocument();
    const cards = screen.getAllByTestId('market-price-card');
    expect(cards).toHaveLength(8);

    const euCard = within(screen.getByRole('article', { name: 'EU ETS price' }));
    expect(euCard.getByText('€75.94')).toBeInTheDocument();
    expect(euCard.getByText('+€1.12')).toBeInTheDocument();
    expect(euCard.getByText('(+1.5%)')).toBeInTheDocument();
    expect(euCard.getByText('EUR')).toBeInTheDocument();
    expect(screen.getByText('₩27,500')).toBeInTheDocument();
    expect(screen.getByText('¥98')).toBeInTheDocument();
    expect(screen.getByText('NZ$71.25')).toBeInTheDocument();
    expect(screen.getByText('C$36.52')).toBeInTheDocument();
  });

  it("shows 'Unable to load price data' when the API has no markets", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ markets: [], source: 'live', asOf: '2026-11-22T10:00:00.000Z' })),
    );
    renderBoard();

    expect(await screen.findByText('Unable to load price data')).toBeInTheDocument();
    expect(screen.queryAllByTestId('market-price-card')).toHaveLength(0);
  });

  it('notes that reference prices are not live quotes', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({
          markets: [
            { market: 'UK ETS', flag: '🇬🇧', currency: 'GBP', price: 36.61, change24h: -0.48, changePct: '-1.3%', timestamp: '2026-11-22T10:00:00.000Z' },
          ],
          source: 'reference',
          asOf: '2026-11-22T10:00:00.000Z',
          notice: REFERENCE_PRICES_NOTICE,
        }),
      ),
    );
    renderBoard();

    expect(await screen.findByText(REFERENCE_PRICES_NOTICE)).toBeInTheDocument();
    expect(screen.getByText('£36.61')).toBeInTheDocument();
    expect(screen.getByText('-£0.48')).toBeInTheDocument();
  });
});
