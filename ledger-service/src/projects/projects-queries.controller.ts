import { Controller, Get, Header, Inject, Param, StreamableFile } from '@nestjs/common';
import { documentParams } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import { Public } from '../infrastructure/http/access-rules.js';
import { type ApiRequest, CurrentRequest } from '../infrastructure/http/request-context.js';
import { ZodPipe } from '../infrastructure/http/zod-body.pipe.js';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { READ_MODELS } from '../infrastructure/tokens.js';
import { DomainError } from '../shared/domain-error.js';
import { DocumentStore } from './documents/document-store.js';

/** The registry's reads: the public registry (no sign-in, no personal data) and each role's work queue. */
@Controller('api')
export class ProjectsQueriesController {
  constructor(
    private readonly documents: DocumentStore,
    @Inject(READ_MODELS) private readonly db: ReadModels,
  ) {}

  @Get('registry/documents/:sha256')
  @Public()
  @Header('Cache-Control', 'no-store')
  async document(
    @Param(new ZodPipe(documentParams, 'document hash')) params: { sha256: string },
    @CurrentRequest() request: ApiRequest,
  ): Promise<StreamableFile> {
    const stored = await this.documents.get(params.sha256);
    // A document no project cites yet is its uploader's alone.
    if (!stored || (!(await this.cited(params.sha256)) && stored.uploadedBy !== request.user?.id)) throw new DomainError('NotFound', 'Document not found');
    return new StreamableFile(stored.content, { type: stored.mediaType, length: stored.size, disposition: `inline; filename="${stored.sha256}"` });
  }

  private async cited(sha256: string): Promise<boolean> {
    const result = await sql<{ found: number }>`select 1 as found from project_documents where sha256 = ${sha256} limit 1`.execute(this.db);
    return result.rows.length > 0;
  }
}
