import { Body, Controller, Get, HttpCode, Param, Post, Query as QueryParams } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  type AcceptDirectTradeOfferResponse,
  cancelCreditsRequest,
  type CancelCreditsCommand as CancelRequest,
  type CancelCreditsResponse,
  directTradeOfferParams,
  type ListDirectTradeOffersResponse,
  type ListTradeOffersParams,
  listTradeOffersParams,
  type WithdrawDirectTradeOfferResponse,
  formatPosition,
  retireCreditsRequest,
  type RetireCreditsCommand as RetireRequest,
  type RetireCreditsResponse,
  tradeCreditsRequest,
  type TradeCreditsCommand as TradeRequest,
  type TradeCreditsResponse,
} from '@carbon-ledger/contracts';
import { Roles } from '../infrastructure/http/access-rules.js';
import { type ApiRequest, commandContextFrom, CurrentRequest } from '../infrastructure/http/request-context.js';
import { Written } from '../infrastructure/http/read-your-writes.js';
import { ZodPipe } from '../infrastructure/http/zod-body.pipe.js';
import { RetireCreditsCommand } from './commands/retire-credits.handler.js';
import { CancelCreditsCommand } from './commands/cancel-credits.handler.js';
import { TradeCreditsCommand } from './commands/trade-credits.handler.js';
import { AcceptTradeOfferCommand } from './commands/accept-trade-offer.handler.js';
import { WithdrawTradeOfferCommand } from './commands/withdraw-trade-offer.handler.js';
import { ListTradeOffersQuery } from './queries/list-trade-offers.handler.js';
import { DomainError } from '../shared/domain-error.js';

/** Each change answers a `Written`: the route table names the views the answer waits for. */
@Controller('api')
export class CreditsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('trade')
  @Roles('trader', 'issuer', 'admin')
  @HttpCode(201)
  async trade(@Body(new ZodPipe(tradeCreditsRequest)) body: TradeRequest, @CurrentRequest() request: ApiRequest): Promise<Written<TradeCreditsResponse>> {
    const result = await this.commands.execute(new TradeCreditsCommand(body, commandContextFrom(request)));
    return Written.body(result.position, { ...result, position: formatPosition(result.position) });
  }

  @Get('trade/offers')
  @Roles('trader', 'issuer', 'admin')
  listOffers(
    @CurrentRequest() request: ApiRequest,
    @QueryParams(new ZodPipe(listTradeOffersParams, 'offers query')) page: ListTradeOffersParams,
  ): Promise<ListDirectTradeOffersResponse> {
    const userId = request.user?.id;
    if (!userId) throw new DomainError('Unauthorized', 'Sign in to list your offers');
    return this.queries.execute(new ListTradeOffersQuery(userId, new Date(), page));
  }

  @Post('trade/offers/:offerId/accept')
  @Roles('trader', 'issuer', 'admin')
  @HttpCode(201)
  async acceptOffer(
    @Param(new ZodPipe(directTradeOfferParams, 'offer id')) params: { offerId: string },
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<AcceptDirectTradeOfferResponse>> {
    const result = await this.commands.execute(new AcceptTradeOfferCommand(params.offerId, commandContextFrom(request)));
    return Written.body(result.position, { ...result, position: formatPosition(result.position) });
  }

  @Post('trade/offers/:offerId/decline')
  @Roles('trader', 'issuer', 'admin')
  @HttpCode(201)
  declineOffer(
    @Param(new ZodPipe(directTradeOfferParams, 'offer id')) params: { offerId: string },
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<WithdrawDirectTradeOfferResponse>> {
    return this.withdrawOffer(params.offerId, 'decline', request);
  }

  @Post('trade/offers/:offerId/cancel')
  @Roles('trader', 'issuer', 'admin')
  @HttpCode(201)
  cancelOffer(
    @Param(new ZodPipe(directTradeOfferParams, 'offer id')) params: { offerId: string },
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<WithdrawDirectTradeOfferResponse>> {
    return this.withdrawOffer(params.offerId, 'cancel', request);
  }

  @Post('retire')
  @Roles('trader', 'issuer', 'admin')
  @HttpCode(201)
  async retire(@Body(new ZodPipe(retireCreditsRequest)) body: RetireRequest, @CurrentRequest() request: ApiRequest): Promise<Written<RetireCreditsResponse>> {
    const result = await this.commands.execute(new RetireCreditsCommand(body, commandContextFrom(request)));
    const { replayed: _replayed, ...retired } = result;
    return Written.body(result.position, { ...retired, certificateUrl: `/retirements/${result.retirementId}`, position: formatPosition(result.position) });
  }

  @Post('cancel')
  @Roles('trader', 'issuer', 'registry', 'admin')
  @HttpCode(201)
  async cancel(@Body(new ZodPipe(cancelCreditsRequest)) body: CancelRequest, @CurrentRequest() request: ApiRequest): Promise<Written<CancelCreditsResponse>> {
    const roles = request.user?.roles ?? [];
    const asRegistry = roles.includes('registry') || roles.includes('admin');
    const result = await this.commands.execute(new CancelCreditsCommand(body, commandContextFrom(request), asRegistry));
    return Written.body(result.position, { ...result, position: formatPosition(result.position) });
  }

  private async withdrawOffer(offerId: string, as: 'decline' | 'cancel', request: ApiRequest): Promise<Written<WithdrawDirectTradeOfferResponse>> {
    const isAdmin = request.user?.roles.includes('admin') ?? false;
    const result = await this.commands.execute(new WithdrawTradeOfferCommand(offerId, as, isAdmin, commandContextFrom(request)));
    return Written.body(result.position, { ...result, position: formatPosition(result.position) });
  }
}
