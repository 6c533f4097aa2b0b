import { Global, Module } from '@nestjs/common';
import type { EventStore } from '@carbon-ledger/contracts';
import { type AppConfig, APP_CONFIG } from '../../config/config.js';
import type { ServiceRuntime } from '../service-runtime.js';
import { EVENT_STORE, RUNTIME } from '../tokens.js';
import { loadPlatformWallets } from './platform-wallets.js';
import { XrplConnection } from './xrpl-connection.js';
import { XrplGateway } from './xrpl-gateway.js';
import { XRPL_GATEWAY } from './xrpl.tokens.js';

/** The XRPL adapter, shared by every capability that reads or writes the ledger. */
@Global()
@Module({
  providers: [
    {
      provide: XRPL_GATEWAY,
      inject: [APP_CONFIG, RUNTIME, EVENT_STORE],
      useFactory: (config: AppConfig, runtime: ServiceRuntime, eventStore: EventStore) =>
        new XrplGateway(config.XRPL_NETWORK, runtime.xrpl.url, loadPlatformWallets(config), eventStore),
    },
    XrplConnection,
  ],
  exports: [XRPL_GATEWAY, XrplConnection],
})
export class XrplInfrastructureModule {}
