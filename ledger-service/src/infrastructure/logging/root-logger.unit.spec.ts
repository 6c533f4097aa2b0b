import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createRootLogger } from './root-logger.js';
import { requestIdFor } from './request-id.js';

function capture(): { readonly stream: Writable; text(): Promise<string> } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  // pino-pretty hands its lines on through a stream pipeline: one turn of the event loop.
  return { stream, text: () => new Promise((resolve) => setImmediate(() => resolve(chunks.join('')))) };
}

describe('the root logger', () => {
  it('writes readable lines outside production: time, level, [context], (request id) and the message, not JSON', async () => {
    const out = capture();
    const logger = createRootLogger({ NODE_ENV: 'development', LOG_LEVEL: 'log' }, { destination: out.stream });
    logger.info({ context: 'Orders', requestId: 'req-12345678' }, 'order placed');
    const line = (await out.text()).trim();
    expect(line).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: \[Orders\] \(req-12345678\) order placed$/);
    expect(() => JSON.parse(line) as unknown).toThrow();
  });

  it('writes one JSON object per line in production, with the level by name and an ISO time', async () => {
    const out = capture();
    const logger = createRootLogger({ NODE_ENV: 'production', LOG_LEVEL: 'log' }, { destination: out.stream });
    logger.warn({ context: 'XRPL' }, 'reconnecting');
    const record = JSON.parse(await out.text()) as Record<string, unknown>;
    expect(record).toMatchObject({ level: 'warn', context: 'XRPL', msg: 'reconnecting', service: 'carbon-ledger' });
    expect(new Date(String(record.time)).toISOString()).toBe(record.time);
  });

  it('honours LOG_LEVEL: debug lines only with LOG_LEVEL=debug', async () => {
    const quiet = capture();
    createRootLogger({ NODE_ENV: 'production', LOG_LEVEL: 'log' }, { destination: quiet.stream }).debug('detail');
    expect(await quiet.text()).toBe('');
    const verbose = capture();
    createRootLogger({ NODE_ENV: 'production', LOG_LEVEL: 'debug' }, { destination: verbose.stream }).debug('detail');
    expect(await verbose.text()).toContain('"msg":"detail"');
  });

  it('redacts passwords, seeds, secrets and credentials wherever a logged object carries them', async () => {
    const out = capture();
    const logger = createRootLogger({ NODE_ENV: 'production', LOG_LEVEL: 'log' }, { destination: out.stream });
    logger.info(
      {
        password: 'pw-top-level',
        body: { password: 'pw-nested', seed: 'sEdSeedNested' },
        wallet: { config: { secret: 'deep-secret' } },
        req: { headers: { cookie: 'cl_session=abc', authorization: 'Bearer tok' } },
      },
      'careless',
    );
    const text = await out.text();
    for (const secret of ['pw-top-level', 'pw-nested', 'sEdSeedNested', 'deep-secret', 'cl_session=abc', 'Bearer tok']) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  });
});

describe('request ids', () => {
  it('keeps a well-formed incoming X-Request-Id and replaces anything else with a fresh UUID', () => {
    expect(requestIdFor('lb-0123456789abcdef')).toBe('lb-0123456789abcdef');
    for (const bad of [undefined, '', 'short', 'has space inside', 'x'.repeat(129), 'new\nline-injected', '{"json":1}']) {
      expect(requestIdFor(bad)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });
});
