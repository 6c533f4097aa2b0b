import { healthResponse, placeOrderResponse } from '@carbon-ledger/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceForSuite, type SignedInClient, startServiceUnderTest } from '../../test-support/service-under-test.js';
import { fundWithTestUsd } from '../../test-support/test-usd.js';
import { verifiedAddress } from '../../test-support/verified-address.js';
import { MetricsEndpoint } from './metrics-endpoint.js';

interface Sample {
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/** The samples of one series name in a Prometheus text exposition. */
function samples(exposition: string, name: string): Sample[] {
  const found: Sample[] = [];
  for (const line of exposition.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1] ?? ''] = pair[2] ?? '';
    found.push({ labels, value: Number(match[3]) });
  }
  return found;
}

function sampleWith(exposition: string, name: string, labels: Record<string, string>): Sample | undefined {
  return samples(exposition, name).find((sample) => Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
}

describe('Prometheus metrics (GET /metrics on METRICS_PORT)', () => {
  const service = serviceForSuite({ METRICS_PORT: '0' });
  let trader: SignedInClient;
  let metricsUrl: string;
  let socket: Socket | undefined;

  const scrape = async (): Promise<{ status: number; contentType: string | null; text: string }> => {
    const response = await fetch(metricsUrl);
    return { status: response.status, contentType: response.headers.get('content-type'), text: await response.text() };
  };

  beforeAll(async () => {
    metricsUrl = service.app.get(MetricsEndpoint).url ?? '';
    trader = await service.signIn(['trader']);
    await verifiedAddress(service, trader);
    // Buy orders are paid for (docs/funds.md).
    await fundWithTestUsd(trader);
  });
  afterAll(async () => {
    socket?.close();
  });

  it('after an order is placed and cancelled, the scrape has the HTTP, append, lag, XRPL, socket and process series with their labels', async () => {
    const placed = await trader.request('POST', '/api/orders', { type: 'buy', amount: 5, price: '12.50', projectType: 'Solar Energy', vintage: 2026 });
    expect(placed.status).toBe(201);
    const order = placeOrderResponse.parse(await placed.json());
    expect((await trader.request('POST', `/api/orders/${order.id}/cancel`)).status).toBe(200);
    socket = io(service.baseUrl, { transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders: { cookie: trader.cookie } });
    await new Promise<void>((resolve, reject) => {
      socket?.once('connect', () => resolve());
      socket?.once('connect_error', reject);
    });

    const { status, contentType, text } = await scrape();
    expect(status).toBe(200);
    expect(contentType).toContain('text/plain; version=0.0.4');

    // HTTP by route pattern and status: the order id is in no label.
    expect(sampleWith(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/api/orders', status_code: '201' })?.value).toBe(1);
    expect(sampleWith(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/api/orders/:id/cancel', status_code: '200' })?.value).toBe(1);
    expect(text).not.toContain(order.id);

    // The event store: appends by outcome, and the size of the writes group commit made.
    expect(sampleWith(text, 'carbon_ledger_event_append_duration_seconds_count', { outcome: 'appended' })?.value).toBeGreaterThanOrEqual(2);
    expect(samples(text, 'carbon_ledger_event_append_batch_events_count')[0]?.value).toBeGreaterThanOrEqual(1);
    expect(samples(text, 'carbon_ledger_event_append_batch_appends_count')[0]?.value).toBeGreaterThanOrEqual(1);

    // Lag of every projection and reaction /api/health lists, under the same names.
    const health = healthResponse.parse(await (await service.anonymous('GET', '/api/health')).json());
    const followers = [...health.projections, ...health.reactions];
    expect(followers.length).toBeGreaterThan(0);
    for (const follower of followers) {
      const labels = { name: follower.name, kind: follower.kind };
      expect(sampleWith(text, 'carbon_ledger_log_follower_lag_events', labels), follower.name).toBeDefined();
      expect(sampleWith(text, 'carbon_ledger_log_follower_lag_seconds', labels), follower.name).toBeDefined();
      expect(sampleWith(text, 'carbon_ledger_log_follower_failed', labels)?.value, follower.name).toBe(0);
    }

    // The KYC verification issued an XRPL credential through the platform wallet.
    expect(sampleWith(text, 'carbon_ledger_xrpl_submissions_total', { result: 'tesSUCCESS' })?.value).toBeGreaterThanOrEqual(1);
    expect(sampleWith(text, 'carbon_ledger_xrpl_outcomes_total', { result: 'tesSUCCESS' })?.value).toBeGreaterThanOrEqual(1);

    expect(samples(text, 'carbon_ledger_socket_connections')[0]?.value).toBe(1);
    expect(samples(text, 'process_cpu_user_seconds_total')[0]?.value).toBeGreaterThan(0);
    expect(samples(text, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
  });

  it('the API port serves no metrics, to an administrator or anyone else', async () => {
    const admin = await service.signIn(['admin']);
    for (const response of [await admin.request('GET', '/metrics'), await trader.request('GET', '/metrics'), await service.anonymous('GET', '/metrics')]) {
      // Not found, or the console's page when it is built: never the exposition.
      expect(response.headers.get('content-type') ?? '').not.toContain('version=0.0.4');
      expect(await response.text()).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers 404 for any other path or method on the metrics port', async () => {
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(metricsUrl, { method: 'POST' })).status).toBe(404);
  });
});

describe('Prometheus metrics without METRICS_PORT', () => {
  it('starts no metrics server', async () => {
    const service = await startServiceUnderTest();
    try {
      expect(service.app.get(MetricsEndpoint).url).toBeUndefined();
    } finally {
      await service.close();
    }
  });
});
