import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { aProvenance, aProvenanceEntry, aTokenId } from '../../credits-fixtures';
import { ProvenanceLookup } from './ProvenanceLookup';
import { expectToast, findToast } from '../../../../test/toasts';

function search(tokenId: string): void {
  fireEvent.change(screen.getByTestId('provenance-token-id'), { target: { value: tokenId } });
  fireEvent.click(screen.getByTestId('provenance-search'));
}

/** The batch's chain in two pages: the fixture's two entries, then a transfer behind the first page's cursor. */
function serveTwoPages() {
  const later = aProvenanceEntry({
    kind: 'transfer',
    description: '10 credits moved to user-2',
    position: '41:41',
    eventId: 'b6f1c0de-0000-4000-8000-000000000003',
  });
  return mockFetch(({ url }) =>
    url === `/api/provenance/${aTokenId}?cursor=page-2` ? jsonResponse(aProvenance({ entries: [later] })) : jsonResponse(aProvenance({ nextCursor: 'page-2' })),
  );
}

describe('ProvenanceLookup', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a token id and sends nothing without one', async () => {
    const requests = mockFetch(() => jsonResponse(aProvenance()));
    renderWithProviders(<ProvenanceLookup />);

    search('   ');

    await expectToast('Validation Error', 'Please enter a token ID');
    expect(requests).toHaveLength(0);
    expect(screen.queryByTestId('provenance-result')).not.toBeInTheDocument();
  });

  it('looks a serial number up as a serial: its batch, where it is now, for whom it was retired, each step with its seal', async () => {
    const serial = `NXCC-${aTokenId}-000003`;
    const batch = aProvenance();
    const requests = mockFetch(() =>
      jsonResponse({
        serial,
        tokenId: aTokenId,
        batch: batch.batch,
        current: { status: 'retired', accountId: 'user-1', beneficiary: 'UNDP Country Office' },
        entries: [
          aProvenanceEntry({
            quantity: 1,
            serialRanges: [serial],
            seal: { sealId: 'seal-2', merkleRoot: 'cd'.repeat(32), sealedAt: '2026-11-22T12:00:00.000Z', anchorTxHash: null },
          }),
          aProvenanceEntry({
            kind: 'retirement',
            description: '5 credits retired by user-1 on behalf of UNDP Country Office',
            quantity: 1,
            fromAccountId: 'user-1',
            toAccountId: null,
            serialRanges: [serial],
            position: '40:40',
            eventId: 'b6f1c0de-0000-4000-8000-000000000002',
          }),
        ],
      }),
    );
    renderWithProviders(<ProvenanceLookup />);

    search(serial.toLowerCase());

    await expectToast('Provenance Found', `${serial}: 2 events in its chain of custody`);
    expect(requests[0]?.url).toBe(`/api/provenance/serials/${serial}`);
    expect(screen.getByTestId('provenance-project').textContent).toBe('Sunfield Solar');
    expect(screen.getByTestId('provenance-serial-status').textContent).toBe('Retired');
    expect(screen.getByTestId('provenance-serial-beneficiary').textContent).toBe('UNDP Country Office');
    expect(screen.getAllByTestId('provenance-entry-kind').map((badge) => badge.textContent)).toEqual(['Issuance', 'Retirement']);
    expect(screen.getAllByTestId('provenance-entry-seal').map((badge) => badge.textContent)).toEqual(['Sealed in seal 2', 'Not sealed yet']);
    expect(screen.getByText(/at log position 40:40/)).toBeInTheDocument();
    expect(screen.queryByTestId('provenance-summary')).not.toBeInTheDocument();
  });

  it('shows the batch, the summary and the timeline of a token, and Provenance Found', async () => {
    const requests = mockFetch(() => jsonResponse(aProvenance()));
    renderWithProviders(<ProvenanceLookup />);

    search(` ${aTokenId.toLowerCase()} `);

    await findToast('Provenance Found');
    const [request] = requests;
    expect(request?.url).toBe(`/api/provenance/${aTokenId}`);
    expect(request?.method).toBe('GET');
    expect(request?.credentials).toBe('include');

    expect(screen.getByTestId('provenance-project').textContent).toBe('Sunfield Solar');
    expect(screen.getByTestId('provenance-vintage').textContent).toBe('2026');
    expect(screen.getByTestId('provenance-serials').textContent).toBe(`NXCC-${aTokenId}-000001 to NXCC-${aTokenId}-000120`);
    expect(screen.getByTestId('provenance-nft').textContent).toBe('Not minted on XRPL');
    expect(screen.getByText('Gold Standard')).toBeInTheDocument();
    expect(screen.getByText('AMS-I.D.')).toBeInTheDocument();
    expect(
      ['provenance-issued', 'provenance-tradable', 'provenance-reserved', 'provenance-retired'].map((testId) => screen.getByTestId(testId).textContent),
    ).toEqual(['120', '105', '10', '5']);

    const entries = screen.getAllByTestId('provenance-entry');
    expect(entries).toHaveLength(2);
    expect(screen.getAllByTestId('provenance-entry-kind').map((badge) => badge.textContent)).toEqual(['Issuance', 'Retirement']);
    expect(screen.getAllByTestId('provenance-entry-seal').map((badge) => badge.textContent)).toEqual(['Sealed in seal 7', 'Not sealed yet']);
    const [, retirement] = entries;
    if (!retirement) throw new Error('no retirement entry');
    expect(within(retirement).getByText('5 credits retired by user-1 on behalf of Acme Corp (FY2026 travel)')).toBeInTheDocument();
    expect(within(retirement).getByText(/5 credits$/)).toBeInTheDocument();
    expect(within(retirement).getByText(`NXCC-${aTokenId}-000001 to NXCC-${aTokenId}-000005`)).toBeInTheDocument();
    const hash = within(retirement).getByTestId('provenance-entry-hash');
    expect(hash.textContent).toBe('1b1b1b1b1b…1b1b1b');
    expect(hash).toHaveAttribute('title', '1b'.repeat(32));
    // No network known: the XRPL hash is text, not a link that might name the wrong explorer.
    expect(within(retirement).getByText('AB'.repeat(32)).closest('a')).not.toBeInTheDocument();
  });

  it('appends the later entries on Load more, past the first page, and offers no more after the last', async () => {
    const first = aProvenance();
    const requests = serveTwoPages();
    renderWithProviders(<ProvenanceLookup />);

    search(aTokenId);

    expect(await screen.findAllByTestId('provenance-entry')).toHaveLength(first.entries.length);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(screen.getAllByTestId('provenance-entry')).toHaveLength(3));
    expect(screen.getAllByTestId('provenance-entry-kind').map((badge) => badge.textContent)).toEqual(['Issuance', 'Retirement', 'Transfer']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.map((request) => request.url)).toEqual([`/api/provenance/${aTokenId}`, `/api/provenance/${aTokenId}?cursor=page-2`]);
  });

  it('starts a new search of the same token from its own first page, not from the pages loaded before', async () => {
    const requests = serveTwoPages();
    renderWithProviders(<ProvenanceLookup />);
    search(aTokenId);
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('provenance-entry')).toHaveLength(3));

    search(aTokenId);

    await waitFor(() => expect(requests).toHaveLength(3));
    await waitFor(() => expect(screen.getAllByTestId('provenance-entry')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });

  it('shows no Load more when the first page holds the whole chain', async () => {
    mockFetch(() => jsonResponse(aProvenance()));
    renderWithProviders(<ProvenanceLookup />);

    search(aTokenId);

    expect(await screen.findAllByTestId('provenance-entry')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('links XRPL transactions to the explorer of a known network', async () => {
    mockFetch(() => jsonResponse(aProvenance()));
    renderWithProviders(<ProvenanceLookup network="testnet" />);

    search(aTokenId);

    await findToast('Provenance Found');
    const link = screen.getByText('AB'.repeat(32)).closest('a');
    expect(link).toHaveAttribute('href', `https://testnet.xrpl.org/transactions/${'AB'.repeat(32)}`);
  });

  it('shows the button loading while it searches', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderWithProviders(<ProvenanceLookup />);

    search(aTokenId);

    await waitFor(() => expect(screen.getByTestId('provenance-search').hasAttribute('data-loading')).toBe(true));
    answer(jsonResponse(aProvenance()));
    await findToast('Provenance Found');
    expect(screen.getByTestId('provenance-search').hasAttribute('data-loading')).toBe(false);
  });

  it("shows Search Failed with the server's message for an unknown token", async () => {
    mockFetch(() => jsonResponse({ error: 'NotFound', message: 'No credits found for token WIND-2025-0A1B2C3D' }, 404));
    renderWithProviders(<ProvenanceLookup />);

    search('WIND-2025-0A1B2C3D');

    await expectToast('Search Failed', 'No credits found for token WIND-2025-0A1B2C3D');
    expect(screen.queryByTestId('provenance-result')).not.toBeInTheDocument();
  });

  it('shows Search Failed with the default text when the request fails', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<ProvenanceLookup />);

    search(aTokenId);

    await expectToast('Search Failed', 'Failed to find provenance data');
    expect(screen.queryByTestId('provenance-result')).not.toBeInTheDocument();
  });
});
