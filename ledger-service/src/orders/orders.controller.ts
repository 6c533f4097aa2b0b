import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query as QueryParams } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  canOversee,
  cancelOrderParams,
  type CancelOrderResponse,
  type EventStore,
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
  type ProjectionName,
} from '@carbon-ledger/contracts';
import { Roles } from '../infrastructure/http/access-rules.js';
import { type AppConfig, APP_CONFIG } from '../config/config.js';
import { type ApiRequest, commandContextFrom, CurrentRequest } from '../infrastructure/http/request-context.js';
import { ZodPipe } from '../infrastructure/http/zod-body.pipe.js';
import { ProjectionHost } from '../infrastructure/projections/projection-host.js';
import { DomainError } from '../shared/domain-error.js';
import { CancelOrderCommand, type CancelOrderResult, isClosed } from './commands/cancel-order.handler.js';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { PlaceOrderCommand } from './commands/place-order.handler.js';
import { GetOrderQuery, ListOrdersQuery } from './queries/list-orders.handler.js';

/** Read-your-writes: the Trading Desk lists orders from the order book; other screens refetch on projection-updated. */
const ORDER_BOOK: readonly ProjectionName[] = ['order-book'];

@Controller('api/orders')
export class OrdersController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly projections: ProjectionHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
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
  async place(@Body(new ZodPipe(placeOrderRequest)) order: PlaceOrderRequest, @CurrentRequest() request: ApiRequest): Promise<PlaceOrderResponse> {
    const result = await this.commands.execute(new PlaceOrderCommand(order, commandContextFrom(request)));
    const view = await this.answerAfter(result.orderId, result.order, result.position);
    return { ...view, position: formatPosition(result.position), ...(result.notFilled ? { notFilled: result.notFilled } : {}) };
  }

  @Post(':id/cancel')
  @Roles('trader', 'admin')
  @HttpCode(200)
  async cancel(@Param(new ZodPipe(cancelOrderParams, 'order id')) params: { id: string }, @CurrentRequest() request: ApiRequest): Promise<CancelOrderResponse> {
    const context = commandContextFrom(request);
    const isAdmin = request.user?.roles.includes('admin') ?? false;
    const order = await this.queries.execute(new GetOrderQuery(params.id));
    if (!order) throw new DomainError('NotFound', 'Order not found');
    let result: CancelOrderResult;
    try {
      result = await this.commands.execute(new CancelOrderCommand(params.id, order, isAdmin, context));
    } catch (error) {
      // The order book showed it open, the market no longer holds it and closed it before what it
      // remembers (its state came from a snapshot): the order book, caught up, says how.
      if (!(error instanceof DomainError && error.code === 'NotFound') || isClosed(order)) throw error;
      const caughtUp = await this.projections.waitFor(ORDER_BOOK, await this.eventStore.headPosition(), this.config.PROJECTION_WAIT_MS);
      if (!caughtUp) throw new DomainError('ServiceUnavailable', 'The order book is catching up; try again in a moment');
      const now = await this.queries.execute(new GetOrderQuery(params.id));
      if (!now || !isClosed(now)) throw error;
      result = await this.commands.execute(new CancelOrderCommand(params.id, now, isAdmin, context));
    }
    const view = await this.answerAfter(params.id, result.order, result.position);
    return { ...view, position: formatPosition(result.position) };
  }

  /**
   * Read-your-writes: answers once the order book has applied the command's events, so the
   * caller's next list shows the order as answered. The answer is the order as the market held
   * it right after the command (the order book derives the same row from the same events), so
   * it costs no read of its own.
   */
  private async answerAfter(orderId: string, order: OrderView | undefined, position: Position): Promise<OrderView> {
    const caughtUp = await this.projections.waitFor(ORDER_BOOK, position, this.config.PROJECTION_WAIT_MS);
    if (!caughtUp) {
      throw new DomainError('ServiceUnavailable', 'The order was recorded but the order book is catching up; refresh in a moment');
    }
    const view = order ?? (await this.queries.execute(new GetOrderQuery(orderId)));
    // The command was recorded (it has a position): an order the read model does not show yet is one it
    // has still to apply (seen in the cluster test right after a takeover), never one that does not exist.
    if (!view) throw new DomainError('ServiceUnavailable', 'The order was recorded but the order book is catching up; refresh in a moment');
    return view;
  }
}
