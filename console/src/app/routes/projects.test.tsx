import type { Role } from '@carbon-ledger/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser } from '../../features/auth/user-fixtures';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { renderWithProviders } from '../../test/render';
import { ProjectsRoute } from './projects';

function renderAs(roles: Role[], path = '/projects') {
  mockFetch(({ url }) => {
    if (url === '/api/auth/me') return jsonResponse({ user: aUser({ roles }) });
    if (url.startsWith('/api/projects/')) return jsonResponse({ projects: [], nextCursor: null });
    if (url === '/api/verifiers') return jsonResponse({ verifiers: [] });
    return jsonResponse({ error: 'NotFound', message: 'not found' }, 404);
  });
  renderWithProviders(<ProjectsRoute />, { path });
}

const tabNames = () => screen.queryAllByRole('tab').map((tab) => tab.textContent);

describe('ProjectsRoute', () => {
  it.each([
    [['issuer'], ['My projects'], 'my-projects-empty'],
    [['verifier'], ['Verification queue'], 'verification-queue-empty'],
    [['registry'], ['Registry review'], 'review-queue-empty'],
    [['issuer', 'registry'], ['My projects', 'Registry review'], 'my-projects-empty'],
  ] as const)('shows %j the tabs of their part: %j', async (roles, tabs, firstPanel) => {
    renderAs([...roles]);
    expect(await screen.findByTestId(firstPanel)).toBeInTheDocument();
    expect(tabNames()).toEqual(tabs);
  });

  it('opens the tab the link names', async () => {
    renderAs(['issuer', 'registry'], '/projects?tab=review');
    expect(await screen.findByTestId('review-queue-empty')).toBeInTheDocument();
  });

  it('tells a user without a project role what they need', async () => {
    renderAs(['trader']);
    expect(await screen.findByTestId('projects-no-role')).toHaveTextContent('Working on projects needs the issuer, verifier or registry role.');
    expect(tabNames()).toEqual([]);
  });
});
