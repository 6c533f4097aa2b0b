import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  bufferQuantityOf,
  type CreditProjectType,
  DEFAULT_RETIREMENT_STANDARD,
  defaultMethodologies,
  estimatedCredits,
  type EventStore,
  formatSerial,
  type IsoCountryCode,
  isIsoCountryCode,
  type IssueCreditsRequest,
  NO_EMISSIONS_MESSAGE,
  type Position,
  type ProjectStatus,
  projectStreamId,
  type ReportStatus,
  serialPrefixFor,
  type XrplMintOfReport,
} from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { EVENT_STORE, READ_MODELS } from '../../infrastructure/tokens.js';
import { type CommandContext, deriveId } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { aggregateStream, handleCommand } from '../../shared/handle-command.js';
import { KYC_GATE, type KycGate } from '../../shared/kyc-gate.port.js';
import { issuanceBatchId, type Party, projectDecider, type ProjectState } from '../project.decider.js';

/** A crediting period the issue form implies: ten years from the start of the year it is first filed in. */
const CREDITING_YEARS = 10;

export interface IssuanceRequestFiled {
  readonly tokenId: string;
  readonly projectId: string;
  readonly reportId: string;
  readonly projectStatus: ProjectStatus;
  readonly reportStatus: ReportStatus;
  readonly quantity: number;
  readonly claimedQuantity: number;
  readonly bufferQuantity: number;
  readonly vintage: number;
  readonly serialPrefix: string;
  readonly firstSerial: string;
  readonly lastSerial: string;
  readonly position: Position;
  /** True when the request was filed before (a retry): nothing new was recorded. */
  readonly replayed: boolean;
}

/** The issue form's request; one filed from the /xrpl Issue tab may name any project type that tab offers. */
export type IssuanceRequest = Omit<IssueCreditsRequest, 'projectType'> & { readonly projectType: CreditProjectType };

export class FileIssuanceRequestCommand extends Command<IssuanceRequestFiled> {
  constructor(
    readonly request: IssuanceRequest,
    readonly proponent: Party,
    readonly bufferSharePercent: number,
    readonly context: CommandContext,
    /** The request comes from a batch NFT minted on the /xrpl Issue tab: its credits are paid as NXCC once issued. */
    readonly xrplMint?: XrplMintOfReport,
  ) {
    super();
  }
}

/**
 * The issue form's request (POST /api/issue): the acting address must have passed KYC and AML; the
 * project is drafted when its id is new (host country: the address's KYC country), and a monitoring
 * report claims 20% of the summed scopes as this year's vintage, for the period since the project's
 * last report. Nothing is issued here: the verifier verifies the report, the registry approves it,
 * and the issuance reaction issues the batch this answers the id of.
 */
