import type { HeldDepositsResponse, HeldDepositView } from '@carbon-ledger/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../../test/fetch-mock';
import { renderWithProviders } from '../../../../test/render';
import { aHeldDeposit } from '../../funds-fixtures';
import { HeldDepositsList } from './HeldDepositsList';

const TX = aHeldDeposit().txHash;
const USER = '0b6c4c1e-8f3e-4f5a-9d3b-2a1c5e7f9a10';

const page = (deposits: HeldDepositView[], nextCursor: string | null = null): HeldDepositsResponse => ({ deposits, total: deposits.length, nextCursor });

describe('HeldDepositsList', () => {
  it('appends older deposits on Load more, and offers no more after the last page', async () => {
    const older = aHeldDeposit({ txHash: 'CD'.repeat(32), reason: 'missing-tag', destinationTag: null, amount: '7.25' });
    const requests = mockFetch(({ url }) =>
      url === '/api/funds/held-deposits?status=all&limit=10&cursor=page-2' ? jsonResponse(page([older])) : jsonResponse(page([aHeldDeposit()], 'page-2')),
    );
    renderWithProviders(<HeldDepositsList canAssign={false} />);

    expect(await screen.findAllByTestId('held-deposit')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));

    await waitFor(() => expect(screen.getAllByTestId('held-deposit')).toHaveLength(2));
    expect(screen.getAllByTestId('held-deposit')[1]).toHaveTextContent('No destination tag');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.map((request) => request.url)).toEqual([
      '/api/funds/held-deposits?status=all&limit=10',
      '/api/funds/held-deposits?status=all&limit=10&cursor=page-2',
    ]);
  });

  it('says so when nothing is held', async () => {
    mockFetch(() => jsonResponse(page([])));
    renderWithProviders(<HeldDepositsList canAssign />);
    expect(await screen.findByTestId('held-deposits-empty')).toHaveTextContent('No deposits are held for review');
  });

  it('lists held payments with sender, reason, tag and amount; auditors see no assign form', async () => {
    mockFetch(() =>
      jsonResponse(page([aHeldDeposit(), aHeldDeposit({ txHash: 'CD'.repeat(32), reason: 'missing-tag', destinationTag: null, amount: '7.25' })])),
    );
    renderWithProviders(<HeldDepositsList canAssign={false} />);
    const rows = await screen.findAllByTestId('held-deposit');
    expect(rows[0]).toHaveTextContent('Unknown destination tag (4294967295)');
    expect(rows[0]).toHaveTextContent('$1,250.00');
    expect(rows[0]).toHaveTextContent('rSenderOfThePayment111111111111111');
    expect(rows[1]).toHaveTextContent('No destination tag');
    expect(rows[1]).toHaveTextContent('$7.25');
    expect(screen.queryByTestId('held-deposit-assign')).not.toBeInTheDocument();
  });

  it('assigns a held payment to a user id after checking it, and shows it credited', async () => {
    let deposit = aHeldDeposit();
    const requests = mockFetch(({ url, method }) => {
      if (method === 'POST' && url === `/api/funds/held-deposits/${TX}/assign`) {
        deposit = aHeldDeposit({ status: 'assigned', assignedTo: USER, assignedBy: 'officer', assignedAt: '2026-11-27T11:00:00.000Z' });
        return jsonResponse(deposit);
      }
      return jsonResponse(page([deposit]));
    });
    renderWithProviders(<HeldDepositsList canAssign />);
    fireEvent.change(await screen.findByTestId('held-deposit-user'), { target: { value: 'not a user' } });
    fireEvent.click(screen.getByTestId('held-deposit-assign'));
    expect(await screen.findByText('userId must be a user id (a UUID)')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('held-deposit-user'), { target: { value: USER } });
    fireEvent.click(screen.getByTestId('held-deposit-assign'));
    await waitFor(() => expect(screen.getByTestId('held-deposit-assigned')).toHaveTextContent(`Credited to ${USER}`));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ userId: USER });
    // The toast outlives the form, which the refreshed row replaces with its badge.
    expect(await screen.findByText('Deposit credited')).toBeInTheDocument();
  });

  it('returns a held payment to its sender only after the officer confirms, and shows it returned', async () => {
    let deposit = aHeldDeposit();
    const requests = mockFetch(({ url, method }) => {
      if (method === 'POST' && url === `/api/funds/held-deposits/${TX}/refund`) {
        deposit = aHeldDeposit({ status: 'refunded', refundRequestedBy: 'officer', refundTxHash: 'EF'.repeat(32), refundedAt: '2026-11-27T11:00:00.000Z' });
        return jsonResponse(deposit);
      }
      return jsonResponse(page([deposit]));
    });
    renderWithProviders(<HeldDepositsList canAssign />);
    fireEvent.click(await screen.findByTestId('held-deposit-refund'));
    expect(await screen.findByText('Return this deposit to its sender?')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('held-deposit-refund-confirm'));
    await waitFor(() => expect(screen.getByTestId('held-deposit-refunded')).toHaveTextContent('Returned to sender'));
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.url)).toEqual([`/api/funds/held-deposits/${TX}/refund`]);
    expect(await screen.findByText('Deposit returned')).toBeInTheDocument();
  });

  it('shows why a return failed on a payment that is held again, and a return under way', async () => {
    mockFetch(() =>
      jsonResponse(
        page([
          aHeldDeposit({ refundFailure: 'the payment failed on the ledger: tecDST_TAG_NEEDED' }),
          aHeldDeposit({ txHash: 'CD'.repeat(32), status: 'refunding', refundRequestedBy: 'officer' }),
        ]),
      ),
    );
    renderWithProviders(<HeldDepositsList canAssign={false} />);
    expect(await screen.findByTestId('held-deposit-refund-failure')).toHaveTextContent('Return failed: the payment failed on the ledger: tecDST_TAG_NEEDED');
    expect(screen.getByTestId('held-deposit-refunding')).toHaveTextContent('Returning to sender');
    expect(screen.queryByTestId('held-deposit-refund')).not.toBeInTheDocument();
  });
});
