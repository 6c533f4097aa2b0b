import { CSRF_COOKIE, CSRF_HEADER, IDEMPOTENCY_KEY_HEADER } from '@carbon-ledger/contracts';
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

  it('sends a fresh Idempotency-Key with every change, none with a read', async () => {
    const requests = mockFetch(() => jsonResponse({}));

    await requestJson('/api/orders', passThrough, { method: 'POST', body: { amount: 5 } });
    await requestJson('/api/orders', passThrough, { method: 'POST', body: { amount: 5 } });
    await requestJson('/api/users/u1/roles/trader', passThrough, { method: 'DELETE' });
    await requestJson('/api/orders', passThrough);
    const keys = requests.map((request) => request.headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys.slice(0, 3)).size).toBe(3);
    expect(keys[3]).toBeNull();
  });

  it('retries a change whose connection failed with the same Idempotency-Key and body', async () => {
    let calls = 0;
    const requests = mockFetch(() => {
      calls += 1;
      return calls < 3 ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse({ id: 'order-1' }, 201);
    });

    await expect(requestJson('/api/orders', passThrough, { method: 'POST', body: { amount: 7 } })).resolves.toEqual({ id: 'order-1' });
    expect(requests).toHaveLength(3);
    const key = requests[0]?.headers.get(IDEMPOTENCY_KEY_HEADER);
    expect(key).toBeTruthy();
    expect(requests.map((request) => request.headers.get(IDEMPOTENCY_KEY_HEADER))).toEqual([key, key, key]);
    expect(requests.map((request) => request.body)).toEqual([{ amount: 7 }, { amount: 7 }, { amount: 7 }]);
  });

  it('gives up after the retries and does not retry an answer or a read', async () => {
    const failing = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(requestJson('/api/orders', passThrough, { method: 'POST', body: {} })).rejects.toBeInstanceOf(TypeError);
    expect(failing).toHaveLength(3);

    const answered = mockFetch(() => new Response('Bad gateway', { status: 502 }));
    await expect(requestJson('/api/orders', passThrough, { method: 'POST', body: {} })).rejects.toBeInstanceOf(HttpError);
    expect(answered).toHaveLength(1);

    const read = mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(requestJson('/api/orders', passThrough)).rejects.toBeInstanceOf(TypeError);
    expect(read).toHaveLength(1);
  });
});
