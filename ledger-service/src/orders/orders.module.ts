import { Module } from '@nestjs/common';
import { CancelOrderHandler } from './commands/cancel-order.handler.js';
import { PlaceOrderHandler } from './commands/place-order.handler.js';
import { OrdersController } from './orders.controller.js';
import { GetOrderHandler, ListOrdersHandler } from './queries/list-orders.handler.js';

@Module({
  controllers: [OrdersController],
  providers: [PlaceOrderHandler, CancelOrderHandler, ListOrdersHandler, GetOrderHandler],
})
export class OrdersModule {}
