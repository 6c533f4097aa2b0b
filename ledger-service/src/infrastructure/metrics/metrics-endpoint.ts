import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { type AppConfig, APP_CONFIG } from '../../config/config.js';
import { ServiceMetrics } from './service-metrics.js';

/**
 * `GET /metrics` on its own port (METRICS_PORT), not on the API's. Prometheus must scrape
 * each instance directly: through the load balancer a scrape would reach any one of them
 * and the counters would jump between processes. A port of its own keeps the figures off
 * the public address without tying the scraper to a browser session (which expires and
 * needs a CSRF token): bind it where only the monitoring network reaches it. Unset: no
 * metrics server at all.
 */
@Injectable()
export class MetricsEndpoint implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: ServiceMetrics,
  ) {}

  /** Where the endpoint listens, once started; undefined when METRICS_PORT is unset. */
  get url(): string | undefined {
    const address = this.server?.address() as AddressInfo | null | undefined;
    if (!address) return undefined;
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return `http://${host}:${address.port}/metrics`;
  }

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.METRICS_PORT;
    if (port === undefined) return;
    const server = createServer((request, response) => {
      const path = (request.url ?? '').split('?')[0];
      if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at GET /metrics\n');
        return;
      }
      this.metrics.exposition().then(
        ({ contentType, body }) => {
          response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
          response.end(request.method === 'HEAD' ? undefined : body);
        },
        (error: unknown) => {
          this.logger.error(`collecting metrics failed: ${error instanceof Error ? error.message : String(error)}`);
          response.writeHead(500, { 'content-type': 'text/plain' }).end('collecting metrics failed\n');
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, this.config.HOST, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    this.logger.log(`metrics at ${this.url ?? ''}`);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
