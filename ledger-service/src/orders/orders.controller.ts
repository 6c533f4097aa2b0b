import { Body, Controller, Get, HttpCode, Param, Post, Query as QueryParams } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  canOversee,
  cancelOrderParams,
  type CancelOrderResponse,
  formatPosition,
  listOrdersParams,
  type ListOrdersParams,
  type ListOrdersResponse,
  type OrderView,
  oversightRoles,
  placeOrderRequest,
  type PlaceOrderRequest,
  type PlaceOrderResponse,
  type Position,
} from '@carbon-ledger/contracts';
import { Roles } from '../infrastructure/http/access-rules.js';
import { type ApiRequest, commandContextFrom, CurrentRequest } from '../infrastructure/http/request-context.js';
import { Written } from '../infrastructure/http/read-your-writes.js';
import { ZodPipe } from '../infrastructure/http/zod-body.pipe.js';
import { DomainError } from '../shared/domain-error.js';
import { CancelOrderCommand, type CancelOrderResult, isClosed } from './commands/cancel-order.handler.js';
import { PlaceOrderCommand } from './commands/place-order.handler.js';
import { GetOrderQuery, ListOrdersQuery } from './queries/list-orders.handler.js';

@Controller('api/orders')
export class OrdersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @Roles('trader', 'issuer', 'compliance', 'auditor', 'admin')
  list(
    @QueryParams(new ZodPipe(listOrdersParams, 'orders query')) params: ListOrdersParams,
    @CurrentRequest() request: ApiRequest,
  ): Promise<ListOrdersResponse> {
    const viewer = request.user;
    if (!viewer) throw new DomainError('Unauthorized', 'Sign in to continue');
    // Each user lists their own orders; oversight roles may switch to all.
    if (params.scope === 'all' && !canOversee(viewer.roles)) {
      throw new DomainError('Forbidden', `Listing all users' orders needs one of the roles: ${oversightRoles.join(', ')}`);
    }
    return this.queries.execute(new ListOrdersQuery(viewer.id, params.scope, params));
  }

  @Post()
  @Roles('trader', 'admin')
  @HttpCode(201)
  async place(@Body(new ZodPipe(placeOrderRequest)) order: PlaceOrderRequest, @CurrentRequest() request: ApiRequest): Promise<Written<PlaceOrderResponse>> {
    const result = await this.commands.execute(new PlaceOrderCommand(order, commandContextFrom(request)));
    return this.answer(result.orderId, result.order, result.position, async (view) => ({
      ...view,
      position: formatPosition(result.position),
      ...(result.notFilled ? { notFilled: result.notFilled } : {}),
    }));
  }

  @Post(':id/cancel')
  @Roles('trader', 'admin')
  @HttpCode(200)
  async cancel(
    @Param(new ZodPipe(cancelOrderParams, 'order id')) params: { id: string },
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<CancelOrderResponse>> {
    const context = commandContextFrom(request);
    const isAdmin = request.user?.roles.includes('admin') ?? false;
    const order = await this.queries.execute(new GetOrderQuery(params.id));
    if (!order) throw new DomainError('NotFound', 'Order not found');
    let result: CancelOrderResult;
    try {
      result = await this.commands.execute(new CancelOrderCommand(params.id, order, isAdmin, context));
    } catch (error) {
      // The order book showed it open, the market no longer holds it and closed it before what it
      // remembers (its state came from a snapshot): the order book row, read again, says how. Still
      // open there: the market's 404 (nothing waits here; a retry reads the order book again).
      if (!(error instanceof DomainError && error.code === 'NotFound') || isClosed(order)) throw error;
      const now = await this.queries.execute(new GetOrderQuery(params.id));
      if (!now || !isClosed(now)) throw error;
      result = await this.commands.execute(new CancelOrderCommand(params.id, now, isAdmin, context));
    }
    return this.answer(params.id, result.order, result.position, async (view) => ({ ...view, position: formatPosition(result.position) }));
  }

  /**
   * The order as the market held it right after the command (the order book derives the same row
   * from the same events), so it costs no read of its own; a replayed command has no such row and
   * reads the order book once it shows the command (the route waits for it).
   */
  private answer<T>(orderId: string, order: OrderView | undefined, position: Position, shape: (view: OrderView) => Promise<T>): Written<T> {
    if (order) return Written.read(position, () => shape(order));
    return Written.read(position, async () => {
      const view = await this.queries.execute(new GetOrderQuery(orderId));
      // The command was recorded (it has a position): an order the read model does not show yet is one it
      // has still to apply (seen in the cluster test right after a takeover), never one that does not exist.
      if (!view) throw new DomainError('ServiceUnavailable', 'The order was recorded but the order book is catching up; refresh in a moment');
      return shape(view);
    });
  }
}
