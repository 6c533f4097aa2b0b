import { Body, Controller, Get, HttpCode, Param, Post, Query as QueryParams } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  analyticsQuery,
  type AnalyticsQuery,
  type CreatePortfolioCommandInput,
  createPortfolioRequest,
  type CreatePortfolioResponse,
  formatPosition,
  type ImplementSuggestionResponse,
  type ListSuggestionsResponse,
  type PortfolioAnalyticsResponse,
  type PortfolioHoldingsResponse,
  portfolioIdParams,
  portfolioOwnerParams,
  type PortfolioView,
  suggestionParams,
} from '@carbon-ledger/contracts';
import { Roles } from '../infrastructure/http/access-rules.js';
import { type ApiRequest, commandContextFrom, CurrentRequest, type RequestUser } from '../infrastructure/http/request-context.js';
import { Written } from '../infrastructure/http/read-your-writes.js';
import { ZodPipe } from '../infrastructure/http/zod-body.pipe.js';
import { DomainError } from '../shared/domain-error.js';
import { CreatePortfolioCommand } from './commands/create-portfolio.handler.js';
import { ImplementSuggestionCommand } from './commands/implement-suggestion.handler.js';
import { GetAnalyticsQuery } from './queries/get-analytics.handler.js';
import { GetHoldingsQuery } from './queries/get-holdings.handler.js';
import { GetSuggestionsQuery } from './queries/get-suggestions.handler.js';
import { GetPortfolioQuery, ListPortfoliosQuery } from './queries/list-portfolios.handler.js';

/** Who holds credits and trades them has portfolios; admins may look at anyone's. */
const PORTFOLIO_ROLES = ['trader', 'issuer', 'admin'] as const;

function viewerOf(request: ApiRequest): RequestUser {
  if (!request.user) throw new DomainError('Unauthorized', 'Sign in to continue');
  return request.user;
}

function isAdmin(user: RequestUser): boolean {
  return user.roles.includes('admin');
}

@Controller('api')
export class PortfolioController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('portfolios/:userId')
  @Roles(...PORTFOLIO_ROLES)
  list(@Param(new ZodPipe(portfolioOwnerParams, 'user id')) params: { userId: string }, @CurrentRequest() request: ApiRequest): Promise<PortfolioView[]> {
    const viewer = viewerOf(request);
    // A portfolio is its owner's: another user's list does not exist for the caller.
    if (params.userId !== viewer.id && !isAdmin(viewer)) throw new DomainError('NotFound', 'Portfolios not found');
    return this.queries.execute(new ListPortfoliosQuery(params.userId));
  }

  @Post('portfolios')
  @Roles(...PORTFOLIO_ROLES)
  @HttpCode(201)
  async create(
    @Body(new ZodPipe(createPortfolioRequest)) body: CreatePortfolioCommandInput,
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<CreatePortfolioResponse>> {
    const viewer = viewerOf(request);
    const ownerId = body.userId ?? viewer.id;
    if (ownerId !== viewer.id && !isAdmin(viewer)) {
      throw new DomainError('Forbidden', 'A portfolio can only be created for the signed-in user', [{ path: 'userId', message: 'must be your own user id' }]);
    }
    const result = await this.commands.execute(new CreatePortfolioCommand(body, ownerId, commandContextFrom(request)));
    // Its value comes from the owner's holdings: read from the portfolios view once it shows the portfolio.
    return Written.read(result.position, async () => {
      const view = await this.queries.execute(new GetPortfolioQuery(result.portfolioId));
      if (!view) throw new DomainError('ServiceUnavailable', 'The portfolio was recorded but the portfolios view is catching up; refresh in a moment');
      return { ...view, position: formatPosition(result.position) };
    });
  }

  @Get('portfolio/:id')
  @Roles(...PORTFOLIO_ROLES)
  get(@Param(new ZodPipe(portfolioIdParams, 'portfolio id')) params: { id: string }, @CurrentRequest() request: ApiRequest): Promise<PortfolioView> {
    return this.visible(params.id, viewerOf(request));
  }

  @Get('portfolios/:id/holdings')
  @Roles(...PORTFOLIO_ROLES)
  async holdings(
    @Param(new ZodPipe(portfolioIdParams, 'portfolio id')) params: { id: string },
    @CurrentRequest() request: ApiRequest,
  ): Promise<PortfolioHoldingsResponse> {
    const portfolio = await this.visible(params.id, viewerOf(request));
    return this.queries.execute(new GetHoldingsQuery(portfolio.userId));
  }

  @Get('portfolios/:id/suggestions')
  @Roles(...PORTFOLIO_ROLES)
  async suggestions(
    @Param(new ZodPipe(portfolioIdParams, 'portfolio id')) params: { id: string },
    @CurrentRequest() request: ApiRequest,
  ): Promise<ListSuggestionsResponse> {
    const portfolio = await this.visible(params.id, viewerOf(request));
    return { suggestions: await this.queries.execute(new GetSuggestionsQuery(portfolio.userId, portfolio.riskProfile, new Date())) };
  }

  @Post('portfolios/:id/suggestions/:suggestionId/implement')
  @Roles(...PORTFOLIO_ROLES)
  @HttpCode(200)
  async implement(
    @Param(new ZodPipe(suggestionParams, 'suggestion')) params: { id: string; suggestionId: string },
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<ImplementSuggestionResponse>> {
    const viewer = viewerOf(request);
    const portfolio = await this.queries.execute(new GetPortfolioQuery(params.id));
    // Only the owner places orders from their portfolio; for anyone else it does not exist.
    if (!portfolio || portfolio.userId !== viewer.id) throw new DomainError('NotFound', 'Portfolio not found');
    const result = await this.commands.execute(
      new ImplementSuggestionCommand(params.id, viewer.id, portfolio.riskProfile, params.suggestionId, commandContextFrom(request)),
    );
    return Written.body(result.position, {
      portfolioId: params.id,
      suggestionId: params.suggestionId,
      alreadyImplemented: result.alreadyImplemented,
      orders: [...result.orders],
      position: formatPosition(result.position),
    });
  }

  @Get('portfolios/:id/analytics')
  @Roles(...PORTFOLIO_ROLES)
  async analytics(
    @Param(new ZodPipe(portfolioIdParams, 'portfolio id')) params: { id: string },
    @QueryParams(new ZodPipe(analyticsQuery, 'analytics query')) query: AnalyticsQuery,
    @CurrentRequest() request: ApiRequest,
  ): Promise<PortfolioAnalyticsResponse> {
    const portfolio = await this.visible(params.id, viewerOf(request));
    return this.queries.execute(new GetAnalyticsQuery(portfolio.userId, query.days, new Date()));
  }

  /** The portfolio when the viewer owns it or is an admin; 404 otherwise, as if it did not exist. */
  private async visible(portfolioId: string, viewer: RequestUser): Promise<PortfolioView> {
    const portfolio = await this.queries.execute(new GetPortfolioQuery(portfolioId));
    if (!portfolio || (portfolio.userId !== viewer.id && !isAdmin(viewer))) throw new DomainError('NotFound', 'Portfolio not found');
    return portfolio;
  }
}
