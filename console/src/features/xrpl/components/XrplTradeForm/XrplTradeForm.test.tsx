import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { aPrepareResponse, aSeed, aSigningAddress, aTradeResponse, aTxHash, anotherAddress, requestsTo, xrplApi } from '../../xrpl-fixtures';
import { renderActionForm } from '../../render-action-form';
import type { XrplActionFormProps } from '../../xrpl-action-submit';
import { XrplTradeForm } from './XrplTradeForm';
import { expectToast } from '../../../../test/toasts';
import { field, typeInto } from '../../../../test/form-fields';

vi.mock('../../signing/browser-signer', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../signing/browser-signer')>()),
  signerFromSeed: (await import('../../xrpl-fixtures')).fakeSignerFromSeed,
}));

const platformIssuer = 'rGWrZyQqhTp9Xu7G5Pkayo7bXjH4k4QYpf';
const trustSet = { TransactionType: 'TrustSet', Account: aSigningAddress, Fee: '12', Sequence: 7, LastLedgerSequence: 90 };
const payment = { TransactionType: 'Payment', Account: aSigningAddress, Destination: aSigningAddress, Fee: '12', Sequence: 8, LastLedgerSequence: 90 };

function renderForm(props: Partial<XrplActionFormProps> = {}) {
  return renderActionForm(XrplTradeForm, { platformIssuer: platformIssuer, ...props });
}

function fillIn(): void {
  typeInto('xrpl-trade-seed', aSeed);
  typeInto('xrpl-trade-seller', anotherAddress);
  typeInto('xrpl-trade-amount', '10');
  typeInto('xrpl-trade-xrp', '200.5');
}

describe('XrplTradeForm', () => {
  it('offers the platform issuer, a password seed field and XRP in steps of 0.000001', () => {
    renderForm();
    expect(field('xrpl-trade-issuer').value).toBe(platformIssuer);
    expect(field('xrpl-trade-seed').type).toBe('password');
    typeInto('xrpl-trade-xrp', '0');
    fireEvent.keyDown(field('xrpl-trade-xrp'), { key: 'ArrowUp' });
    expect(field('xrpl-trade-xrp').value).toBe('0.000001');
  });

  it('keeps what the user types over the platform issuer, even an empty field', () => {
    renderForm();
    typeInto('xrpl-trade-issuer', anotherAddress);
    expect(field('xrpl-trade-issuer').value).toBe(anotherAddress);
    typeInto('xrpl-trade-issuer', '');
    expect(field('xrpl-trade-issuer').value).toBe('');
  });

  it.each([
    ['an address shorter than 25 characters', { xrplAddress: 'r'.repeat(24) }],
    ['no KYC', { kycPassed: false }],
  ])('disables Execute Trade with %s', (_, props) => {
    renderForm(props);
    expect(screen.getByTestId('xrpl-trade-submit') as HTMLButtonElement).toBeDisabled();
  });

  it('asks for KYC with the trading message', async () => {
    const requests = mockFetch(() => jsonResponse({}));
    const { onKycRequired } = renderForm({ kycPassed: false });
    fillIn();
    fireEvent.submit(screen.getByTestId('xrpl-trade-form'));

    await expectToast('KYC Verification Required', 'Please complete KYC verification before trading credits.');
    expect(onKycRequired).toHaveBeenCalled();
    expect(requests).toHaveLength(0);
  });

  it('refuses a missing CRC amount before any request', async () => {
    const requests = mockFetch(() => jsonResponse({}));
    renderForm();
    fillIn();
    typeInto('xrpl-trade-amount', '');
    fireEvent.click(screen.getByTestId('xrpl-trade-submit'));
    await expectToast('Validation Error', 'Please fill in all required fields');
    expect(requests).toHaveLength(0);
  });

  it('signs the TrustSet and the Payment in order and never sends the seed', async () => {
    const requests = mockFetch(
      xrplApi({
        '/api/xrpl/trade/prepare': () => jsonResponse(aPrepareResponse([trustSet, payment])),
        '/api/xrpl/trade': () => jsonResponse(aTradeResponse(), 201),
      }),
    );
    const { queryClient } = renderForm();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    fillIn();
    typeInto('xrpl-trade-credit-id', 'SOLAR-2026-7F3A9C21');
    fireEvent.click(screen.getByTestId('xrpl-trade-submit'));

    await expectToast('Trade Executed via XRPL AMM', `Transaction ${aTxHash.slice(0, 16)}...`);
    expect(requestsTo(requests, '/api/xrpl/trade/prepare')[0]?.body).toEqual({
      sellerAddress: anotherAddress,
      amountCRC: 10,
      xrpAmount: 200.5,
      issuer: platformIssuer,
      creditId: 'SOLAR-2026-7F3A9C21',
      xrplAddress: aSigningAddress,
    });
    expect(requestsTo(requests, '/api/xrpl/trade')[0]?.body).toEqual({
      preparation: 'sealed.preparation',
      signedTransactions: ['5349474E454407', '5349474E454408'],
    });
    const sent = JSON.stringify(requests.map((request) => request.body));
    expect(sent).not.toContain(aSeed);
    expect(sent).not.toMatch(/seed/i);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['api', 'trades'] });
  });

  it('shows Trade Failed with the server message, or the default', async () => {
    mockFetch(() => jsonResponse({ error: 'Conflict', message: 'XRPL Payment was not applied: tecPATH_PARTIAL' }, 409));
    renderForm();
    fillIn();
    fireEvent.click(screen.getByTestId('xrpl-trade-submit'));
    await expectToast('Trade Failed', 'XRPL Payment was not applied: tecPATH_PARTIAL');
  });

  it('shows the default trade failure when the answer has no message', async () => {
    mockFetch(() => new Response('', { status: 502, statusText: 'Bad Gateway' }));
    renderForm();
    fillIn();
    fireEvent.click(screen.getByTestId('xrpl-trade-submit'));
    await expectToast('Trade Failed', 'Failed to execute trade');
  });
});
