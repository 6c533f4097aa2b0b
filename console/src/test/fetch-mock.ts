import { vi } from 'vitest';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  /** Parsed JSON body, or undefined when none was sent. */
  body: unknown;
}

export type FetchHandler = (request: RecordedRequest) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Replaces global fetch; returns the requests it received, in order. */
export function mockFetch(handler: FetchHandler): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const request: RecordedRequest = {
        url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        credentials: init.credentials,
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      requests.push(request);
      return handler(request);
    }),
  );
  return requests;
}
