import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser.js';
import { useBrowserSession } from './support/session.js';

const viewport = { width: 1280, height: 900 };
const trader = { email: 'tessa.trader@example.com', name: 'Tessa Trader', password: 'correct-horse-battery' };

/** Fills the open login dialog and submits it. */
async function logIn(page: Page, email: string, password: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Sign in to Carbon Ledger' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).click();
}

async function openMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Open navigation menu' }).click();
  await page.getByTestId('navigation-menu').waitFor();
}

/** Fills the create-user form with the trader's account (role Trader) and submits it. */
async function createTraderWith(page: Page, form: Locator): Promise<void> {
  await form.getByLabel('Email').fill(trader.email);
  await form.getByLabel('Name').fill(trader.name);
  await form.getByLabel('Password', { exact: true }).fill(trader.password);
  await form.getByRole('combobox', { name: 'Roles' }).click();
  await page.getByRole('option', { name: 'Trader' }).click();
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: 'Create user' }).click();
}

function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

describe('Sign-in, session guard and profile in Chromium against the real service', () => {
  // Signed out: the tests sign in through the dialog.
  const session = useBrowserSession({ signedIn: false });

  it('keeps the dialog open with the failure toast on a wrong password', async () => {
    const { page, service } = session;
    await page.goto(service.baseUrl);
    await page.getByRole('button', { name: 'Start Trading' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to Carbon Ledger' });
    await dialog.getByText('Enter your email and password to access your trading dashboard.').waitFor();
    await screenshot(page, 'login-dialog', { fullPage: false });

    await logIn(page, service.admin.email, 'not-the-password');

    await page.getByText('Invalid email or password. Please try again.').waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Log in' }).isEnabled()).toBe(true);
    expect(pathOf(page)).toBe('/');
    await screenshot(page, 'login-dialog-wrong-password', { fullPage: false });
  });

  it("signs in through the dialog: 'Login successful', then the dashboard", async () => {
    const { page, service } = session;
    await logIn(page, service.admin.email, service.admin.password);

    await page.getByText('Login successful').waitFor();
    await page.waitForURL(`${service.baseUrl}/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.getByTestId('header-user-name').textContent()).toBe('Administrator');
  });

  it('highlights the current entry in the header menu and navigates to the chosen one', async () => {
    const { page, service } = session;
    await openMenu(page);
    const dashboard = page.getByRole('menuitem', { name: 'Dashboard' });
    expect(await dashboard.getAttribute('aria-current')).toBe('page');
    expect(await dashboard.getAttribute('data-active')).toBe('true');
    const highlighted = await page.locator('[role="menuitem"][aria-current="page"]').allTextContents();
    expect(highlighted).toEqual(['Dashboard']);
    await screenshot(page, 'dashboard-menu-open');

    await page.getByRole('menuitem', { name: 'Trading Desk' }).click();

    await page.waitForURL(`${service.baseUrl}/trading-desk`);
    await page.getByTestId('navigation-menu').waitFor({ state: 'detached' });
    await page.getByText('Manage your carbon credit orders').waitFor();
  });

  it('sends a signed-out visit of /trading-desk through the dialog and back', async () => {
    const { service, browser } = session;
    const signedOut = await browser.newContext({ viewport });
    const visitor = await signedOut.newPage();

    await visitor.goto(`${service.baseUrl}/trading-desk`);

    await visitor.waitForURL((url) => url.pathname === '/');
    expect(pathOf(visitor)).toBe('/?login=1&next=%2Ftrading-desk');
    const dialog = visitor.getByRole('dialog', { name: 'Sign in to Carbon Ledger' });
    await dialog.waitFor();

    await logIn(visitor, service.admin.email, service.admin.password);

    await visitor.getByText('Login successful').waitFor();
    await visitor.waitForURL(`${service.baseUrl}/trading-desk`);
    await visitor.getByText('Manage your carbon credit orders').waitFor();
    await signedOut.close();
  });

  it('shows the profile; the admin creates a trader, changes roles and signs out', async () => {
    const { page, service, context } = session;
    await openMenu(page);
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(`${service.baseUrl}/profile`);

    const card = page.getByTestId('profile-card');
    expect(await card.getByTestId('profile-email').textContent()).toBe(service.admin.email);
    expect(await card.getByTestId('profile-name').textContent()).toBe('Administrator');
    expect(await card.getByTestId('role-badge').allTextContents()).toEqual(['trader', 'issuer', 'compliance', 'auditor', 'admin']);
    const users = page.getByTestId('users-section');
    const adminRow = users.locator(`[data-testid="user-row"][data-email="${service.admin.email}"]`);
    await adminRow.waitFor();

    const form = page.getByTestId('create-user-form');
    await form.getByRole('button', { name: 'Create user' }).click();
    await form.getByText('Password must be at least 12 characters').waitFor();
    await createTraderWith(page, form);

    await page.getByText('User Created').waitFor();
    const traderRow = users.locator(`[data-testid="user-row"][data-email="${trader.email}"]`);
    await traderRow.waitFor();
    expect(await traderRow.getByTestId('role-badge').allTextContents()).toEqual(['trader']);

    // The same email again: the server's 409 message in a red toast.
    await createTraderWith(page, form);
    await page.getByText('Create User Failed').waitFor();
    await page.getByText('A user with this email already exists').waitFor();

    await traderRow.getByRole('combobox', { name: `Role to grant to ${trader.name}` }).click();
    await page.getByRole('option', { name: 'auditor' }).click();
    await traderRow.getByRole('button', { name: `Grant role to ${trader.name}` }).click();
    await page.getByText(`${trader.name} now has the auditor role`).waitFor();
    await traderRow.getByRole('button', { name: `Revoke auditor from ${trader.name}` }).waitFor();
    expect(await traderRow.getByTestId('role-badge').allTextContents()).toEqual(['trader', 'auditor']);

    await traderRow.getByRole('button', { name: `Revoke auditor from ${trader.name}` }).click();
    await page.getByText(`${trader.name} no longer has the auditor role`).waitFor();
    await traderRow.getByRole('button', { name: `Revoke auditor from ${trader.name}` }).waitFor({ state: 'detached' });

    await adminRow.getByRole('button', { name: 'Revoke admin from Administrator' }).click();
    await page.getByText('You cannot remove your own admin role').waitFor();
    expect(await adminRow.getByText('admin', { exact: true }).count()).toBe(1);
    await screenshot(page, 'profile-admin');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'profile-admin-390');
    await page.setViewportSize(viewport);

    await page.getByRole('button', { name: 'Sign out' }).click();

    await page.waitForURL(`${service.baseUrl}/`);
    await page.getByRole('button', { name: 'Start Trading' }).waitFor();
    // The session really ended on the server.
    expect((await context.request.get(`${service.baseUrl}/api/auth/me`)).status()).toBe(401);
  });

  it('lets the new trader sign in, without the Users section', async () => {
    const { page, service } = session;
    await page.getByRole('button', { name: 'Start Trading' }).click();
    await logIn(page, trader.email, trader.password);
    await page.waitForURL(`${service.baseUrl}/dashboard`);

    await openMenu(page);
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(`${service.baseUrl}/profile`);

    const card = page.getByTestId('profile-card');
    expect(await card.getByTestId('profile-email').textContent()).toBe(trader.email);
    expect(await card.getByTestId('role-badge').allTextContents()).toEqual(['trader']);
    expect(await page.getByTestId('users-section').count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Users', exact: true }).count()).toBe(0);
    await screenshot(page, 'profile-trader');
  });

  it('shows the 404 page for an unknown path when signed in', async () => {
    const { page, service } = session;
    await page.goto(`${service.baseUrl}/no-such-page`);

    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText('Did you forget to add the page to the router?').waitFor();
    expect(await page.getByTestId('app-logo').isVisible()).toBe(true);
    await screenshot(page, 'not-found');
  });
});
