import { Module } from '@nestjs/common';
import type { XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../infrastructure/xrpl/xrpl.tokens.js';
import { PrepareXrplIssueHandler } from './commands/prepare-xrpl-issue.handler.js';
import { PrepareXrplRetireHandler } from './commands/prepare-xrpl-retire.handler.js';
import { PrepareXrplTradeHandler } from './commands/prepare-xrpl-trade.handler.js';
import { SubmitXrplIssueHandler } from './commands/submit-xrpl-issue.handler.js';
import { SubmitXrplRetireHandler } from './commands/submit-xrpl-retire.handler.js';
import { SubmitXrplTradeHandler } from './commands/submit-xrpl-trade.handler.js';
import { GetAmmDailyPricesHandler } from './queries/get-amm-daily-prices.handler.js';
import { GetAmmReservesHistoryHandler } from './queries/get-amm-reserves-history.handler.js';
import { GetAmmStateHandler } from './queries/get-amm-state.handler.js';
import { GetXrplNetworkHandler } from './queries/get-network.handler.js';
import { GetSwapQuoteHandler } from './queries/get-swap-quote.handler.js';
import { GetWalletBalancesHandler } from './queries/get-wallet-balances.handler.js';
import { GetXrpMarketDataHandler } from './queries/get-xrp-market-data.handler.js';
import { ListWalletTransactionsHandler } from './queries/list-wallet-transactions.handler.js';
import { PreparationSeal } from './signing/preparation-seal.js';
import { XrplPreparations } from './signing/xrpl-preparations.js';
import { XrplActionsController } from './xrpl-actions.controller.js';
import { XrplController } from './xrpl.controller.js';
import { SandboxFaucetController } from './sandbox-faucet.controller.js';
import { FundSandboxWalletHandler } from './commands/fund-sandbox-wallet.handler.js';
import { PrepareXrplRedeemHandler } from './commands/prepare-xrpl-redeem.handler.js';
import { PrepareXrplTokenizeHandler } from './commands/prepare-xrpl-tokenize.handler.js';
import { SubmitXrplRedeemHandler } from './commands/submit-xrpl-redeem.handler.js';
import { SubmitXrplTokenizeHandler } from './commands/submit-xrpl-tokenize.handler.js';
import { GetVaultReservesHandler } from './queries/get-vault-reserves.handler.js';

@Module({
  controllers: [XrplController, XrplActionsController, SandboxFaucetController],
  providers: [
    GetXrplNetworkHandler,
    GetWalletBalancesHandler,
    ListWalletTransactionsHandler,
    GetAmmStateHandler,
    GetAmmReservesHistoryHandler,
    GetAmmDailyPricesHandler,
    GetSwapQuoteHandler,
    GetXrpMarketDataHandler,
    {
      provide: PreparationSeal,
      inject: [XRPL_GATEWAY],
      // The platform issuer's key is a secret the service keeps already; the seal key is derived from it.
      useFactory: (gateway: XrplGateway) => PreparationSeal.derivedFrom(gateway.wallets.issuer.privateKey),
    },
    XrplPreparations,
    PrepareXrplIssueHandler,
    SubmitXrplIssueHandler,
    PrepareXrplTradeHandler,
    SubmitXrplTradeHandler,
    PrepareXrplRetireHandler,
    SubmitXrplRetireHandler,
    FundSandboxWalletHandler,
    PrepareXrplTokenizeHandler,
    SubmitXrplTokenizeHandler,
    PrepareXrplRedeemHandler,
    SubmitXrplRedeemHandler,
    GetVaultReservesHandler,
  ],
})
export class XrplModule {}
