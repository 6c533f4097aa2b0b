import type { XrplNetwork } from '@carbon-ledger/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aCertificate, aRetirementId } from '../../features/credits/credits-fixtures';
import { aNetwork } from '../../features/xrpl/xrpl-fixtures';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { RetirementCertificateRoute } from './retirement-certificate';

const hash = 'AB'.repeat(32);

function serve({ certificate = jsonResponse(aCertificate()), network }: { certificate?: Response; network?: XrplNetwork } = {}) {
  return mockFetch(({ url }) => {
    if (url === `/api/retirements/${aRetirementId}`) return certificate;
    if (url === '/api/xrpl/network') {
      return network ? jsonResponse(aNetwork(network)) : jsonResponse({ error: 'Unauthorized', message: 'Sign in first' }, 401);
    }
    return jsonResponse({ error: 'NotFound', message: 'not found' }, 404);
  });
}

function renderCertificate(id = aRetirementId) {
  return renderWithProviders(null, {
    path: `/retirements/${id}`,
    routes: [{ path: '/retirements/:id', element: <RetirementCertificateRoute /> }],
  });
}

describe('RetirementCertificateRoute', () => {
  it('shows the certificate: beneficiary, quantity, project, vintage, serials, standard, purpose, seal, CID and PDF', async () => {
    serve();
    renderCertificate();

    expect((await screen.findByTestId('certificate-beneficiary')).textContent).toBe('Acme Corp');
    expect(screen.getByRole('heading', { level: 1, name: 'Carbon Credit Retirement Certificate' })).toBeInTheDocument();
    expect(screen.getByTestId('certificate-quantity').textContent).toBe('5 tCO2e');
    expect(screen.getByTestId('certificate-project').textContent).toBe('Sunfield Solar (Solar Energy)');
    expect(screen.getByTestId('certificate-vintage').textContent).toBe('2026');
    expect(screen.getByTestId('certificate-standard').textContent).toBe('Gold Standard');
    expect(screen.getByTestId('certificate-purpose').textContent).toBe('FY2026 travel');
    expect(screen.getByTestId('certificate-serial-ranges').textContent).toBe('NXCC-SOLAR-2026-7F3A9C21-000001 to NXCC-SOLAR-2026-7F3A9C21-000005');
    expect(screen.getByTestId('certificate-status').textContent).toBe('verified');
    expect(screen.getByTestId('certificate-seal')).toHaveTextContent('Seal #7');
    expect(screen.getByTestId('certificate-seal')).toHaveTextContent('cd'.repeat(32));
    expect(screen.getByTestId('certificate-ipfs-cid').textContent).toBe(aCertificate().ipfsCid);
    const pdf = screen.getByTestId('certificate-pdf');
    expect(pdf.textContent).toBe('Download PDF');
    expect(pdf).toHaveAttribute('href', `/api/retirements/${aRetirementId}/certificate.pdf`);
  });

  it('links the XRPL transaction on testnet when the network is not known (signed out)', async () => {
    serve();
    renderCertificate();

    const transaction = await screen.findByTestId('certificate-xrpl-tx');
    expect(within(transaction).getByRole('link')).toHaveAttribute('href', `https://testnet.xrpl.org/transactions/${hash}`);
  });

  it('links the XRPL transaction on the network the certificate names, signed in or out', async () => {
    serve({
      certificate: jsonResponse(aCertificate({ verification: { network: 'mainnet', xrplTransactions: [{ purpose: 'retirement', hash }], seal: null } })),
    });
    renderCertificate();

    const transaction = await screen.findByTestId('certificate-xrpl-tx');
    await within(transaction).findByRole('link', { name: hash });
    await expect
      .poll(() => within(screen.getByTestId('certificate-xrpl-tx')).getByRole('link').getAttribute('href'))
      .toBe(`https://livenet.xrpl.org/transactions/${hash}`);
  });

  it('shows the hash without a link on the local sandbox ledger, and an unsealed retirement', async () => {
    serve({
      certificate: jsonResponse(
        aCertificate({ verificationStatus: 'pending', verification: { network: 'sandbox', xrplTransactions: [{ purpose: 'retirement', hash }], seal: null } }),
      ),
    });
    renderCertificate();

    expect((await screen.findByTestId('certificate-status')).textContent).toBe('Pending');
    expect(screen.getByTestId('certificate-seal')).toHaveTextContent('Not sealed yet');
    await expect.poll(() => within(screen.getByTestId('certificate-xrpl-tx')).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByTestId('certificate-xrpl-tx')).toHaveTextContent(hash);
  });

  it("shows 'Certificate not found' for an unknown retirement", async () => {
    serve({ certificate: jsonResponse({ error: 'NotFound', message: `No retirement ${aRetirementId}` }, 404) });
    renderCertificate();

    expect(await screen.findByRole('heading', { level: 1, name: 'Certificate not found' })).toBeInTheDocument();
  });
});
