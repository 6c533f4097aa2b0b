import { Body, Controller, Headers, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import {
  batchParams,
  type BatchClaims,
  type BatchClaimsResponse,
  type RecordBatchAuthorizationRequest,
  recordBatchAuthorizationRequest,
  type RecordCorrespondingAdjustmentRequest,
  recordCorrespondingAdjustmentRequest,
  accreditVerifierRequest,
  bufferSharePercent,
  type CreditProjectType,
  issueCreditsRequest,
  type IssueCreditsRequest,
  type IssueCreditsResponse,
  type DecideRegistrationRequest,
  decideRegistrationRequest,
  type DecideValidationRequest,
  decideValidationRequest,
  type DecideVerificationRequest,
  decideVerificationRequest,
  deactivateProjectRequest,
  defaultMethodologies,
  type DraftProjectRequest,
  draftProjectRequest,
  type FileMonitoringReportRequest,
  fileMonitoringReportRequest,
  formatPosition,
  type ImportCreditsRequest,
  importCreditsRequest,
  projectParams,
  type ProjectCommandResponse,
  reportParams,
  type ReportCommandResponse,
  requestValidationRequest,
  recordReversalRequest,
  type RecordReversalResponse,
  type ReviewIssuanceRequest,
  reviewIssuanceRequest,
  type UploadDocumentResponse,
  verifierParams,
} from '@carbon-ledger/contracts';
import type { z } from 'zod';
import { type AppConfig, APP_CONFIG, labelRulesOf } from '../config/config.js';
import { Roles } from '../infrastructure/http/access-rules.js';
import { type ApiRequest, commandContextFrom, CurrentRequest } from '../infrastructure/http/request-context.js';
import { Written } from '../infrastructure/http/read-your-writes.js';
import { ZodPipe } from '../infrastructure/http/zod-body.pipe.js';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { READ_MODELS } from '../infrastructure/tokens.js';
import { ChangesNothing } from '../infrastructure/idempotency/changes-nothing.js';
import { claimsView } from '../shared/batch-claims-reader.js';
import { deriveId } from '../shared/command-context.js';
import { DomainError } from '../shared/domain-error.js';
import { AccreditVerifierCommand } from './commands/accredit-verifier.handler.js';
import { DecideProjectCommand, type ProjectDecision } from './commands/decide-project.handler.js';
import { FileIssuanceRequestCommand } from './commands/file-issuance-request.handler.js';
import { ImportCreditsCommand } from './commands/import-credits.handler.js';
import { type BatchClaimsChange, type BatchClaimsRecorded, RecordBatchClaimsCommand } from './commands/record-batch-claims.handler.js';
import { DocumentStore } from './documents/document-store.js';
import type { ProjectCommand } from './project.decider.js';
import { ProjectParties } from './project-parties.js';

function projectBody(decision: ProjectDecision): ProjectCommandResponse {
  return { projectId: decision.projectId, status: decision.projectStatus, position: formatPosition(decision.position) };
}

function signedIn(request: ApiRequest) {
  if (!request.user) throw new DomainError('Unauthorized', 'Sign in to continue');
  return request.user;
}

/** The registry lifecycle's commands: each decided on the project's stream; its route waits for the projects view to show it. */
@Controller('api')
export class ProjectsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly documents: DocumentStore,
    private readonly parties: ProjectParties,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(READ_MODELS) private readonly db: ReadModels,
  ) {}

  @Post('documents')
  @Roles('issuer', 'verifier', 'registry', 'admin')
  @ChangesNothing()
  async upload(
    @CurrentRequest() request: ApiRequest,
    @Headers('content-type') contentType: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<UploadDocumentResponse> {
    const stored = await this.documents.put(request.body, contentType, signedIn(request).id);
    response.status(stored.created ? 201 : 200);
    return stored;
  }

  @Post('issue')
  @Roles('issuer', 'admin')
  @HttpCode(201)
  async fileIssuanceRequest(
    @Body(new ZodPipe(issueCreditsRequest)) body: IssueCreditsRequest,
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<IssueCreditsResponse>> {
    const user = signedIn(request);
    const filed = await this.commands.execute(
      new FileIssuanceRequestCommand(body, await this.parties.party(user.id), this.bufferShares()[body.projectType], commandContextFrom(request)),
    );
    const { replayed: _replayed, ...answer } = filed;
    return Written.body(filed.position, { ...answer, requiresKyc: false, position: formatPosition(filed.position) });
  }

  @Post('projects')
  @Roles('issuer', 'admin')
  @HttpCode(201)
  async draft(
    @Body(new ZodPipe(draftProjectRequest)) body: DraftProjectRequest,
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<ProjectCommandResponse>> {
    const user = signedIn(request);
    const documents = await this.documents.cite(body.documents);
    const details = { ...body, methodology: body.methodology || defaultMethodologies[body.projectType], documents };
    const command: ProjectCommand = { type: 'DraftProject', proponent: await this.parties.party(user.id), details };
    return this.projectAnswer(await this.decide(body.projectId, command, request));
  }

  @Post('projects/:projectId/validation')
  @Roles('issuer', 'admin')
  @HttpCode(200)
  async requestValidation(
    @Param(new ZodPipe(projectParams, 'project id')) params: { projectId: string },
    @Body(new ZodPipe(requestValidationRequest)) body: { verifierId: string },
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<ProjectCommandResponse>> {
    const user = signedIn(request);
    const command: ProjectCommand = {
      type: 'RequestValidation',
      actor: await this.parties.party(user.id),
      isAdmin: user.roles.includes('admin'),
      verifier: await this.parties.verifier(body.verifierId),
    };
    return this.projectAnswer(await this.decide(params.projectId, command, request));
  }

  @Post('projects/:projectId/validation/decision')
  @Roles('verifier')
  @HttpCode(200)
  async decideValidation(
    @Param(new ZodPipe(projectParams, 'project id')) params: { projectId: string },
    @Body(new ZodPipe(decideValidationRequest)) body: DecideValidationRequest,
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<ProjectCommandResponse>> {
    const command: ProjectCommand = {
      type: 'DecideValidation',
      actor: await this.parties.party(signedIn(request).id),
      decision: body.decision,
      text: body.decision === 'validated' ? body.comment : body.reasons,
      documents: await this.documents.cite(body.documents),
    };
    return this.projectAnswer(await this.decide(params.projectId, command, request));
  }

  @Post('projects/:projectId/registration')
  @Roles('registry')
  @HttpCode(200)
  async decideRegistration(
    @Param(new ZodPipe(projectParams, 'project id')) params: { projectId: string },
    @Body(new ZodPipe(decideRegistrationRequest)) body: DecideRegistrationRequest,
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<ProjectCommandResponse>> {
    const command: ProjectCommand = {
      type: 'DecideRegistration',
      actor: await this.parties.party(signedIn(request).id),
      decision: body.decision,
      reasons: body.decision === 'refused' ? body.reasons : '',
    };
    return this.projectAnswer(await this.decide(params.projectId, command, request));
  }

  @Post('projects/:projectId/deactivation')
  @Roles('registry')
  @HttpCode(200)
  async deactivate(
    @Param(new ZodPipe(projectParams, 'project id')) params: { projectId: string },
    @Body(new ZodPipe(deactivateProjectRequest)) body: { reasons: string },
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<ProjectCommandResponse>> {
    const command: ProjectCommand = { type: 'DeactivateProject', actor: await this.parties.party(signedIn(request).id), reasons: body.reasons };
    return this.projectAnswer(await this.decide(params.projectId, command, request));
  }

  @Post('projects/:projectId/reports')
  @Roles('issuer', 'admin')
  @HttpCode(201)
  async fileReport(
    @Param(new ZodPipe(projectParams, 'project id')) params: { projectId: string },
    @Body(new ZodPipe(fileMonitoringReportRequest)) body: FileMonitoringReportRequest,
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<ReportCommandResponse>> {
    const user = signedIn(request);
    const context = commandContextFrom(request);
    const command: ProjectCommand = {
      type: 'FileMonitoringReport',
      actor: await this.parties.party(user.id),
      isAdmin: user.roles.includes('admin'),
      // Derived from the command id, so a retried request files the same report.
      reportId: deriveId(context.commandId, 'monitoring-report'),
      period: body.period,
      claimed: body.claimed,
      mitigation: body.mitigation,
      documents: await this.documents.cite(body.documents),
    };
    return this.reportAnswer(await this.decideIn(params.projectId, command, context), command.reportId);
  }

  @Post('projects/:projectId/reports/:reportId/verification')
  @Roles('verifier')
  @HttpCode(200)
  async decideVerification(
    @Param(new ZodPipe(reportParams, 'report')) params: { projectId: string; reportId: string },
    @Body(new ZodPipe(decideVerificationRequest)) body: DecideVerificationRequest,
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<ReportCommandResponse>> {
    const verified = body.decision === 'verified';
    const command: ProjectCommand = {
      type: 'DecideVerification',
      actor: await this.parties.party(signedIn(request).id),
      reportId: params.reportId,
      decision: body.decision,
      verified: verified ? body.verified : [],
      reasons: body.reasons,
      documents: verified ? await this.documents.cite(body.documents) : [],
    };
    return this.reportAnswer(await this.decide(params.projectId, command, request), params.reportId);
  }

  @Post('projects/:projectId/reports/:reportId/review')
  @Roles('registry')
  @HttpCode(200)
  async reviewIssuance(
    @Param(new ZodPipe(reportParams, 'report')) params: { projectId: string; reportId: string },
    @Body(new ZodPipe(reviewIssuanceRequest)) body: ReviewIssuanceRequest,
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<ReportCommandResponse>> {
    const command: ProjectCommand = {
      type: 'ReviewIssuance',
      actor: await this.parties.party(signedIn(request).id),
      reportId: params.reportId,
      decision: body.decision,
      reasons: body.decision === 'returned' ? body.reasons : '',
      bufferShares: this.bufferShares(),
    };
    return this.reportAnswer(await this.decide(params.projectId, command, request), params.reportId);
  }

  @Post('verifiers/:verifierId/accreditation')
  @Roles('registry')
  @HttpCode(200)
  async accredit(
    @Param(new ZodPipe(verifierParams, 'verifier id')) params: { verifierId: string },
    @Body(new ZodPipe(accreditVerifierRequest)) body: z.infer<typeof accreditVerifierRequest>,
    @CurrentRequest() request: ApiRequest,
  ) {
    await this.parties.verifier(params.verifierId);
    const result = await this.commands.execute(new AccreditVerifierCommand(params.verifierId, body.projectTypes, commandContextFrom(request)));
    return Written.body(result.position, { verifierId: params.verifierId, projectTypes: body.projectTypes, position: formatPosition(result.position) });
  }

  @Post('registry/imports')
  @Roles('registry')
  @HttpCode(201)
  async importCredits(@Body(new ZodPipe(importCreditsRequest)) body: ImportCreditsRequest, @CurrentRequest() request: ApiRequest) {
    if (!(await this.parties.exists(body.accountId))) throw new DomainError('NotFound', 'No user has this account id', { accountId: body.accountId });
    const result = await this.commands.execute(new ImportCreditsCommand(body, commandContextFrom(request)));
    return Written.body(result.position, { ...result, position: formatPosition(result.position) });
  }

  @Post('registry/batches/:batchId/authorization')
  @Roles('registry')
  @HttpCode(200)
  async recordAuthorization(
    @Param(new ZodPipe(batchParams, 'batch id')) params: { batchId: string },
    @Body(new ZodPipe(recordBatchAuthorizationRequest)) body: RecordBatchAuthorizationRequest,
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<BatchClaimsResponse>> {
    const authorization: BatchClaimsChange = body.authorized
      ? {
          type: 'RecordAuthorization',
          authorization: { authorized: true, use: body.use, authorizedOn: body.authorizedOn, letter: (await this.documents.cite([body.letter]))[0]! },
        }
      : { type: 'RecordAuthorization', authorization: { authorized: false } };
    return this.recordClaims(params.batchId, authorization, request);
  }

  @Post('registry/batches/:batchId/adjustment')
  @Roles('registry')
  @HttpCode(200)
  async recordAdjustment(
    @Param(new ZodPipe(batchParams, 'batch id')) params: { batchId: string },
    @Body(new ZodPipe(recordCorrespondingAdjustmentRequest)) body: RecordCorrespondingAdjustmentRequest,
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<BatchClaimsResponse>> {
    return this.recordClaims(params.batchId, { type: 'RecordAdjustment', status: body.status, reportingPeriod: body.reportingPeriod }, request);
  }

  private async recordClaims(batchId: string, change: BatchClaimsChange, request: ApiRequest): Promise<Written<BatchClaimsResponse>> {
    const actor = await this.parties.party(signedIn(request).id);
    const batch = await this.db.selectFrom('credit_batches').select('project_id').where('token_id', '=', batchId).executeTakeFirst();
    if (!batch) throw new DomainError('NotFound', `No credits found for token ${batchId}`);
    const recorded: BatchClaimsRecorded = await this.commands.execute(
      new RecordBatchClaimsCommand(batchId, batch.project_id, actor, change, commandContextFrom(request)),
    );
    return Written.body(recorded.position, { batchId, claims: await this.claimsOf(batchId, recorded.claims), position: formatPosition(recorded.position) });
  }

  private async claimsOf(batchId: string, claims: BatchClaims) {
    const row = await this.db
      .selectFrom('credit_batches')
      .select(['standard', 'methodology', 'vintage'])
      .where('token_id', '=', batchId)
      .executeTakeFirstOrThrow();
    return claimsView({ batchId, ...row }, claims, labelRulesOf(this.config));
  }

  @Post('projects/:projectId/reversals')
  @Roles('registry')
  @HttpCode(201)
  async recordReversal(
    @Param(new ZodPipe(projectParams, 'project id')) params: { projectId: string },
    @Body(new ZodPipe(recordReversalRequest)) body: z.output<typeof recordReversalRequest>,
    @CurrentRequest() request: ApiRequest,
  ): Promise<Written<RecordReversalResponse>> {
    const context = commandContextFrom(request);
    const command: ProjectCommand = {
      type: 'RecordReversal',
      actor: await this.parties.party(signedIn(request).id),
      // Derived from the command id, so a retried request records the same reversal.
      reversalId: deriveId(context.commandId, 'reversal'),
      quantity: body.quantity,
      cause: body.cause,
      documents: await this.documents.cite(body.documents),
    };
    const decision = await this.decideIn(params.projectId, command, context);
    return Written.body(decision.position, { ...projectBody(decision), reversalId: command.reversalId });
  }

  /** The documented shares, with the configuration's overrides. */
  private bufferShares(): Readonly<Record<CreditProjectType, number>> {
    return { ...bufferSharePercent, ...this.config.BUFFER_SHARES };
  }

  private decide(projectId: string, command: ProjectCommand, request: ApiRequest): Promise<ProjectDecision> {
    return this.decideIn(projectId, command, commandContextFrom(request));
  }

  private async decideIn(projectId: string, command: ProjectCommand, context: ReturnType<typeof commandContextFrom>): Promise<ProjectDecision> {
    return this.commands.execute(new DecideProjectCommand(projectId, command, context));
  }

  private projectAnswer(decision: ProjectDecision): Written<ProjectCommandResponse> {
    return Written.body(decision.position, projectBody(decision));
  }

  private reportAnswer(decision: ProjectDecision, reportId: string): Written<ReportCommandResponse> {
    return Written.body(decision.position, {
      projectId: decision.projectId,
      reportId,
      status: decision.reportStatus ?? 'awaiting_verification',
      position: formatPosition(decision.position),
    });
  }
}
