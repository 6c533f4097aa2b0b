import { Controller, Get, Header, Inject, Param, Query as QueryParams, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  batchParams,
  type BatchClaimsView,
  documentParams,
  type ListRegistryBatchesParams,
  listRegistryBatchesParams,
  type ListRegistryCancellationsParams,
  listRegistryCancellationsParams,
  type ListRegistryRetirementsParams,
  listRegistryRetirementsParams,
  type ListMyProjectsParams,
  listMyProjectsParams,
  type ListRegistryProjectsParams,
  listRegistryProjectsParams,
  type ListReviewQueueParams,
  listReviewQueueParams,
  type ListVerificationQueueParams,
  listVerificationQueueParams,
  type PagedProjectsResponse,
  type ListVerifiersResponse,
  projectParams,
  type ProjectView,
  registrySerialParams,
  type RegistrySerialView,
} from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import { Public, Roles } from '../infrastructure/http/access-rules.js';
import { type ApiRequest, CurrentRequest } from '../infrastructure/http/request-context.js';
import { ZodPipe } from '../infrastructure/http/zod-body.pipe.js';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { READ_MODELS } from '../infrastructure/tokens.js';
import { type AppConfig, APP_CONFIG, labelRulesOf } from '../config/config.js';
import { batchClaimsViews } from '../shared/batch-claims-reader.js';
import { DomainError } from '../shared/domain-error.js';
import { DocumentStore } from './documents/document-store.js';
import {
  ListMyProjectsQuery,
  ListVerifiersQuery,
  PublicBatchesQuery,
  PublicProjectQuery,
  PublicProjectsQuery,
  PublicRetirementsQuery,
  PublicCancellationsQuery,
  PublicSerialQuery,
  ReviewQueueQuery,
  VerificationQueueQuery,
} from './queries/index.js';

function signedIn(request: ApiRequest): string {
  if (!request.user) throw new DomainError('Unauthorized', 'Sign in to continue');
  return request.user.id;
}

/** The registry's reads: the public registry (no sign-in, no personal data) and each role's work queue. */
@Controller('api')
export class ProjectsQueriesController {
  constructor(
    private readonly queries: QueryBus,
    private readonly documents: DocumentStore,
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('projects/mine')
  @Roles('issuer', 'admin')
  mine(
    @CurrentRequest() request: ApiRequest,
    @QueryParams(new ZodPipe(listMyProjectsParams, 'projects query')) page: ListMyProjectsParams,
  ): Promise<PagedProjectsResponse> {
    return this.queries.execute(new ListMyProjectsQuery(signedIn(request), page));
  }

  @Get('projects/verification-queue')
  @Roles('verifier')
  verificationQueue(
    @CurrentRequest() request: ApiRequest,
    @QueryParams(new ZodPipe(listVerificationQueueParams, 'verification queue query')) page: ListVerificationQueueParams,
  ): Promise<PagedProjectsResponse> {
    return this.queries.execute(new VerificationQueueQuery(signedIn(request), page));
  }

  @Get('projects/review-queue')
  @Roles('registry')
  reviewQueue(@QueryParams(new ZodPipe(listReviewQueueParams, 'review queue query')) page: ListReviewQueueParams): Promise<PagedProjectsResponse> {
    return this.queries.execute(new ReviewQueueQuery(page));
  }

  @Get('verifiers')
  @Roles('issuer', 'verifier', 'registry', 'admin')
  verifiers(): Promise<ListVerifiersResponse> {
    return this.queries.execute(new ListVerifiersQuery());
  }

  @Get('registry/projects')
  @Public()
  publicProjects(@QueryParams(new ZodPipe(listRegistryProjectsParams, 'projects query')) page: ListRegistryProjectsParams): Promise<PagedProjectsResponse> {
    return this.queries.execute(new PublicProjectsQuery(page));
  }

  @Get('registry/projects/:projectId')
  @Public()
  async publicProject(@Param(new ZodPipe(projectParams, 'project id')) params: { projectId: string }): Promise<ProjectView> {
    const project = await this.queries.execute(new PublicProjectQuery(params.projectId));
    if (!project) throw new DomainError('NotFound', 'Project not found');
    return project;
  }

  @Get('registry/batches')
  @Public()
  batches(@QueryParams(new ZodPipe(listRegistryBatchesParams, 'batches query')) page: ListRegistryBatchesParams) {
    return this.queries.execute(new PublicBatchesQuery(page));
  }

  @Get('registry/batches/:batchId/claims')
  @Public()
  async batchClaims(@Param(new ZodPipe(batchParams, 'batch id')) params: { batchId: string }): Promise<BatchClaimsView> {
    const row = await this.db
      .selectFrom('credit_batches')
      .select(['standard', 'methodology', 'vintage'])
      .where('token_id', '=', params.batchId)
      .executeTakeFirst();
    if (!row) throw new DomainError('NotFound', `No credits found for token ${params.batchId}`);
    const views = await batchClaimsViews(this.db, [{ batchId: params.batchId, ...row }], labelRulesOf(this.config));
    return views.get(params.batchId)!;
  }

  @Get('registry/retirements')
  @Public()
  retirements(@QueryParams(new ZodPipe(listRegistryRetirementsParams, 'retirements query')) page: ListRegistryRetirementsParams) {
    return this.queries.execute(new PublicRetirementsQuery(page));
  }

  @Get('registry/cancellations')
  @Public()
  cancellations(@QueryParams(new ZodPipe(listRegistryCancellationsParams, 'cancellations query')) page: ListRegistryCancellationsParams) {
    return this.queries.execute(new PublicCancellationsQuery(page));
  }

  @Get('registry/serials/:serial')
  @Public()
  async serial(@Param(new ZodPipe(registrySerialParams, 'serial number')) params: { serial: string }): Promise<RegistrySerialView> {
    const found = await this.queries.execute(new PublicSerialQuery(params.serial));
    if (!found) throw new DomainError('NotFound', `No serial ${params.serial} in the registry`);
    return found;
  }

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
