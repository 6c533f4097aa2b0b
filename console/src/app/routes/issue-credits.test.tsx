import type { KycStatusResponse } from '@carbon-ledger/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { aUser } from '../../features/auth/user-fixtures';
import { anIssueResponse } from '../../features/credits/credits-fixtures';
import { aKycStatus, anAddress } from '../../features/kyc/kyc-fixtures';
import { aProject, aReport, aReportId } from '../../features/projects/projects-fixtures';
import { jsonResponse, mockFetch, type FetchHandler } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { IssueCreditsRoute } from './issue-credits';

const passed: Partial<KycStatusResponse> = { kycStatus: 'verified', amlStatus: 'cleared', riskScore: 12, expiresAt: '2027-11-22T00:00:00.000Z' };

function serve(
  status: Partial<KycStatusResponse>,
  issue: FetchHandler = () => jsonResponse({}, 500),
  user = aUser({ roles: ['issuer'] }),
  mine: FetchHandler = () => jsonResponse({ projects: [], nextCursor: null }),
) {
  return mockFetch((request) => {
    if (request.url === '/api/projects/mine') return mine(request);
    if (request.url === '/api/auth/me') return jsonResponse({ user });
    if (request.url.startsWith('/api/kyc/status')) return jsonResponse(aKycStatus(status));
    if (request.url === '/api/issue') return issue(request);
    return jsonResponse({ error: 'NotFound', message: 'not found' }, 404);
  });
}

function enterAddress(address: string): void {
  fireEvent.change(screen.getByTestId('kyc-panel-address'), { target: { value: address } });
}

function submitButton(): HTMLButtonElement {
  return screen.getByTestId('issue-submit') as HTMLButtonElement;
}

async function fileRequest(): Promise<void> {
  await screen.findByTestId('issue-submit');
  enterAddress(anAddress);
  await waitFor(() => expect(submitButton()).toBeEnabled());
  fireEvent.change(screen.getByTestId('issue-project-id'), { target: { value: 'PRJ-1' } });
  fireEvent.change(screen.getByTestId('issue-project-name'), { target: { value: 'Sunfield Solar' } });
  fireEvent.click(screen.getByTestId('issue-scope1'));
  fireEvent.click(screen.getByRole('option', { name: 'Low (1-100)' }));
  fireEvent.click(submitButton());
}

const stage = (name: string) => screen.getByTestId(`progress-${name}`).getAttribute('data-state');

