import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, type FetchHandler } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { aHolding, aHoldingsPage, aRetirementId, aTokenId } from '../../credits-fixtures';
import { RetireCreditsForm } from './RetireCreditsForm';
import { expectToast } from '../../../../test/toasts';
import { field, typeInto } from '../../../../test/form-fields';

function serve(retire: FetchHandler, holdings = [aHolding(), aHolding({ tokenId: 'WIND-2025-0A1B2C3D', projectName: 'Gale Wind', tradable: 0 })]) {
  return mockFetch((request) => {
    if (request.url.startsWith('/api/credits/holdings?')) return jsonResponse(aHoldingsPage(request.url, holdings));
    if (request.url === '/api/retire') return retire(request);
    return jsonResponse({ error: 'NotFound', message: 'not found' }, 404);
  });
}

async function chooseToken(): Promise<void> {
  await waitFor(() => expect(field('retire-token-id')).toBeEnabled());
  fireEvent.click(field('retire-token-id'));
  fireEvent.click(screen.getByRole('option', { name: `${aTokenId} · Sunfield Solar (100 available)` }));
}

const retired = {
  retirementId: aRetirementId,
  quantity: 5,
  serialRanges: [`NXCC-${aTokenId}-000001 to NXCC-${aTokenId}-000005`],
  certificateUrl: `/retirements/${aRetirementId}`,
  position: '40:40',
};

/** Asks to retire 5 credits of the holding for Acme Corp. */
async function retireFiveForAcme(): Promise<void> {
  await chooseToken();
  typeInto('retire-amount', '5');
  typeInto('retire-beneficiary', 'Acme Corp');
  fireEvent.click(screen.getByTestId('retire-submit'));
}

describe('RetireCreditsForm', () => {
  it('offers only the holdings free to retire and defaults to Gold Standard, compensation', async () => {
    serve(() => jsonResponse(retired));
    renderWithProviders(<RetireCreditsForm />);

    await chooseToken();
    expect(screen.queryByRole('option', { name: /WIND-2025/ })).not.toBeInTheDocument();
    expect(field('retire-standard').value).toBe('Gold Standard');
    expect(field('retire-offset-type').value).toBe('compensation');
    expect(field('retire-use').value).toBe('Voluntary');
  });

  it('sends the use chosen, and shows the refusal naming what the batch lacks', async () => {
    const requests = serve(() => jsonResponse({ error: 'Conflict', message: `Batch ${aTokenId} is not authorized for use toward an NDC` }, 409));
    renderWithProviders(<RetireCreditsForm />);

    await chooseToken();
    fireEvent.click(field('retire-use'));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Voluntary',
      'CORSIA',
      'NDC',
      'Other international mitigation purposes',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'NDC' }));
    typeInto('retire-amount', '5');
    typeInto('retire-beneficiary', 'Acme Corp');
    fireEvent.click(screen.getByTestId('retire-submit'));

    await expectToast('Retirement Failed', `Batch ${aTokenId} is not authorized for use toward an NDC`);
    expect(requests.find((request) => request.url === '/api/retire')?.body).toMatchObject({ use: 'ndc' });
  });

  it('names the labels of a holding that has them', async () => {
    serve(() => jsonResponse(retired), [aHolding({ tokenId: 'REFOREST-2026-0A1B2C3D', projectName: 'Canopy', labels: ['CCP-approved', 'CORSIA eligible'] })]);
    renderWithProviders(<RetireCreditsForm />);

    await waitFor(() => expect(field('retire-token-id')).toBeEnabled());
    fireEvent.click(field('retire-token-id'));
    expect(screen.getByRole('option', { name: 'REFOREST-2026-0A1B2C3D · Canopy (100 available) · CCP-approved, CORSIA eligible' })).toBeInTheDocument();
  });

  it('disables the token choice when the caller holds nothing', async () => {
    serve(() => jsonResponse(retired), []);
    renderWithProviders(<RetireCreditsForm />);

    await waitFor(() => expect(field('retire-token-id').placeholder).toBe('You hold no credits to retire'));
    expect(field('retire-token-id')).toBeDisabled();
  });

  it('asks for the beneficiary without a request', async () => {
    const requests = serve(() => jsonResponse(retired));
    renderWithProviders(<RetireCreditsForm />);

    await chooseToken();
    typeInto('retire-amount', '5');
    fireEvent.click(screen.getByTestId('retire-submit'));

    await expectToast('Validation Error', 'Beneficiary is required');
    expect(requests.filter((request) => request.url === '/api/retire')).toHaveLength(0);
  });

  it('retires, toasts the quantity and links the certificate', async () => {
    const requests = serve(() => jsonResponse(retired, 201));
    renderWithProviders(<RetireCreditsForm />);

    await chooseToken();
    typeInto('retire-amount', '5');
    typeInto('retire-beneficiary', 'Acme Corp');
    typeInto('retire-purpose', 'FY2026 travel');
    fireEvent.click(screen.getByTestId('retire-submit'));

    await expectToast('Credits Retired Successfully', 'Retired 5 credits');
    expect(requests.find((request) => request.url === '/api/retire')?.body).toEqual({
      tokenId: aTokenId,
      amount: 5,
      beneficiary: 'Acme Corp',
      purpose: 'FY2026 travel',
      standard: 'Gold Standard',
      offsetType: 'compensation',
      use: 'voluntary',
    });
    expect(screen.getByTestId('retire-certificate-link')).toHaveAttribute('href', `/retirements/${aRetirementId}`);
  });

  it("shows the server's message when the retirement is refused", async () => {
    serve(() => jsonResponse({ error: 'Conflict', message: 'Only 3 credits are free to retire' }, 409));
    renderWithProviders(<RetireCreditsForm />);

    await retireFiveForAcme();

    await expectToast('Retirement Failed', 'Only 3 credits are free to retire');
  });

  it("falls back to 'Failed to retire credits'", async () => {
    serve(() => new Response('', { status: 502, statusText: 'Bad Gateway' }));
    renderWithProviders(<RetireCreditsForm />);

    await retireFiveForAcme();

    await expectToast('Retirement Failed', 'Failed to retire credits');
  });
});
