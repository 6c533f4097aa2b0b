import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { ComplianceDashboardResponse } from '@carbon-ledger/contracts';
import { Roles } from '../infrastructure/http/access-rules.js';
import { GetComplianceDashboardQuery } from './queries/get-compliance-dashboard.handler.js';

/** The compliance dashboard; its path stays under /api/kyc, where the console polls it. */
@Controller('api/kyc')
export class ComplianceDashboardController {
  constructor(private readonly queries: QueryBus) {}

  @Get('dashboard')
  @Roles('compliance', 'auditor', 'admin')
  dashboard(): Promise<ComplianceDashboardResponse> {
    return this.queries.execute(new GetComplianceDashboardQuery());
  }
}
