import type { AmlAlertView } from '@carbon-ledger/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { anAmlAlert } from '../../aml-fixtures';
import { AmlAlertFeed } from './AmlAlertFeed';

const at = (minute: number): string => `2026-11-22T10:${String(minute).padStart(2, '0')}:00.000Z`;
/** Ten alerts a page, newest first: the first page 10:49 to 10:40, the second 10:39 to 10:30. */
const page = (newest: number): AmlAlertView[] => Array.from({ length: 10 }, (_, index) => anAmlAlert({ timestamp: at(newest - index) }));
const firstPage = page(49);
const secondPage = page(39);

function serve() {
  return mockFetch(({ url }) => {
    if (url === '/api/aml/alerts?limit=10') return jsonResponse({ alerts: firstPage, totalAlerts: 20, nextCursor: 'page-2' });
    if (url === '/api/aml/alerts?limit=10&cursor=page-2') return jsonResponse({ alerts: secondPage, totalAlerts: 20, nextCursor: null });
    return jsonResponse({ error: 'NotFound', message: 'not found' }, 404);
  });
}

const shownTimes = (): string[] => screen.getAllByTestId('aml-alert').map((card) => card.dataset.timestamp ?? '');

describe('AmlAlertFeed', () => {
  it('keeps a live alert on top and appends the older page below on Load more, each alert once', async () => {
    const requests = serve();
    const live = anAmlAlert({ priority: 'critical', timestamp: at(55) });
    renderWithProviders(<AmlAlertFeed liveAlerts={[live, firstPage[0]!]} />);

    // The first page with a live alert is the feed's 10 newest, as before paging.
    await waitFor(() => expect(screen.getAllByTestId('aml-alert')).toHaveLength(10));
    expect(screen.getAllByTestId('aml-alert-priority')[0]).toHaveTextContent('critical');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(screen.getAllByTestId('aml-alert')).toHaveLength(21));
    expect(shownTimes()).toEqual([live, ...firstPage, ...secondPage].map((alert) => alert.timestamp));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.map((request) => request.url)).toContain('/api/aml/alerts?limit=10&cursor=page-2');
  });

  it('shows no Load more when the first page is the last', async () => {
    mockFetch(() => jsonResponse({ alerts: [anAmlAlert()], totalAlerts: 1, nextCursor: null }));
    renderWithProviders(<AmlAlertFeed liveAlerts={[]} />);

    expect(await screen.findAllByTestId('aml-alert')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
