import { Global, Module } from '@nestjs/common';
import type { EventStore } from '@carbon-ledger/contracts';
import { type AppConfig, APP_CONFIG } from '../../config/config.js';
import { PlatformSubmissions } from '../../shared/platform-submissions.js';
import type { ServiceRuntime } from '../service-runtime.js';
import { ServiceMetrics } from '../metrics/service-metrics.js';
import { EVENT_STORE, RUNTIME } from '../tokens.js';
import { loadPlatformWallets } from './platform-wallets.js';
import { XrplConnection } from './xrpl-connection.js';
import { XrplGateway } from './xrpl-gateway.js';
import { XRPL_GATEWAY } from './xrpl.tokens.js';

/** The XRPL adapter, shared by every capability that reads or writes the ledger, and the platform wallets' exactly-once submissions. */
@Global()
@Module({
  providers: [
    {
      provide: XRPL_GATEWAY,
      inject: [APP_CONFIG, RUNTIME, ServiceMetrics],
      useFactory: (config: AppConfig, runtime: ServiceRuntime, metrics: ServiceMetrics) =>
        new XrplGateway(config.XRPL_NETWORK, runtime.xrpl.url, loadPlatformWallets(config), {
          submitted: (result) => metrics.xrplSubmitted(result),
          settled: (result, expired) => metrics.xrplSettled(result, expired),
        }),
    },
    {
      provide: PlatformSubmissions,
      inject: [XRPL_GATEWAY, EVENT_STORE],
      useFactory: (gateway: XrplGateway, eventStore: EventStore) => new PlatformSubmissions(gateway, eventStore),
    },
    XrplConnection,
  ],
  exports: [XRPL_GATEWAY, PlatformSubmissions, XrplConnection],
})
export class XrplInfrastructureModule {}
