import { Global, Module } from '@nestjs/common';
import type { EventStore } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { CreditMarketStore } from './credit-market.store.js';

export const CREDIT_MARKETS = Symbol('CREDIT_MARKETS');

/**
 * The credit market aggregate (registry serial blocks + order book) is shared by
 * the orders capability (Trading Desk, Marketplace) and the credits capability
 * (issue, transfer, retire): one store instance, so one in-memory state per market.
 */
@Global()
@Module({
  providers: [{ provide: CREDIT_MARKETS, inject: [EVENT_STORE], useFactory: (eventStore: EventStore) => new CreditMarketStore(eventStore) }],
  exports: [CREDIT_MARKETS],
})
export class CreditMarketModule {}
