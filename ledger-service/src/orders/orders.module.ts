import { Module } from '@nestjs/common';
import { CancelOrderHandler } from './commands/cancel-order.handler.js';
import { PlaceOrderHandler } from './commands/place-order.handler.js';
import { MarketplaceController } from './marketplace.controller.js';
import { OrdersController } from './orders.controller.js';
import { GetMarketplaceHandler } from './queries/get-marketplace.handler.js';
import { GetOrderBookDepthHandler } from './queries/get-order-book-depth.handler.js';
import { GetOrderHandler, ListOrdersHandler } from './queries/list-orders.handler.js';

@Module({
  controllers: [OrdersController, MarketplaceController],
  providers: [PlaceOrderHandler, CancelOrderHandler, ListOrdersHandler, GetOrderHandler, GetMarketplaceHandler, GetOrderBookDepthHandler],
})
export class OrdersModule {}
