import { Controller, Get, Query as QueryParams } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  type AmmDailyPricesResponse,
  type AmmReservesHistoryResponse,
  type AmmStateResponse,
  swapPathQuery,
  type SwapPathQuery,
  type SwapPathResponse,
  type WalletBalanceResponse,
  type WalletTransactionsResponse,
  type VaultReservesResponse,
  type XrpMarketDataResponse,
  type XrplNetworkResponse,
  roles,
} from '@carbon-ledger/contracts';
import { Roles } from '../infrastructure/http/access-rules.js';
import { ZodPipe } from '../infrastructure/http/zod-body.pipe.js';
import { GetAmmDailyPricesQuery } from './queries/get-amm-daily-prices.handler.js';
import { GetAmmReservesHistoryQuery } from './queries/get-amm-reserves-history.handler.js';
import { GetAmmStateQuery } from './queries/get-amm-state.handler.js';
import { GetXrplNetworkQuery } from './queries/get-network.handler.js';
import { GetSwapQuoteQuery } from './queries/get-swap-quote.handler.js';
import { GetWalletBalancesQuery } from './queries/get-wallet-balances.handler.js';
import { GetXrpMarketDataQuery } from './queries/get-xrp-market-data.handler.js';
import { GetVaultReservesQuery } from './queries/get-vault-reserves.handler.js';
import { ListWalletTransactionsQuery } from './queries/list-wallet-transactions.handler.js';

/** Read calls of the dashboard's AMM and wallet tabs; every signed-in role may look. */
@Controller('api/xrpl')
@Roles(...roles)
export class XrplController {
  constructor(private readonly queries: QueryBus) {}

  @Get('network')
  network(): Promise<XrplNetworkResponse> {
    return this.queries.execute(new GetXrplNetworkQuery());
  }

  @Get('balance')
  balance(): Promise<WalletBalanceResponse> {
    return this.queries.execute(new GetWalletBalancesQuery());
  }

  @Get('transactions')
  transactions(): Promise<WalletTransactionsResponse> {
    return this.queries.execute(new ListWalletTransactionsQuery());
  }

  @Get('amm-state')
  ammState(): Promise<AmmStateResponse> {
    return this.queries.execute(new GetAmmStateQuery());
  }

  @Get('amm-daily')
  ammDailyPrices(): Promise<AmmDailyPricesResponse> {
    return this.queries.execute(new GetAmmDailyPricesQuery());
  }

  @Get('amm-reserves')
  ammReserves(): Promise<AmmReservesHistoryResponse> {
    return this.queries.execute(new GetAmmReservesHistoryQuery());
  }

  @Get('swap-path')
  swapPath(@QueryParams(new ZodPipe(swapPathQuery, 'swap')) swap: SwapPathQuery): Promise<SwapPathResponse> {
    return this.queries.execute(new GetSwapQuoteQuery(swap));
  }

  @Get('reserves')
  reserves(): Promise<VaultReservesResponse> {
    return this.queries.execute(new GetVaultReservesQuery());
  }

  @Get('market-data')
  marketData(): Promise<XrpMarketDataResponse> {
    return this.queries.execute(new GetXrpMarketDataQuery());
  }
}
