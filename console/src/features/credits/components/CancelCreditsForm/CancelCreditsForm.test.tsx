import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, type FetchHandler } from '../../../../test/fetch-mock';
import { field, typeInto } from '../../../../test/form-fields';
import { renderWithProviders } from '../../../../test/render';
import { expectToast } from '../../../../test/toasts';
import { aHolding, aHoldingsPage, aTokenId } from '../../credits-fixtures';
import { CancelCreditsForm } from './CancelCreditsForm';

function serve(cancel: FetchHandler) {
  return mockFetch((request) => {
    if (request.url.startsWith('/api/credits/holdings?')) return jsonResponse(aHoldingsPage(request.url, [aHolding()]));
    if (request.url === '/api/cancel') return cancel(request);
    return jsonResponse({ error: 'NotFound', message: 'not found' }, 404);
  });
}

const cancelled = {
  cancellationId: '0f1e2d3c-4b5a-4968-8776-655443322110',
  quantity: 3,
  serialRanges: [`NXCC-${aTokenId}-000001 to NXCC-${aTokenId}-000003`],
  position: '9:9',
};

describe('CancelCreditsForm', () => {
  it('is folded away until asked for; a holder cancels their own credits voluntarily, the only reason offered', async () => {
    const requests = serve(() => jsonResponse(cancelled, 201));
    renderWithProviders(<CancelCreditsForm />);
    fireEvent.click(screen.getByTestId('cancel-credits-toggle'));
    await waitFor(() => expect(field('cancel-token-id')).toBeEnabled());
    fireEvent.click(field('cancel-token-id'));
    fireEvent.click(screen.getByRole('option', { name: `${aTokenId} (100 available)` }));
    fireEvent.click(field('cancel-reason'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Voluntary cancellation (no claim)']);
    fireEvent.click(screen.getByRole('option', { name: 'Voluntary cancellation (no claim)' }));
    typeInto('cancel-amount', '3');
    fireEvent.click(screen.getByTestId('cancel-submit'));

    await expectToast('Credits Cancelled', 'Cancelled 3 credits: out of circulation, not retired');
    expect(requests.find((request) => request.url === '/api/cancel')).toMatchObject({
      method: 'POST',
      body: { tokenId: aTokenId, amount: 3, reason: 'voluntary', note: '' },
    });
  });

  it("the registry names the account and gives a registry reason (never a reversal); the server's refusal is shown", async () => {
    const requests = serve(() =>
      jsonResponse({ error: 'Conflict', message: `Insufficient credits: the account holds 2 tradable ${aTokenId} credits, 3 needed` }, 409),
    );
    renderWithProviders(<CancelCreditsForm asRegistry />);
    fireEvent.click(screen.getByTestId('cancel-credits-toggle'));
    typeInto('cancel-token-id', aTokenId);
    typeInto('cancel-account', 'holder-1');
    typeInto('cancel-amount', '3');
    fireEvent.click(field('cancel-reason'));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Voluntary cancellation (no claim)',
      'Article 6.4 share of proceeds',
      'Article 6.4 OMGE',
      'Correction',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'Article 6.4 OMGE' }));
    fireEvent.click(screen.getByTestId('cancel-submit'));

    await expectToast('Cancellation Failed', `Insufficient credits: the account holds 2 tradable ${aTokenId} credits, 3 needed`);
    expect(requests.find((request) => request.url === '/api/cancel')).toMatchObject({
      body: { tokenId: aTokenId, accountId: 'holder-1', amount: 3, reason: 'omge' },
    });
  });
});
