import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser } from '../../features/auth/user-fixtures';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { AppLayout } from '../layout/AppLayout/AppLayout';
import { NotFoundRoute } from './not-found';

describe('NotFoundRoute', () => {
  it('shows the 404 texts under the shared header for an unknown path', () => {
    mockFetch(() => jsonResponse({ user: aUser() }));
    renderWithProviders(null, {
      path: '/no-such-page',
      routes: [{ Component: AppLayout, children: [{ path: '*', Component: NotFoundRoute }] }],
    });

    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
    expect(screen.getByText('NXCC Carbon Ledger')).toBeInTheDocument();
  });
});
