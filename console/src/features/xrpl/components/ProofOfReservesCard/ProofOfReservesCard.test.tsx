import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { requestsTo, someReserves, xrplApi } from '../../xrpl-fixtures';
import { ProofOfReservesCard } from './ProofOfReservesCard';

function serve(reserves = someReserves()) {
  return mockFetch(xrplApi({ '/api/xrpl/reserves': () => jsonResponse(reserves) }));
}

describe('ProofOfReservesCard', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows Balanced with both sides, what is in flight, the ledger index and the log position', async () => {
    const requests = serve(someReserves({ inFlight: { toPay: 0, toRegister: 2 } }));
    renderWithProviders(<ProofOfReservesCard />);
    expect(screen.getByTestId('vault-reserves-loading')).toBeInTheDocument();

    const status = await screen.findByTestId('vault-reserves-status');
    expect(status.textContent).toBe('Balanced');
    expect(screen.getByText('NXCC outstanding on the ledger')).toBeInTheDocument();
    expect(screen.getByTestId('vault-reserves-outstanding').textContent).toBe('100,025');
    expect(screen.getByTestId('vault-reserves-held').textContent).toBe('100,025');
    expect(screen.getByTestId('vault-reserves-in-flight').textContent).toBe('2');
    expect(screen.getByTestId('vault-reserves-in-flight-detail').textContent).toBe('0 to pay · 2 to register');
    expect(screen.getByTestId('vault-reserves-ledger').textContent).toBe('#4,321');
    expect(screen.getByTestId('vault-reserves-position').textContent).toBe('120:120');
    expect(screen.queryByTestId('vault-reserves-difference')).not.toBeInTheDocument();
    expect(screen.queryByTestId('vault-reserves-loading')).not.toBeInTheDocument();
    expect(requests.map((request) => request.url)).toEqual(['/api/xrpl/reserves']);
  });

  it('says that a difference the moves in flight explain is still balanced', async () => {
    serve(someReserves({ outstandingOnLedger: '100022', difference: '-3', inFlight: { toPay: 3, toRegister: 0 } }));
    renderWithProviders(<ProofOfReservesCard />);
    expect((await screen.findByTestId('vault-reserves-status')).textContent).toBe('Balanced');
    expect(screen.getByTestId('vault-reserves-explained').textContent).toBe('The ledger differs by -3 NXCC, explained by the moves in flight.');
  });

  it('shows Unbalanced in red naming NXCC on the ledger that no credit in the vault backs', async () => {
    serve(someReserves({ outstandingOnLedger: '100050', balanced: false, difference: '+25' }));
    renderWithProviders(<ProofOfReservesCard />);
    const status = await screen.findByTestId('vault-reserves-status');
    expect(status.textContent).toBe('Unbalanced');
    expect(status.className).toMatch(/Badge/);
    expect(status.getAttribute('style')).toContain('red');
    expect(screen.getByTestId('vault-reserves-difference').textContent).toBe('+25 NXCC on the ledger are not backed by credits in the vault');
  });

  it('names credits in the vault that have no NXCC on the ledger beyond what is in flight', async () => {
    serve(someReserves({ outstandingOnLedger: '100015', balanced: false, difference: '-10', inFlight: { toPay: 2, toRegister: 0 } }));
    renderWithProviders(<ProofOfReservesCard />);
    expect((await screen.findByTestId('vault-reserves-status')).textContent).toBe('Unbalanced');
    expect(screen.getByTestId('vault-reserves-difference').textContent).toBe(
      '-10 NXCC: 10 credits in the vault have no NXCC on the ledger, beyond what is in flight',
    );
  });

  it('shows Unable to check reserves with the server message', async () => {
    mockFetch(() => jsonResponse({ error: 'ServiceUnavailable', message: 'Cannot read the issuer’s obligations: the ledger is not reachable' }, 503));
    renderWithProviders(<ProofOfReservesCard />);
    const alert = await screen.findByTestId('vault-reserves-error');
    expect(alert).toHaveTextContent('Unable to check reserves');
    expect(alert).toHaveTextContent('Cannot read the issuer’s obligations: the ledger is not reachable');
    expect(screen.queryByTestId('vault-reserves-status')).not.toBeInTheDocument();
    expect(screen.queryByTestId('vault-reserves-loading')).not.toBeInTheDocument();
  });

  it('checks again every 10 s, like the AMM state', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const requests = serve();
    renderWithProviders(<ProofOfReservesCard />);
    await screen.findByTestId('vault-reserves-status');
    expect(requestsTo(requests, '/api/xrpl/reserves')).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    await waitFor(() => expect(requestsTo(requests, '/api/xrpl/reserves')).toHaveLength(2));
  });
});