@CommandHandler(FileIssuanceRequestCommand)
export class FileIssuanceRequestHandler implements ICommandHandler<FileIssuanceRequestCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(KYC_GATE) private readonly kyc: KycGate,
  ) {}

  async execute({ request, proponent, bufferSharePercent, context, xrplMint }: FileIssuanceRequestCommand): Promise<IssuanceRequestFiled> {
    const quantity = estimatedCredits([request.scope1, request.scope2, request.scope3, request.scope4, request.scope5]);
    if (quantity < 1) throw new DomainError('ValidationFailed', NO_EMISSIONS_MESSAGE);
    await this.kyc.requireKyc({ address: request.xrplAddress, userId: proponent.userId, requireAml: true, now: context.now });
    const streamId = projectStreamId(request.id);
    let stream = await aggregateStream(this.eventStore, streamId, projectDecider);
    const vintage = context.now.getUTCFullYear();
    const reportCommandId = deriveId(context.commandId, 'report');
    const reportId = filedReportId(context.commandId);
    // A retry of a filed request: answer what it filed.
    const replayed = stream.applied.has(reportCommandId);
    if (!replayed) {
      if (!stream.state.project) {
        const drafted = await handleCommand(
          this.eventStore,
          streamId,
          projectDecider,
          {
            command: { type: 'DraftProject', proponent, details: await this.draftDetails(request, vintage) },
            context: { ...context, commandId: deriveId(context.commandId, 'draft') },
          },
          { stream },
        );
        // handleCommand moved the stream on past the draft; one appended at the same moment elsewhere it did not.
        if (drafted.replayed) stream = await aggregateStream(this.eventStore, streamId, projectDecider);
      } else {
        requireSameProject(stream.state, request, proponent.userId);
      }
    }
    // The same request filed at the same moment elsewhere (a retry, the recovery of a mint) may have filed the report since.
    if (!stream.applied.has(reportCommandId)) {
      const report = await handleCommand(
        this.eventStore,
        streamId,
        projectDecider,
        {
          command: {
            type: 'FileMonitoringReport',
            actor: proponent,
            isAdmin: false,
            reportId,
            period: nextPeriod(stream.state, context.now),
            claimed: [{ vintage, quantity }],
            mitigation: undefined,
            documents: [],
            ...(xrplMint ? { xrplMint } : {}),
          },
          context: { ...context, commandId: reportCommandId },
        },
        { stream },
      );
      if (report.replayed) stream = await aggregateStream(this.eventStore, streamId, projectDecider);
    }
    const project = stream.state.project!;
    const credits = quantity - bufferQuantityOf(quantity, bufferSharePercent);
    const tokenId = issuanceBatchId(project.projectType, reportId, vintage, 'credits');
    const serialPrefix = serialPrefixFor(tokenId);
    return {
      tokenId,
      projectId: request.id,
      reportId,
      projectStatus: project.status,
      reportStatus: stream.state.reports.get(reportId)?.status ?? 'awaiting_verification',
      quantity: credits,
      claimedQuantity: quantity,
      bufferQuantity: quantity - credits,
      vintage,
      serialPrefix,
      firstSerial: formatSerial(serialPrefix, 1),
      lastSerial: formatSerial(serialPrefix, credits),
      position: stream.applied.get(reportCommandId)!,
      replayed,
    };
  }

  private async draftDetails(request: IssuanceRequest, vintage: number) {
    const country = await hostCountryOf(this.db, request.xrplAddress);
    return {
      projectId: request.id,
      name: request.name,
      projectType: request.projectType,
      hostCountry: country,
      standard: DEFAULT_RETIREMENT_STANDARD,
      methodology: defaultMethodologies[request.projectType],
      location: '',
      creditingPeriod: { start: `${vintage}-01-01`, end: `${vintage + CREDITING_YEARS - 1}-12-31` },
      expectedAnnualQuantity: estimatedCredits([request.scope1, request.scope2, request.scope3, request.scope4, request.scope5]),
      description: request.description,
      documents: [],
    };
  }
}

/** The report a request filed under this command id gets: the batch ids derive from it. */
export function filedReportId(commandId: string): string {
  return deriveId(deriveId(commandId, 'report'), 'monitoring-report');
}

/** A new project's host country: the country the acting address passed KYC in. */
export async function hostCountryOf(db: ReadModels, address: string): Promise<IsoCountryCode> {
  const result = await sql<{ country: string | null }>`select country from kyc_status where address = ${address}`.execute(db);
  const country = result.rows[0]?.country ?? '';
  if (!isIsoCountryCode(country)) {
    throw new DomainError(
      'Conflict',
      'The host country of a new project is not known from this address; draft the project in My projects first, then issue under its Project ID',
    );
  }
  return country;
}

/**
 * A Project ID names one project: a later request under it must carry the same name and type and
 * come from the same proponent, else two projects would share an ID unnoticed.
 */
function requireSameProject(state: ProjectState, request: IssuanceRequest, proponentId: string): void {
  const project = state.project!;
  if (project.name === request.name && project.projectType === request.projectType && project.proponent.userId === proponentId) return;
  throw new DomainError(
    'Conflict',
    `Project ID ${request.id} is already used by another project (${project.name}, ${project.projectType}); issue under another Project ID, or with that project's name and type`,
    { projectId: request.id, projectName: project.name, projectType: project.projectType },
  );
}

/** From the day after the project's latest report (or the start of this year) to today. */
function nextPeriod(state: ProjectState, now: Date): { start: string; end: string } {
  const today = now.toISOString().slice(0, 10);
  const latestEnd = [...state.reports.values()]
    .filter((report) => report.status !== 'rejected')
    .map((report) => report.period.end)
    .sort()
    .at(-1);
  const yearStart = `${now.getUTCFullYear()}-01-01`;
  const dayAfter = latestEnd ? new Date(Date.parse(`${latestEnd}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10) : yearStart;
  const start = dayAfter > yearStart ? dayAfter : yearStart;
  if (start > today) {
    throw new DomainError('Conflict', `A monitoring report of project ${state.project!.projectId} already covers ${today}; file the next one after it`, {
      projectId: state.project!.projectId,
      coveredUntil: latestEnd,
    });
  }
  return { start, end: today };
}
