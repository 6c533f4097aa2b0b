import { Global, Module } from '@nestjs/common';
import type { EventStore } from '@carbon-ledger/contracts';
import { CREDIT_MARKETS } from '../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../credit-market/credit-market.store.js';
import { FUNDED_BUYS } from '../credit-market/funded-buys.port.js';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { EVENT_STORE, READ_MODELS } from '../infrastructure/tokens.js';
import { type AppConfig, APP_CONFIG } from '../config/config.js';
import type { XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../infrastructure/xrpl/xrpl.tokens.js';
import { SANDBOX_SETTLEMENT_CURRENCY } from '../infrastructure/xrpl/sandbox-provisioning.js';
import { PlatformSubmissions } from '../shared/platform-submissions.js';
import { WithdrawFundsHandler } from './commands/withdraw-funds.handler.js';
import { SettleWithdrawalWhenRequested } from './reactions/settle-withdrawal-when-requested.handler.js';
import { type SettlementToken, WithdrawalSettlement } from './withdrawals.js';
import { ClaimTestUsdHandler } from './commands/claim-test-usd.handler.js';
import { DepositRecorder } from './deposit-recorder.js';
import { DepositTags } from './deposit-tags.js';
import { FundedOrders } from './funded-orders.js';
import { FundsController } from './funds.controller.js';
import { GetFundsHandler, readBalance } from './queries/get-funds.handler.js';
import { GetStatementHandler } from './queries/get-statement.handler.js';
import { CompletePlacementWhenFundsReserved } from './reactions/complete-placement-when-funds-reserved.handler.js';

/** The cash ledger (docs/funds.md): funded buy orders for the orders and portfolio capabilities, deposits, balances and statements. */
@Global()
@Module({
  controllers: [FundsController],
  providers: [
    {
      provide: FUNDED_BUYS,
      inject: [EVENT_STORE, CREDIT_MARKETS, READ_MODELS],
      // The read model's market credits lag the log: a lower bound, which is what the cash decider needs (FundsState).
      useFactory: (eventStore: EventStore, markets: CreditMarketStore, db: ReadModels) =>
        new FundedOrders(eventStore, markets, async (userId) => (await readBalance(db, userId)).marketCredits),
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
        new WithdrawalSettlement(gateway, submissions, funded, () => settlementToken(gateway, config)),
    },
    WithdrawFundsHandler,
    SettleWithdrawalWhenRequested,
    GetFundsHandler,
    GetStatementHandler,
    ClaimTestUsdHandler,
    CompletePlacementWhenFundsReserved,
  ],
  exports: [FUNDED_BUYS],
})
export class FundsModule {}

/** USD of the platform issuer on the sandbox; elsewhere the configured stablecoin, or none. */
function settlementToken(gateway: XrplGateway, config: AppConfig): SettlementToken | undefined {
  if (gateway.network === 'sandbox') return { currency: SANDBOX_SETTLEMENT_CURRENCY, issuer: gateway.wallets.issuer.address };
  if (config.FUNDS_TOKEN_ISSUER && config.FUNDS_TOKEN_CURRENCY) return { currency: config.FUNDS_TOKEN_CURRENCY, issuer: config.FUNDS_TOKEN_ISSUER };
  return undefined;
}
