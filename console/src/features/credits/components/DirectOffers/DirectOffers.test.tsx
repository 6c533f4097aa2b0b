import type { DirectTradeOfferView } from '@carbon-ledger/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { DirectOffers } from './DirectOffers';

const offer = (overrides: Partial<DirectTradeOfferView>): DirectTradeOfferView => ({
  offerId: '11111111-1111-4111-8111-111111111111',
  direction: 'incoming',
  tokenId: 'SOLAR-2026-AAAAAAAA',
  projectType: 'Solar Energy',
  vintage: 2026,
  sellerAccountId: 'seller-1',
  buyerAccountId: 'buyer-1',
  quantity: 5,
  price: '10.00',
  status: 'open',
  tradeId: null,
  offeredAt: '2026-11-28T10:00:00.000Z',
  expiresAt: '2026-11-29T10:00:00.000Z',
  closedAt: null,
  ...overrides,
});

const incoming = offer({});
const outgoing = offer({ offerId: '22222222-2222-4222-8222-222222222222', direction: 'outgoing' });
const accepted = offer({ offerId: '33333333-3333-4333-8333-333333333333', status: 'accepted', tradeId: '44444444-4444-4444-8444-444444444444' });

const rowOf = (offerId: string): HTMLElement => {
  const row = screen.getAllByTestId('direct-offer-row').find((element) => element.dataset.offerId === offerId);
  if (!row) throw new Error(`no row for ${offerId}`);
  return row;
};

describe('DirectOffers', () => {
  it('lists incoming offers with Accept and Decline, outgoing with Cancel, closed ones with their status only', async () => {
    mockFetch(() => jsonResponse({ offers: [incoming, outgoing, accepted], nextCursor: null }));
    renderWithProviders(<DirectOffers />);

    await screen.findAllByTestId('direct-offer-row');
    expect(within(rowOf(incoming.offerId)).getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(rowOf(incoming.offerId)).getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(within(rowOf(outgoing.offerId)).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(rowOf(outgoing.offerId)).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    expect(within(rowOf(accepted.offerId)).queryAllByRole('button')).toHaveLength(0);
    expect(within(rowOf(accepted.offerId)).getByTestId('direct-offer-status').textContent).toBe('accepted');
  });

  it("says '1 credit' for one credit and '2 credits' for two, the token id and account whole in their titles", async () => {
    mockFetch(() =>
      jsonResponse({ offers: [offer({ quantity: 1 }), offer({ offerId: '22222222-2222-4222-8222-222222222222', quantity: 2 })], nextCursor: null }),
    );
    renderWithProviders(<DirectOffers />);

    await screen.findAllByTestId('direct-offer-row');
    expect(rowOf(incoming.offerId)).toHaveTextContent(/^From seller-11 credit of SOLAR-2026-AAAAAAAA @ \$10\.00/);
    expect(rowOf('22222222-2222-4222-8222-222222222222')).toHaveTextContent(/2 credits of SOLAR-2026-AAAAAAAA/);
    expect(within(rowOf(incoming.offerId)).getByTitle('SOLAR-2026-AAAAAAAA')).toHaveStyle({ overflowWrap: 'anywhere' });
    expect(within(rowOf(incoming.offerId)).getByTitle('seller-1')).toBeInTheDocument();
  });

  it('accepts with a POST to the offer and shows the refusal when the buyer is short of funds', async () => {
    const requests = mockFetch((request) =>
      request.method === 'POST'
        ? jsonResponse({ error: 'Conflict', message: 'Insufficient funds: 0.00 USD available, 50.25 needed' }, 409)
        : jsonResponse({ offers: [incoming], nextCursor: null }),
    );
    renderWithProviders(<DirectOffers />);

    fireEvent.click(await screen.findByRole('button', { name: 'Accept' }));
    expect(await screen.findByTestId('direct-offer-error')).toHaveTextContent('Insufficient funds');
    await waitFor(() =>
      expect(requests.some((request) => request.method === 'POST' && request.url === `/api/trade/offers/${incoming.offerId}/accept`)).toBe(true),
    );
  });

  it('appends older offers on Load more, and offers no more after the last page', async () => {
    const requests = mockFetch(({ url }) =>
      url === '/api/trade/offers?cursor=page-2'
        ? jsonResponse({ offers: [accepted], nextCursor: null })
        : jsonResponse({ offers: [incoming, outgoing], nextCursor: 'page-2' }),
    );
    renderWithProviders(<DirectOffers />);

    expect(await screen.findAllByTestId('direct-offer-row')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(screen.getAllByTestId('direct-offer-row')).toHaveLength(3));
    expect(within(rowOf(accepted.offerId)).getByTestId('direct-offer-status')).toHaveTextContent('accepted');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.map((request) => request.url)).toContain('/api/trade/offers?cursor=page-2');
  });

  it('says so when there are no offers', async () => {
    mockFetch(() => jsonResponse({ offers: [], nextCursor: null }));
    renderWithProviders(<DirectOffers />);
    expect(await screen.findByTestId('direct-offers-empty')).toBeInTheDocument();
  });
});
