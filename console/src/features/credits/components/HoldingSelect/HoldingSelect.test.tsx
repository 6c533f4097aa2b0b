import type { HoldingView } from '@carbon-ledger/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { field, typeInto } from '../../../../test/form-fields';
import { renderWithProviders } from '../../../../test/render';
import { aHolding, aHoldingsPage, aTokenId } from '../../credits-fixtures';
import { HoldingSelect } from './HoldingSelect';

const WIND = 'WIND-2025-0A1B2C3D';
const label = (holding: HoldingView): string => `${holding.tokenId} · ${holding.projectName} (${holding.tradable} available)`;

function serve(holdings: HoldingView[]) {
  return mockFetch((request) => {
    if (request.url.startsWith('/api/credits/holdings?')) return jsonResponse(aHoldingsPage(request.url, holdings));
    return jsonResponse({ error: 'NotFound', message: 'not found' }, 404);
  });
}

function Picker() {
  const [value, setValue] = useState<string | null>(null);
  const [held, setHeld] = useState<HoldingView | undefined>(undefined);
  return (
    <>
      <HoldingSelect
        label="Token ID"
        placeholder="Choose credits you hold"
        emptyPlaceholder="You hold no credits to retire"
        data-testid="holding"
        optionLabel={label}
        value={value}
        onChange={setValue}
        onHoldingChange={setHeld}
      />
      <p data-testid="picked">{held ? `${held.tokenId}: ${held.tradable}` : 'none'}</p>
    </>
  );
}

const holdingPaths = (requests: { url: string }[]): string[] => requests.map((request) => request.url).filter((url) => url.startsWith('/api/credits/holdings'));

describe('HoldingSelect', () => {
  it('asks the server for a page of the batches with credits free to use, and offers only those', async () => {
    const requests = serve([aHolding(), aHolding({ tokenId: WIND, projectName: 'Gale Wind', tradable: 0, reserved: 10 })]);
    renderWithProviders(<Picker />);
    await waitFor(() => expect(field('holding')).toBeEnabled());
    expect(holdingPaths(requests)[0]).toBe('/api/credits/holdings?only=tradable&limit=50');
    fireEvent.click(field('holding'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([`${aTokenId} · Sunfield Solar (100 available)`]);
    fireEvent.click(screen.getByRole('option', { name: `${aTokenId} · Sunfield Solar (100 available)` }));
    expect(screen.getByTestId('picked')).toHaveTextContent(`${aTokenId}: 100`);
  });

  it('is disabled, saying so, when the account holds nothing free to use', async () => {
    serve([aHolding({ tradable: 0, reserved: 5 })]);
    renderWithProviders(<Picker />);
    await waitFor(() => expect(field('holding').placeholder).toBe('You hold no credits to retire'));
    expect(field('holding')).toBeDisabled();
  });

  it('searches the server with what is typed, and keeps the pick while the search changes', async () => {
    const requests = serve([aHolding(), aHolding({ tokenId: WIND, projectName: 'Gale Wind', tradable: 7 })]);
    renderWithProviders(<Picker />);
    await waitFor(() => expect(field('holding')).toBeEnabled());
    fireEvent.click(field('holding'));
    // Typed, not written by autofill: the input has the focus.
    field('holding').focus();
    typeInto('holding', 'gale');
    await waitFor(() => expect(holdingPaths(requests)).toContain('/api/credits/holdings?only=tradable&limit=50&search=gale'));
    await waitFor(() => expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([`${WIND} · Gale Wind (7 available)`]));
    fireEvent.click(screen.getByRole('option', { name: `${WIND} · Gale Wind (7 available)` }));
    expect(screen.getByTestId('picked')).toHaveTextContent(`${WIND}: 7`);
    expect(field('holding').value).toBe(`${WIND} · Gale Wind (7 available)`);

    field('holding').focus();
    typeInto('holding', 'nothing like it');
    await waitFor(() => expect(holdingPaths(requests)).toContain('/api/credits/holdings?only=tradable&limit=50&search=nothing+like+it'));
    await waitFor(() => expect(screen.getByRole('option', { name: `${WIND} · Gale Wind (7 available)` })).toBeInTheDocument());
  });
});
