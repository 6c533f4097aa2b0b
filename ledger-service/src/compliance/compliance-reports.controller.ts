import { Body, Controller, Inject, Post, Res } from '@nestjs/common';
import { complianceReportFileName, complianceReportRequest, type ComplianceReportRequest, type EventStore } from '@carbon-ledger/contracts';
import type { Response } from 'express';
import { Roles } from '../infrastructure/http/access-rules.js';
import { ChangesNothing } from '../infrastructure/idempotency/changes-nothing.js';
import { ZodPipe } from '../infrastructure/http/zod-body.pipe.js';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { EVENT_STORE, READ_MODELS } from '../infrastructure/tokens.js';
import { complianceReportPdf } from './reports/compliance-report-pdf.js';
import { readComplianceReport } from './reports/compliance-report.reader.js';

const CONTENT_TYPES = { json: 'application/json', pdf: 'application/pdf' } as const;

@Controller('api/compliance')
export class ComplianceReportsController {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_MODELS) private readonly db: ReadModels,
  ) {}

  /** A CSRD, ISSB or UN SDG report built from the event log, as a JSON document or a PDF. */
  @Post('reports')
  @ChangesNothing()
  @Roles('compliance', 'auditor', 'admin')
  async generate(@Body(new ZodPipe(complianceReportRequest)) request: ComplianceReportRequest, @Res() response: Response): Promise<void> {
    const generatedAt = new Date();
    const report = await readComplianceReport(this.eventStore, request, generatedAt, this.db);
    const body = request.format === 'pdf' ? await complianceReportPdf(report) : Buffer.from(`${JSON.stringify(report, null, 2)}\n`, 'utf8');
    response.status(200);
    response.setHeader('Content-Type', CONTENT_TYPES[request.format]);
    response.setHeader('Content-Disposition', `attachment; filename="${complianceReportFileName(request.framework, request.format, generatedAt)}"`);
    response.setHeader('Cache-Control', 'no-store');
    response.end(body);
  }
}
