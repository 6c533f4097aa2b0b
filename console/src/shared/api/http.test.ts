import { CSRF_COOKIE, CSRF_HEADER } from '@carbon-ledger/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../test/fetch-mock';
import { describeError, HttpError, requestJson, serverMessageOf } from './http';

const passThrough = { parse: (data: unknown) => data };

async function failureOf(promise: Promise<unknown>): Promise<HttpError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof HttpError)) throw new Error('expected an HttpError');
  return error;
}

afterEach(() => {
  document.cookie = `${CSRF_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
});

describe('requestJson', () => {
  it('includes credentials and parses the JSON answer', async () => {
    const requests = mockFetch(() => jsonResponse({ ok: true }));

    await expect(requestJson('/api/thing', passThrough)).resolves.toEqual({ ok: true });
    expect(requests[0]?.credentials).toBe('include');
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.headers.has('content-type')).toBe(false);
  });

  it('sends a body as JSON with a JSON content type', async () => {
    const requests = mockFetch(() => jsonResponse({}));

    await requestJson('/api/thing', passThrough, { method: 'POST', body: { a: 1 } });
    expect(requests[0]?.headers.get('content-type')).toBe('application/json');
    expect(requests[0]?.body).toEqual({ a: 1 });
  });

  it('echoes the CSRF cookie in the CSRF header on state-changing calls only', async () => {
    document.cookie = `${CSRF_COOKIE}=token-123; path=/`;
    const requests = mockFetch(() => jsonResponse({}));

    await requestJson('/api/thing', passThrough, { method: 'POST', body: {} });
    await requestJson('/api/thing', passThrough);
    expect(requests[0]?.headers.get(CSRF_HEADER)).toBe('token-123');
    expect(requests[1]?.headers.has(CSRF_HEADER)).toBe(false);
  });

  it('sends no CSRF header without the cookie', async () => {
    const requests = mockFetch(() => jsonResponse({}));

    await requestJson('/api/thing', passThrough, { method: 'POST', body: {} });
    expect(requests[0]?.headers.has(CSRF_HEADER)).toBe(false);
  });

  it('raises "{status}: {body}" and keeps the API error body', async () => {
    const body = { error: 'ValidationFailed', message: 'Price must be greater than 0' };
    mockFetch(() => jsonResponse(body, 400));

    const error = await failureOf(requestJson('/api/thing', passThrough));
    expect(error.message).toBe(`400: ${JSON.stringify(body)}`);
    expect(error.status).toBe(400);
    expect(error.body).toEqual(body);
    expect(serverMessageOf(error, 'fallback')).toBe('Price must be greater than 0');
    expect(describeError(error)).toBe('Price must be greater than 0');
  });

  it('uses the status text when the body is empty', async () => {
    mockFetch(() => new Response('', { status: 500, statusText: 'Internal Server Error' }));

    const error = await failureOf(requestJson('/api/thing', passThrough));
    expect(error.message).toBe('500: Internal Server Error');
    expect(error.body).toBeUndefined();
    expect(serverMessageOf(error, 'fallback')).toBe('fallback');
    expect(describeError(error)).toBe('500: Internal Server Error');
  });
});
