import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Body, Controller, Inject, Logger, Post, Res } from '@nestjs/common';
import { type EventStore, evidenceExportFileName, evidenceExportRequest, type EvidenceExportRequest } from '@carbon-ledger/contracts';
import type { Response } from 'express';
import { Roles } from '../infrastructure/http/access-rules.js';
import { ChangesNothing } from '../infrastructure/idempotency/changes-nothing.js';
import { ZodPipe } from '../infrastructure/http/zod-body.pipe.js';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { csvExport, type ExportContext, jsonExport, pdfExport } from './evidence/evidence-formats.js';
import { emptySummary, evidenceRecords } from './evidence/evidence-records.js';

const CONTENT_TYPES = { json: 'application/json', csv: 'text/csv; charset=utf-8', pdf: 'application/pdf' } as const;

@Controller('api/export')
export class EvidenceExportController {
  private readonly logger = new Logger('EvidenceExport');

  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  /** Streams the evidence straight from the event log; memory stays flat whatever the period. */
  @Post('evidence')
  @ChangesNothing()
  @Roles('compliance', 'auditor', 'admin')
  async export(@Body(new ZodPipe(evidenceExportRequest)) request: EvidenceExportRequest, @Res() response: Response): Promise<void> {
    const generatedAt = new Date();
    const summary = emptySummary();
    const context: ExportContext = { request, generatedAt, summary, records: evidenceRecords(this.eventStore, request, summary) };
    response.status(200);
    response.setHeader('Content-Type', CONTENT_TYPES[request.format]);
    response.setHeader('Content-Disposition', `attachment; filename="${evidenceExportFileName(request.format, generatedAt)}"`);
    response.setHeader('Cache-Control', 'no-store');
    if (request.format === 'pdf') {
      response.end(await pdfExport(context));
      return;
    }
    const chunks = request.format === 'json' ? jsonExport(context) : csvExport(context);
    try {
      await pipeline(Readable.from(chunks), response);
    } catch (error) {
      // Headers are gone; cut the download short so it cannot pass for complete (it lacks its manifest).
      this.logger.error(`evidence export failed mid-stream: ${error instanceof Error ? error.message : String(error)}`);
      response.destroy();
    }
  }
}
