import { Module } from '@nestjs/common';
import { GetAmmStateHandler } from './queries/get-amm-state.handler.js';
import { GetXrplNetworkHandler } from './queries/get-network.handler.js';
import { GetSwapQuoteHandler } from './queries/get-swap-quote.handler.js';
import { GetWalletBalancesHandler } from './queries/get-wallet-balances.handler.js';
import { GetXrpMarketDataHandler } from './queries/get-xrp-market-data.handler.js';
import { ListWalletTransactionsHandler } from './queries/list-wallet-transactions.handler.js';
import { XrplController } from './xrpl.controller.js';

@Module({
  controllers: [XrplController],
  providers: [
    GetXrplNetworkHandler,
    GetWalletBalancesHandler,
    ListWalletTransactionsHandler,
    GetAmmStateHandler,
    GetSwapQuoteHandler,
    GetXrpMarketDataHandler,
  ],
})
export class XrplModule {}
