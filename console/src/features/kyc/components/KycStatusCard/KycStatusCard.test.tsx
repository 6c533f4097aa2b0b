import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { aKycStatus, aSeed, aStartResponse, aVerifyResponse, anAddress } from '../../kyc-fixtures';
import { KycStatusCard } from './KycStatusCard';

vi.mock('../../address-proof', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../address-proof')>()),
  proveAddressControl: (await import('../../kyc-fixtures')).fakeProveAddressControl,
}));

describe('KycStatusCard', () => {
  it('does not query addresses of 20 characters or fewer', async () => {
    const requests = mockFetch(() => jsonResponse(aKycStatus()));
    renderWithProviders(<KycStatusCard address="rShortAddress1234567" />);

    expect(await screen.findByText('Enter an XRPL address to see its verification status.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('shows the badges, risk score, expiry and credential of a verified address', async () => {
    const requests = mockFetch(() =>
      jsonResponse(
        aKycStatus({
          kycStatus: 'verified',
          amlStatus: 'cleared',
          riskScore: 12,
          expiresAt: '2027-11-22T00:00:00.000Z',
          credential: { issued: true, txHash: 'AB'.repeat(32) },
        }),
      ),
    );
    renderWithProviders(<KycStatusCard address={anAddress} />);

    expect((await screen.findByTestId('kyc-status-badge')).textContent).toBe('verified');
    expect(screen.getByTestId('aml-status-badge').textContent).toBe('cleared');
    expect(screen.getByTestId('kyc-risk-score').textContent).toBe('12/100');
    expect(screen.getByTestId('kyc-expires-at')).toHaveTextContent('2027');
    expect(screen.getByText('AB'.repeat(32))).toBeInTheDocument();
    expect(requests[0]?.url).toBe(`/api/kyc/status?address=${anAddress}`);
  });

  it("labels anything unknown 'not started'", async () => {
    mockFetch(() => jsonResponse(aKycStatus()));
    renderWithProviders(<KycStatusCard address={anAddress} />);

    expect((await screen.findByTestId('kyc-status-badge')).textContent).toBe('not started');
  });

  it('opens the modal from the link and refetches the status on completion', async () => {
    let verified = false;
    const requests = mockFetch(({ url }) => {
      if (url === '/api/kyc/start-verification') return jsonResponse(aStartResponse());
      if (url === '/api/kyc/verify') {
        verified = true;
        return jsonResponse(aVerifyResponse());
      }
      return jsonResponse(aKycStatus(verified ? { kycStatus: 'verified', amlStatus: 'cleared' } : {}));
    });
    renderWithProviders(<KycStatusCard address={anAddress} withStartLink />);

    fireEvent.click(await screen.findByText('Start verification process'));
    fireEvent.change(await screen.findByTestId('kyc-seed'), { target: { value: aSeed } });
    fireEvent.click(await screen.findByTestId('kyc-start'));
    fireEvent.change(await screen.findByTestId('kyc-legal-name'), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(screen.getByTestId('kyc-date-of-birth'), { target: { value: '1990-12-10' } });
    fireEvent.change(screen.getByTestId('kyc-country'), { target: { value: 'GB' } });
    fireEvent.change(screen.getByTestId('kyc-document-number'), { target: { value: 'P1234567' } });
    fireEvent.click(screen.getByTestId('kyc-submit-identity'));

    expect(await screen.findByText('KYC Verification Complete', { selector: '.mantine-Notification-title' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('kyc-status-badge').textContent).toBe('verified'));
    await waitFor(() => expect(screen.queryByTestId('kyc-identity-form')).not.toBeInTheDocument());
    expect(requests.filter((request) => request.url.startsWith('/api/kyc/status')).length).toBeGreaterThanOrEqual(2);
  });
});
