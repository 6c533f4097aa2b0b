import { apiErrorBody, CSRF_COOKIE, CSRF_HEADER, type ApiErrorBody, IDEMPOTENCY_KEY_HEADER } from '@carbon-ledger/contracts';

/** Anything that turns an unknown JSON value into a typed one, e.g. a zod schema. */
export interface ResponseParser<T> {
  parse(data: unknown): T;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
}

/** A non-OK answer. The message has the product's fixed form: "{status}: {body text or status text}". */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  /** The API's error body `{ error, message, details }` when the answer carried one. */
  readonly body: ApiErrorBody | undefined;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.status = status;
    this.body = parseErrorBody(bodyText);
  }
}

function parseErrorBody(bodyText: string): ApiErrorBody | undefined {
  try {
    const parsed = apiErrorBody.safeParse(JSON.parse(bodyText));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The server's own message when it sent one, else `fallback`. */
export function serverMessageOf(error: unknown, fallback: string): string {
  return error instanceof HttpError && error.body ? error.body.message : fallback;
}

/** What a screen shows for a failed load: the server's message, else the error text. */
export function describeError(error: unknown): string {
  if (error instanceof HttpError) return error.body?.message ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

const stateChangingMethods: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function readCookie(name: string): string | undefined {
  for (const pair of document.cookie.split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return undefined;
}

/** 128 random bits as hex: Web Crypto's getRandomValues works on plain http too, unlike randomUUID. */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function buildHeaders(method: HttpMethod, hasBody: boolean): Headers {
  const headers = new Headers({ accept: 'application/json' });
  if (hasBody) headers.set('content-type', 'application/json');
  if (stateChangingMethods.has(method)) {
    // Double-submit CSRF token: the server set it as a cookie and checks the header matches.
    const csrfToken = readCookie(CSRF_COOKIE);
    if (csrfToken) headers.set(CSRF_HEADER, csrfToken);
    // One key per call, kept for its retries: the server runs the change once and answers a retry with the first answer.
    headers.set(IDEMPOTENCY_KEY_HEADER, newIdempotencyKey());
  }
  return headers;
}

/** Pauses before each retry of a change whose answer never arrived (the connection failed). */
const RETRY_DELAYS_MS = [100, 300];

function isNetworkFailure(error: unknown): boolean {
  // fetch rejects with a TypeError when no answer arrived; an abort is a DOMException.
  return error instanceof TypeError;
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Sends the request; a state-changing one whose connection failed before any answer is sent
 * again with the same headers, Idempotency-Key included, so it is applied at most once.
 */
async function send(path: string, method: HttpMethod, init: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await fetch(path, { ...init, method });
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (!stateChangingMethods.has(method) || delay === undefined || init.signal?.aborted || !isNetworkFailure(error)) throw error;
      await pause(delay, init.signal ?? undefined);
    }
  }
}

/** Every API call goes through here: cookies included, JSON in and out, non-OK answers thrown. */
export async function requestJson<T>(path: string, parser: ResponseParser<T>, { method = 'GET', body, signal }: RequestOptions = {}): Promise<T> {
  const hasBody = body !== undefined;
  const response = await send(path, method, {
    credentials: 'include',
    headers: buildHeaders(method, hasBody),
    body: hasBody ? JSON.stringify(body) : undefined,
    signal,
  });
  const text = await response.text();
  if (!response.ok) throw new HttpError(response.status, response.statusText, text);
  return parser.parse(text === '' ? undefined : JSON.parse(text));
}

/**
 * Sends `bytes` as the body with their own media type (an upload), same cookies, CSRF rule and
 * errors as requestJson; the answer is JSON.
 */
export async function requestBytes<T>(path: string, parser: ResponseParser<T>, bytes: Blob, mediaType: string, signal?: AbortSignal): Promise<T> {
  const headers = buildHeaders('POST', false);
  headers.set('content-type', mediaType);
  const response = await send(path, 'POST', { credentials: 'include', headers, body: bytes, signal });
  const text = await response.text();
  if (!response.ok) throw new HttpError(response.status, response.statusText, text);
  return parser.parse(text === '' ? undefined : JSON.parse(text));
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition, when the server named the file. */
  fileName: string | undefined;
}

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Fall through to the plain filename parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : undefined;
}

/** Like requestJson, for answers that are files (exports): same cookies, CSRF rule and errors. */
export async function requestFile(path: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<DownloadedFile> {
  const hasBody = body !== undefined;
  const headers = buildHeaders(method, hasBody);
  headers.set('accept', '*/*');
  const response = await send(path, method, {
    credentials: 'include',
    headers,
    body: hasBody ? JSON.stringify(body) : undefined,
    signal,
  });
  if (!response.ok) throw new HttpError(response.status, response.statusText, await response.text());
  return { blob: await response.blob(), fileName: fileNameFromDisposition(response.headers.get('content-disposition')) };
}
