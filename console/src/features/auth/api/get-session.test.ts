import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/fetch-mock';
import { aUser } from '../user-fixtures';
import { getSession, sessionQueryOptions } from './get-session';

describe('getSession', () => {
  it('loads the signed-in user from GET /api/auth/me', async () => {
    const requests = mockFetch(() => jsonResponse({ user: aUser() }));

    await expect(getSession()).resolves.toEqual(aUser());
    expect(requests[0]?.url).toBe('/api/auth/me');
    expect(requests[0]?.credentials).toBe('include');
    expect(sessionQueryOptions().queryKey).toEqual(['api', 'auth', 'me']);
  });

  it('answers null on 401', async () => {
    mockFetch(() => jsonResponse({ error: 'Unauthorized', message: 'Sign in to continue' }, 401));

    await expect(getSession()).resolves.toBeNull();
  });

  it('throws on any other failure', async () => {
    mockFetch(() => jsonResponse({ error: 'InternalError', message: 'boom' }, 500));

    await expect(getSession()).rejects.toThrow('500: ');
  });
});
