import { Module } from '@nestjs/common';
import type { EventStore } from '@carbon-ledger/contracts';
import { type AppConfig, APP_CONFIG } from '../config/config.js';
import type { ServiceRuntime } from '../infrastructure/service-runtime.js';
import { EVENT_STORE, RUNTIME } from '../infrastructure/tokens.js';
import { loadPlatformWallets } from './platform-wallets.js';
import { GetAmmStateHandler } from './queries/get-amm-state.handler.js';
import { GetXrplNetworkHandler } from './queries/get-network.handler.js';
import { GetSwapQuoteHandler } from './queries/get-swap-quote.handler.js';
import { GetWalletBalancesHandler } from './queries/get-wallet-balances.handler.js';
import { GetXrpMarketDataHandler } from './queries/get-xrp-market-data.handler.js';
import { ListWalletTransactionsHandler } from './queries/list-wallet-transactions.handler.js';
import { XrplConnection } from './xrpl-connection.js';
import { XrplController } from './xrpl.controller.js';
import { XrplGateway } from './xrpl-gateway.js';
import { XRPL_GATEWAY } from './xrpl.tokens.js';

@Module({
  controllers: [XrplController],
  providers: [
    {
      provide: XRPL_GATEWAY,
      inject: [APP_CONFIG, RUNTIME, EVENT_STORE],
      useFactory: (config: AppConfig, runtime: ServiceRuntime, eventStore: EventStore) =>
        new XrplGateway(config.XRPL_NETWORK, runtime.xrpl.url, loadPlatformWallets(config), eventStore),
    },
    XrplConnection,
    GetXrplNetworkHandler,
    GetWalletBalancesHandler,
    ListWalletTransactionsHandler,
    GetAmmStateHandler,
    GetSwapQuoteHandler,
    GetXrpMarketDataHandler,
  ],
  exports: [XRPL_GATEWAY, XrplConnection],
})
export class XrplModule {}
