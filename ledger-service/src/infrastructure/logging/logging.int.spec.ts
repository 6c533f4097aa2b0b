import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServiceUnderTest, startServiceUnderTest } from '../../test-support/service-under-test.js';

interface LogRecord {
  readonly level: string;
  readonly time: string;
  readonly msg: string;
  readonly requestId?: string;
  readonly context?: string;
  readonly [key: string]: unknown;
}

describe('structured logs in production (pino, one JSON object per line, request id on every line of a request)', () => {
  let service: ServiceUnderTest;
  const written: string[] = [];
  const lines = (): string[] => written.join('').split('\n').filter(Boolean);
  const records = (): LogRecord[] => lines().map((line) => JSON.parse(line) as LogRecord);

  beforeAll(async () => {
    service = await startServiceUnderTest(
      // A price feed nobody answers: the carbon-prices handler logs a warning while the request runs.
      { NODE_ENV: 'production', LOG_LEVEL: 'log', CARBON_PRICE_FEED_URL: 'http://127.0.0.1:9/prices' },
      {
        logs: new Writable({
          write(chunk: Buffer, _encoding, done) {
            written.push(chunk.toString());
            done();
          },
        }),
      },
    );
  });
  afterAll(async () => {
    await service?.close();
  });

  it('writes every line as JSON, and a request’s own lines and its access line carry the X-Request-Id it came with, which the answer repeats', async () => {
    const user = await service.signIn(['trader']);
    const requestId = `lb-${randomUUID()}`;
    const response = await user.request('GET', '/api/carbon-prices', undefined, { 'x-request-id': requestId });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe(requestId);

    for (const line of lines()) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
    const ofRequest = records().filter((record) => record.requestId === requestId);
    // The handler's warning, logged through Nest's Logger while the request ran, and pino-http's access line.
    expect(ofRequest.find((record) => record.context === 'GetCarbonPricesHandler' || record.msg.startsWith('price feed failed'))).toMatchObject({
      level: 'warn',
    });
    const access = ofRequest.find((record) => record.msg.startsWith('GET /api/carbon-prices 200'));
    expect(access).toMatchObject({ level: 'info', service: 'carbon-ledger', res: { statusCode: 200 } });
    expect(Date.parse(access?.time ?? '')).not.toBeNaN();
    // No header is logged: the session cookie and CSRF token that rode on the request are not there.
    expect(access?.req).toEqual({ method: 'GET', url: '/api/carbon-prices', ip: '127.0.0.1', userAgent: 'node' });
  });

  it('replaces a malformed X-Request-Id with a fresh one instead of echoing it', async () => {
    const response = await service.anonymous('GET', '/api/health', undefined, { 'x-request-id': 'bad id\twith "quotes"' });
    const assigned = response.headers.get('x-request-id') ?? '';
    expect(assigned).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(records().some((record) => record.requestId === assigned && record.msg.startsWith('GET /api/health'))).toBe(true);
    expect(lines().join('\n')).not.toContain('bad id');
  });

  it('never writes a password: not from a sign-in, a failed sign-in or a malformed one', async () => {
    const password = `Secret-${randomUUID()}`;
    const user = await service.signIn(['trader'], password);
    await service.anonymous('POST', '/api/auth/login', { email: 'nobody@example.test', password });
    await service.anonymous('POST', '/api/auth/login', { email: 'not an email', password });
    await service.anonymous('POST', '/api/auth/login', `{"email":"x@example.test","password":"${password}"`);
    await user.request('POST', '/api/auth/logout');
    // The sign-ins were logged (so the check looks at something), without the password.
    expect(records().filter((record) => record.msg.startsWith('POST /api/auth/login')).length).toBeGreaterThanOrEqual(4);
    expect(written.join('')).not.toContain(password);
  });
});
