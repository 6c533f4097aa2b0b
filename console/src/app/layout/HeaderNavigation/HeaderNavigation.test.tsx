import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { aUser } from '../../../features/auth/user-fixtures';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { renderWithProviders } from '../../../test/render';
import { HeaderNavigation } from './HeaderNavigation';

function openMenu(): HTMLElement {
  fireEvent.click(screen.getByRole('button', { name: 'Open navigation menu' }));
  return screen.getByTestId('navigation-menu');
}

/** Entry labels in DOM order, with '---' where the separator sits. */
function menuContents(menu: HTMLElement): string[] {
  return Array.from(menu.querySelectorAll('[role="menuitem"], .mantine-Menu-divider')).map((element) =>
    element.matches('.mantine-Menu-divider') ? '---' : (element.textContent ?? ''),
  );
}

beforeEach(() => {
  mockFetch(() => jsonResponse({ user: aUser() }));
});

describe('HeaderNavigation', () => {
  it('shows the logo', () => {
    renderWithProviders(<HeaderNavigation />, { path: '/dashboard' });

    expect(screen.getByText('NXCC Carbon Ledger')).toBeInTheDocument();
  });

  it('lists the seven screens in spec order, then Notifications and Profile', () => {
    renderWithProviders(<HeaderNavigation />, { path: '/dashboard' });

    const menu = openMenu();

    expect(menuContents(menu)).toEqual([
      'Dashboard',
      'Issue Credits',
      'Trading',
      'Trading Desk',
      'Carbon Trading XRPL',
      'Portfolio',
      'Compliance',
      '---',
      'Notifications',
      'Profile',
    ]);
  });

  it('highlights only the entry of the current path', () => {
    renderWithProviders(<HeaderNavigation />, { path: '/trading-desk' });

    openMenu();

    const current = screen.getAllByRole('menuitem').filter((item) => item.getAttribute('aria-current') === 'page');
    expect(current.map((item) => item.textContent)).toEqual(['Trading Desk']);
    expect(current[0]?.hasAttribute('data-active')).toBe(true);
  });

  it('navigates to the chosen entry and closes the menu', async () => {
    const { router } = renderWithProviders(<HeaderNavigation />, { path: '/dashboard' });

    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Compliance' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/compliance'));
    await waitFor(() => expect(screen.queryByTestId('navigation-menu')).not.toBeInTheDocument());
  });

  it('does nothing for Notifications', () => {
    const { router } = renderWithProviders(<HeaderNavigation />, { path: '/portfolio' });

    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Notifications' }));

    expect(router.state.location.pathname).toBe('/portfolio');
  });

  it('opens the profile page from Profile and highlights it there', async () => {
    const { router } = renderWithProviders(<HeaderNavigation />, { path: '/portfolio' });

    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Profile' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
    openMenu();
    const current = screen.getAllByRole('menuitem').filter((item) => item.getAttribute('aria-current') === 'page');
    expect(current.map((item) => item.textContent)).toEqual(['Profile']);
  });

  it("shows the signed-in user's name", async () => {
    renderWithProviders(<HeaderNavigation />, { path: '/dashboard' });

    expect((await screen.findByTestId('header-user-name')).textContent).toBe('Tessa Trader');
  });
});
