import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { anIssueResponse } from '../../credits-fixtures';
import { IssueCreditsForm, type IssueCreditsFormProps } from './IssueCreditsForm';
import { expectToast, findToast } from '../../../../test/toasts';
import { field, typeInto } from '../../../../test/form-fields';

const address = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const userId = '5f0c2a8e-3b7d-4e1f-9c6a-2d8b4e6f1a3c';

function renderForm(props: Partial<IssueCreditsFormProps> = {}) {
  const onKycRequired = vi.fn();
  const rendered = renderWithProviders(<IssueCreditsForm xrplAddress={address} kycPassed onKycRequired={onKycRequired} draftOwnerId={userId} {...props} />);
  return { ...rendered, onKycRequired };
}

function chooseScope(scope: number, label: string): void {
  fireEvent.click(field(`issue-scope${scope}`));
  fireEvent.click(screen.getByRole('option', { name: label }));
}

function submitButton(): HTMLButtonElement {
  return screen.getByTestId('issue-submit') as HTMLButtonElement;
}

function fillProject(): void {
  typeInto('issue-project-id', 'PRJ-1');
  typeInto('issue-project-name', 'Sunfield Solar');
  chooseScope(1, 'Medium (101-1,000)');
  chooseScope(2, 'Low (1-100)');
}

describe('IssueCreditsForm', () => {
  beforeEach(() => window.localStorage.clear());

  it.each([
    ['KYC has not passed', { kycPassed: false }],
    ['no address is entered', { xrplAddress: '' }],
  ])('disables issuing while %s', (_case, props) => {
    renderForm(props);
    expect(submitButton()).toBeDisabled();
  });

  it('enables issuing with a passed KYC and an address, and estimates 20% of the scopes rounded down', () => {
    renderForm();
    expect(submitButton()).toBeEnabled();
    expect(screen.getByTestId('issue-estimated-credits').textContent).toBe('0');

    chooseScope(1, 'Medium (101-1,000)');
    chooseScope(2, 'Low (1-100)');
    chooseScope(5, 'Very High (10,001+)');

    // (550 + 50 + 15000) * 20% = 3120
    expect(screen.getByTestId('issue-estimated-credits').textContent).toBe('3,120');
  });

  it("asks for the project id and name: 'Please fill in all required fields'", async () => {
    const requests = mockFetch(() => jsonResponse({}));
    renderForm();

    typeInto('issue-project-name', 'Sunfield Solar');
    fireEvent.click(submitButton());

    await expectToast('Validation Error', 'Please fill in all required fields');
    expect(requests).toHaveLength(0);
  });

  it('refuses an address shorter than 25 characters', async () => {
    const requests = mockFetch(() => jsonResponse({}));
    renderForm({ xrplAddress: 'rPT1Sjq2YGrBMTttX4GZH' });

    fillProject();
    fireEvent.click(submitButton());

    await expectToast('Validation Error', 'Please enter a valid XRPL address');
    expect(requests).toHaveLength(0);
  });

  it('posts the issue payload, toasts the token and serial range and shows the result', async () => {
    const requests = mockFetch(() => jsonResponse(anIssueResponse(), 201));
    renderForm();

    fillProject();
    typeInto('issue-description', 'Rooftop arrays');
    fireEvent.click(submitButton());

    await expectToast('Credits Issued Successfully', 'Token SOLAR-2026-7F3A9C21, serials NXCC-SOLAR-2026-7F3A9C21-000001 to NXCC-SOLAR-2026-7F3A9C21-000120');
    expect(requests[0]?.url).toBe('/api/issue');
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.body).toEqual({
      id: 'PRJ-1',
      name: 'Sunfield Solar',
      projectType: 'Solar Energy',
      description: 'Rooftop arrays',
      scope1: 550,
      scope2: 50,
      scope3: 0,
      scope4: 0,
      scope5: 0,
      xrplAddress: address,
    });
    const result = screen.getByTestId('issue-result');
    expect(within(result).getByTestId('issued-token-id').textContent).toBe('SOLAR-2026-7F3A9C21');
    expect(within(result).getByTestId('issued-quantity')).toHaveTextContent('120 credits');
    expect(within(result).getByTestId('issued-first-serial').textContent).toBe('NXCC-SOLAR-2026-7F3A9C21-000001');
    expect(within(result).getByTestId('issued-last-serial').textContent).toBe('NXCC-SOLAR-2026-7F3A9C21-000120');
    await waitFor(() => expect(field('issue-project-id').value).toBe(''));
  });

  it("opens the KYC panel on the server's KycRequired answer", async () => {
    mockFetch(() =>
      jsonResponse(
        {
          error: 'KycRequired',
          message: 'KYC Verification Required',
          details: { requiresKyc: true, xrplAddress: address, kycStatus: 'pending', amlStatus: 'pending' },
        },
        403,
      ),
    );
    const { onKycRequired } = renderForm();

    fillProject();
    fireEvent.click(submitButton());

    await expectToast('KYC Verification Required', 'Please complete KYC and AML verification before issuing credits.');
    expect(onKycRequired).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message when issuing fails", async () => {
    mockFetch(() => jsonResponse({ error: 'Conflict', message: 'Project PRJ-1 was already issued' }, 409));
    const { onKycRequired } = renderForm();

    fillProject();
    fireEvent.click(submitButton());

    await expectToast('Issuance Failed', 'Project PRJ-1 was already issued');
    expect(onKycRequired).not.toHaveBeenCalled();
  });

  it("falls back to 'Failed to issue carbon credits'", async () => {
    mockFetch(() => new Response('Bad gateway', { status: 502 }));
    renderForm();

    fillProject();
    fireEvent.click(submitButton());

    await expectToast('Issuance Failed', 'Failed to issue carbon credits');
  });

  it("saves a draft per user and restores it on the user's next visit only", async () => {
    const first = renderForm();
    fillProject();
    fireEvent.click(screen.getByTestId('issue-save-draft'));
    await findToast('Draft Saved');
    first.unmount();

    renderForm({ draftOwnerId: 'someone-else' });
    expect(field('issue-project-id').value).toBe('');
    expect(screen.getByTestId('issue-estimated-credits').textContent).toBe('0');
  });

  it('restores the saved draft', async () => {
    const first = renderForm();
    fillProject();
    fireEvent.click(screen.getByTestId('issue-save-draft'));
    await findToast('Draft Saved');
    first.unmount();

    renderForm();
    expect(field('issue-project-id').value).toBe('PRJ-1');
    expect(field('issue-project-name').value).toBe('Sunfield Solar');
    expect(screen.getByTestId('issue-estimated-credits').textContent).toBe('120');
  });
});
