import { Controller, Get, Query as QueryParams } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { listAmlAlertsParams, type ListAmlAlertsParams, type ListAmlAlertsResponse } from '@carbon-ledger/contracts';
import { Roles } from '../infrastructure/http/access-rules.js';
import { ZodPipe } from '../infrastructure/http/zod-body.pipe.js';
import { ListAmlAlertsQuery } from './queries/list-aml-alerts.handler.js';

@Controller('api/aml')
export class AmlController {
  constructor(private readonly queries: QueryBus) {}

  /** Newest alerts first; alerts name users and amounts, so only compliance roles see them. */
  @Get('alerts')
  @Roles('compliance', 'auditor', 'admin')
  alerts(@QueryParams(new ZodPipe(listAmlAlertsParams, 'query')) query: ListAmlAlertsParams): Promise<ListAmlAlertsResponse> {
    return this.queries.execute(new ListAmlAlertsQuery(query));
  }
}
