import { Global, Module } from '@nestjs/common';
import type { EventStore } from '@carbon-ledger/contracts';
import { CREDIT_MARKETS } from '../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../credit-market/credit-market.store.js';
import { FUNDED_BUYS } from '../credit-market/funded-buys.port.js';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { EVENT_STORE, READ_MODELS } from '../infrastructure/tokens.js';
import { type AppConfig, APP_CONFIG, labelRulesOf } from '../config/config.js';
import type { XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../infrastructure/xrpl/xrpl.tokens.js';
import { PlatformSubmissions } from '../shared/platform-submissions.js';
import { WithdrawFundsHandler } from './commands/withdraw-funds.handler.js';
import { SettleWithdrawalWhenRequested } from './reactions/settle-withdrawal-when-requested.handler.js';
import { WithdrawalSettlement } from './withdrawals.js';
import { settlementTokenOf } from './settlement-token.js';
import { AssignHeldDepositHandler } from './commands/assign-held-deposit.handler.js';
import { RefundHeldDepositHandler } from './commands/refund-held-deposit.handler.js';
import { HeldDepositRefunds } from './held-deposit-refunds.js';
import { RefundHeldDepositWhenRequested } from './reactions/refund-held-deposit-when-requested.handler.js';
import { DepositWatcher } from './deposits/deposit-watcher.js';
import { ListHeldDepositsHandler } from './queries/list-held-deposits.handler.js';
import { CreditDepositWhenHeldDepositAssigned } from './reactions/credit-deposit-when-held-deposit-assigned.handler.js';
import { ClaimTestUsdHandler } from './commands/claim-test-usd.handler.js';
import { DepositRecorder } from './deposit-recorder.js';
import { DepositTags } from './deposit-tags.js';
import { FundedOrders } from './funded-orders.js';
import { FundsController } from './funds.controller.js';
import { GetFundsHandler, readBalance } from './queries/get-funds.handler.js';
import { GetStatementHandler } from './queries/get-statement.handler.js';
import { marketBatchLabels } from '../shared/batch-claims-reader.js';
import { CompletePlacementWhenFundsReserved } from './reactions/complete-placement-when-funds-reserved.handler.js';

/** The cash ledger (docs/funds.md): funded buy orders for the orders and portfolio capabilities, deposits (and the watcher of the deposit address), held deposits (assigned or refunded), balances and statements. */
@Global()
@Module({
  controllers: [FundsController],
  providers: [
    {
      provide: FUNDED_BUYS,
      inject: [EVENT_STORE, CREDIT_MARKETS, READ_MODELS, APP_CONFIG],
      // The read model's market credits lag the log: a lower bound, which is what the cash decider needs (FundsState).
      useFactory: (eventStore: EventStore, markets: CreditMarketStore, db: ReadModels, config: AppConfig) =>
        new FundedOrders(
          eventStore,
          markets,
          async (userId) => (await readBalance(db, userId)).marketCredits,
          (market) => marketBatchLabels(db, market, labelRulesOf(config)),
        ),
    },
    { provide: DepositTags, inject: [EVENT_STORE], useFactory: (eventStore: EventStore) => new DepositTags(eventStore) },
    {
      provide: DepositRecorder,
      inject: [EVENT_STORE, DepositTags],
      useFactory: (eventStore: EventStore, tags: DepositTags) => new DepositRecorder(eventStore, tags),
    },
    {
      provide: WithdrawalSettlement,
      inject: [XRPL_GATEWAY, PlatformSubmissions, FUNDED_BUYS, APP_CONFIG],
      useFactory: (gateway: XrplGateway, submissions: PlatformSubmissions, funded: FundedOrders, config: AppConfig) =>
        new WithdrawalSettlement(gateway, submissions, funded, () => settlementTokenOf(gateway, config)),
    },
    {
      provide: HeldDepositRefunds,
      inject: [EVENT_STORE, XRPL_GATEWAY, PlatformSubmissions],
      useFactory: (eventStore: EventStore, gateway: XrplGateway, submissions: PlatformSubmissions) => new HeldDepositRefunds(eventStore, gateway, submissions),
    },
    WithdrawFundsHandler,
    SettleWithdrawalWhenRequested,
    GetFundsHandler,
    GetStatementHandler,
    ClaimTestUsdHandler,
    CompletePlacementWhenFundsReserved,
    DepositWatcher,
    AssignHeldDepositHandler,
    ListHeldDepositsHandler,
    CreditDepositWhenHeldDepositAssigned,
    RefundHeldDepositHandler,
    RefundHeldDepositWhenRequested,
  ],
  exports: [FUNDED_BUYS],
})
export class FundsModule {}
