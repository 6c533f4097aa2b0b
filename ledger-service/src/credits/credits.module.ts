import { Module } from '@nestjs/common';
import { RetireCreditsHandler } from './commands/retire-credits.handler.js';
import { CancelCreditsHandler } from './commands/cancel-credits.handler.js';
import { TradeCreditsHandler } from './commands/trade-credits.handler.js';
import { AcceptTradeOfferHandler } from './commands/accept-trade-offer.handler.js';
import { WithdrawTradeOfferHandler } from './commands/withdraw-trade-offer.handler.js';
import { ListTradeOffersHandler } from './queries/list-trade-offers.handler.js';
import { CreditsController } from './credits.controller.js';
import { CreditsGateway } from './credits.gateway.js';
import { CreditsQueriesController } from './credits-queries.controller.js';
import { creditQueryHandlers } from './queries/index.js';
import { RegisterXrplActions } from './reactions/register-xrpl-actions.handler.js';
import { SettleOnXrpl } from './reactions/settle-on-xrpl.handler.js';

@Module({
  controllers: [CreditsController, CreditsQueriesController],
  providers: [
    TradeCreditsHandler,
    AcceptTradeOfferHandler,
    WithdrawTradeOfferHandler,
    ListTradeOffersHandler,
    RetireCreditsHandler,
    CancelCreditsHandler,
    ...creditQueryHandlers,
    CreditsGateway,
    SettleOnXrpl,
    RegisterXrplActions,
  ],
})
export class CreditsModule {}
