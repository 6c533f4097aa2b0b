import { Controller, Get, Header, Param, Query as QueryParams, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  canOversee,
  type GetRetirementResponse,
  listCreditsParams,
  type ListCreditsParams,
  type ListCreditsResponse,
  listHoldingsParams,
  type ListHoldingsParams,
  type ListHoldingsResponse,
  listRetirementsParams,
  type ListRetirementsParams,
  type ListRetirementsResponse,
  listTradesParams,
  type ListTradesParams,
  type ListTradesResponse,
  type MetricsResponse,
  type ProvenanceResponse,
  type RetirementAnalytics,
  type RetirementAnalyticsFilter,
  type RetirementsPerMonth,
  provenanceParams,
  provenanceQuery,
  type ProvenanceQuery as ProvenancePage,
  serialProvenanceParams,
  type SerialProvenanceResponse,
  retirementAnalyticsParams,
  retirementParams,
  roles,
} from '@carbon-ledger/contracts';
import { Public, Roles } from '../infrastructure/http/access-rules.js';
import { type ApiRequest, CurrentRequest } from '../infrastructure/http/request-context.js';
import { ZodPipe } from '../infrastructure/http/zod-body.pipe.js';
import { DomainError } from '../shared/domain-error.js';
import { GetMetricsQuery } from './queries/get-metrics.handler.js';
import { GetProvenanceQuery } from './queries/get-provenance.handler.js';
import { GetSerialProvenanceQuery } from './queries/get-serial-provenance.handler.js';
import { GetRetirementAnalyticsQuery } from './queries/get-retirement-analytics.handler.js';
import { GetRetirementsPerMonthQuery } from './queries/get-retirements-per-month.handler.js';
import { GetRetirementQuery } from './queries/get-retirement.handler.js';
import { ListCreditsQuery } from './queries/list-credits.handler.js';
import { ListHoldingsQuery } from './queries/list-holdings.handler.js';
import { ListRetirementsQuery } from './queries/list-retirements.handler.js';
import { ListTradesQuery } from './queries/list-trades.handler.js';
import { retirementCertificatePdf } from './retirement-certificate-pdf.js';

const SIGNED_IN = roles;

/** The credit registry's read side: batches and holdings, trades, retirements, metrics, provenance. */
@Controller('api')
export class CreditsQueriesController {
  constructor(private readonly queries: QueryBus) {}

  @Get('credits')
  @Roles(...SIGNED_IN)
  listCredits(
    @QueryParams(new ZodPipe(listCreditsParams, 'credits query')) page: ListCreditsParams,
    @CurrentRequest() request: ApiRequest,
  ): Promise<ListCreditsResponse> {
    return this.queries.execute(new ListCreditsQuery(signedIn(request), page));
  }

  @Get('credits/holdings')
  @Roles(...SIGNED_IN)
  listHoldings(
    @QueryParams(new ZodPipe(listHoldingsParams, 'holdings query')) page: ListHoldingsParams,
    @CurrentRequest() request: ApiRequest,
  ): Promise<ListHoldingsResponse> {
    return this.queries.execute(new ListHoldingsQuery(signedIn(request), page));
  }

  @Get('trades')
  @Roles(...SIGNED_IN)
  listTrades(
    @QueryParams(new ZodPipe(listTradesParams, 'trades query')) page: ListTradesParams,
    @CurrentRequest() request: ApiRequest,
  ): Promise<ListTradesResponse> {
    const userId = signedIn(request);
    return this.queries.execute(new ListTradesQuery({ userId, oversees: canOversee(request.user?.roles ?? []) }, page));
  }

  @Get('retirements')
  @Roles(...SIGNED_IN)
  listRetirements(@QueryParams(new ZodPipe(listRetirementsParams, 'retirements query')) page: ListRetirementsParams): Promise<ListRetirementsResponse> {
    return this.queries.execute(new ListRetirementsQuery(page));
  }

  /** Public: the verification page of a certificate is for anyone holding its link. */
  @Get('retirements/:id')
  @Public()
  getRetirement(@Param(new ZodPipe(retirementParams, 'retirement id')) params: { id: string }): Promise<GetRetirementResponse> {
    return this.retirement(params.id);
  }

  @Get('retirements/:id/certificate.pdf')
  @Public()
  @Header('Content-Type', 'application/pdf')
  @Header('Cache-Control', 'no-store')
  async getCertificatePdf(
    @Param(new ZodPipe(retirementParams, 'retirement id')) params: { id: string },
    @CurrentRequest() request: ApiRequest,
  ): Promise<StreamableFile> {
    const retirement = await this.retirement(params.id);
    // The QR code needs an absolute link: the origin the caller reached us at (behind TRUST_PROXY, the proxy's).
    const verifyUrl = new URL(retirement.registryLink, `${request.protocol}://${request.get('host') ?? 'localhost'}`).href;
    return new StreamableFile(await retirementCertificatePdf(retirement, { verifyUrl }), {
      type: 'application/pdf',
      disposition: `inline; filename="retirement-certificate-${retirement.id}.pdf"`,
    });
  }

  @Get('enhanced-retirement/analytics')
  @Roles(...SIGNED_IN)
  analytics(): Promise<RetirementAnalytics> {
    return this.queries.execute(new GetRetirementAnalyticsQuery('all'));
  }

  @Get('enhanced-retirement/analytics/:filter')
  @Roles(...SIGNED_IN)
  filteredAnalytics(
    @Param(new ZodPipe(retirementAnalyticsParams, 'analytics filter')) params: { filter: RetirementAnalyticsFilter },
  ): Promise<RetirementAnalytics> {
    return this.queries.execute(new GetRetirementAnalyticsQuery(params.filter));
  }

  @Get('enhanced-retirement/monthly')
  @Roles(...SIGNED_IN)
  retirementsPerMonth(): Promise<RetirementsPerMonth> {
    return this.queries.execute(new GetRetirementsPerMonthQuery());
  }

  @Get('metrics')
  @Roles(...SIGNED_IN)
  metrics(@CurrentRequest() request: ApiRequest): Promise<MetricsResponse> {
    return this.queries.execute(new GetMetricsQuery(signedIn(request)));
  }

  @Get('provenance/serials/:serial')
  @Roles(...SIGNED_IN)
  async serialProvenance(@Param(new ZodPipe(serialProvenanceParams, 'serial number')) params: { serial: string }): Promise<SerialProvenanceResponse> {
    const provenance = await this.queries.execute(new GetSerialProvenanceQuery(params.serial));
    if (!provenance) throw new DomainError('NotFound', `No credit has the serial number ${params.serial}`);
    return provenance;
  }

  @Get('provenance/:tokenId')
  @Roles(...SIGNED_IN)
  async provenance(
    @Param(new ZodPipe(provenanceParams, 'token id')) params: { tokenId: string },
    @QueryParams(new ZodPipe(provenanceQuery, 'provenance query')) page: ProvenancePage,
  ): Promise<ProvenanceResponse> {
    const provenance = await this.queries.execute(new GetProvenanceQuery(params.tokenId, page));
    if (!provenance) throw new DomainError('NotFound', `No credits found for token ${params.tokenId}`);
    return provenance;
  }

  private async retirement(id: string): Promise<GetRetirementResponse> {
    const retirement = await this.queries.execute(new GetRetirementQuery(id));
    if (!retirement) throw new DomainError('NotFound', `No retirement ${id}`);
    return retirement;
  }
}

function signedIn(request: ApiRequest): string {
  if (!request.user) throw new DomainError('Unauthorized', 'Sign in to continue');
  return request.user.id;
}