describe('IssueCreditsRoute', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('tells a trader without the issuer role before the form is filled: the form is shown disabled under a note', async () => {
    const requests = serve(passed, () => jsonResponse({}, 500), aUser({ roles: ['trader'] }));
    renderWithProviders(<IssueCreditsRoute />, { path: '/issue' });

    expect(await screen.findByTestId('role-required-note')).toHaveTextContent(
      'Issuing credits needs the issuer role. Ask an administrator to grant it to your account.',
    );
    const fieldset = screen.getByTestId('role-required-fieldset') as HTMLFieldSetElement;
    expect(fieldset).toBeDisabled();
    expect(fieldset.contains(screen.getByTestId('issue-project-id'))).toBe(true);
    expect((screen.getByTestId('issue-project-id') as HTMLInputElement).matches(':disabled')).toBe(true);
    expect(submitButton().matches(':disabled')).toBe(true);
    expect(requests.some((request) => request.url === '/api/issue')).toBe(false);
  });

  it('shows the form enabled, without the note, to an issuer', async () => {
    serve(passed);
    renderWithProviders(<IssueCreditsRoute />, { path: '/issue' });
    await screen.findByTestId('issue-submit');
    expect(screen.queryByTestId('role-required-note')).not.toBeInTheDocument();
    expect((screen.getByTestId('issue-project-id') as HTMLInputElement).matches(':disabled')).toBe(false);
  });

  it('queries the KYC status only past 20 characters and keeps issuing disabled until KYC passes', async () => {
    const requests = serve({ kycStatus: 'pending', amlStatus: 'pending' });
    renderWithProviders(<IssueCreditsRoute />, { path: '/issue' });

    expect(await screen.findByTestId('issue-submit')).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    enterAddress('rShortAddress1234567');
    expect(requests.some((request) => request.url.startsWith('/api/kyc/status'))).toBe(false);

    enterAddress(anAddress);

    expect((await screen.findByTestId('kyc-panel-kyc-badge')).textContent).toBe('pending');
    expect(screen.getByTestId('tile-kyc-status').textContent).toBe('pending');
    expect(screen.getByTestId('tile-risk-score').textContent).toBe('0/100');
    expect(submitButton()).toBeDisabled();
    expect(screen.getByTestId('issue-kyc-required')).toHaveTextContent('KYC Verification Required');
  });

  it('enables issuing for a verified address and shows its tiles', async () => {
    serve(passed);
    renderWithProviders(<IssueCreditsRoute />, { path: '/issue' });
    await screen.findByTestId('issue-submit');

    enterAddress(anAddress);

    await waitFor(() => expect(submitButton()).toBeEnabled());
    expect(screen.getByTestId('tile-aml-status').textContent).toBe('cleared');
    expect(screen.getByTestId('tile-risk-score').textContent).toBe('12/100');
    expect(screen.getByTestId('tile-expires-at')).toHaveTextContent('2027');
    expect(screen.queryByText('Start verification process')).not.toBeInTheDocument();
  });

  it("opens the embedded KYC panel from 'Start verification process'", async () => {
    serve({});
    renderWithProviders(<IssueCreditsRoute />, { path: '/issue' });
    enterAddress(anAddress);

    expect(screen.queryByTestId('kyc-verification')).not.toBeInTheDocument();
    fireEvent.click(await screen.findByText('Start verification process'));

    expect(screen.getByTestId('kyc-verification')).toBeInTheDocument();
    expect((screen.getByTestId('kyc-address') as HTMLInputElement).value).toBe(anAddress);
  });

  it('opens the embedded KYC panel when the server answers KycRequired', async () => {
    serve(passed, () =>
      jsonResponse(
        {
          error: 'KycRequired',
          message: 'KYC Verification Required',
          details: { requiresKyc: true, xrplAddress: anAddress, kycStatus: 'verified', amlStatus: 'pending' },
        },
        403,
      ),
    );
    renderWithProviders(<IssueCreditsRoute />, { path: '/issue' });
    await fileRequest();

    expect(await screen.findByText('KYC Verification Required', { selector: '.mantine-Notification-title' })).toBeInTheDocument();
    expect(await screen.findByTestId('kyc-verification')).toBeInTheDocument();
  });

  it('shows where the filed request stands, polling My projects until its credits are issued', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = aProject({ status: 'under_validation', reports: [aReport()] });
    const requests = serve(
      passed,
      () => jsonResponse(anIssueResponse(), 201),
      undefined,
      () => jsonResponse({ projects: [answer], nextCursor: null }),
    );
    renderWithProviders(<IssueCreditsRoute />, { path: '/issue' });

    await fileRequest();

    const result = await screen.findByTestId('issue-result');
    expect(result).toHaveTextContent('Issuance Request Filed');
    expect(screen.getByTestId('issue-filed-note')).toHaveTextContent('Once approved, the credits are issued as batch SOLAR-2026-7F3A9C21.');
    expect(screen.getByTestId('issue-track-link')).toHaveAttribute('href', '/projects?tab=mine');
    await waitFor(() => expect(screen.getByTestId('issuance-progress-detail')).toHaveTextContent('Project: Under validation · Report: Awaiting verification'));
    expect([stage('validation'), stage('verification'), stage('review'), stage('issued')]).toEqual(['current', 'pending', 'pending', 'pending']);

    answer = aProject({
      status: 'registered',
      reports: [
        aReport({
          reportId: aReportId,
          status: 'approved',
          verified: [{ vintage: 2026, quantity: 120 }],
          batches: [{ vintage: 2026, batchId: 'SOLAR-2026-7F3A9C21', quantity: 120, bufferBatchId: null, bufferQuantity: 0, issued: true }],
        }),
      ],
    });
    await vi.advanceTimersByTimeAsync(5000);
    await waitFor(() => expect(stage('issued')).toBe('done'));
    expect([stage('validation'), stage('verification'), stage('review')]).toEqual(['done', 'done', 'done']);

    // Issued: the polling stops.
    const polls = requests.filter((request) => request.url === '/api/projects/mine').length;
    await vi.advanceTimersByTimeAsync(15000);
    expect(requests.filter((request) => request.url === '/api/projects/mine')).toHaveLength(polls);
  });
});
