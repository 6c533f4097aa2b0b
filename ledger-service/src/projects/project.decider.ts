import {
  type ApprovedBatch,
  bufferQuantityOf,
  type CitedDocument,
  type CreditProjectType,
  type DraftProjectRequest,
  isProjectEvent,
  type MitigationKind,
  type ProjectEvent,
  type ProjectStatus,
  projectTypeMitigation,
  type ReportStatus,
  tokenIdFor,
  type VintageQuantity,
  type XrplMintOfReport,
} from '@carbon-ledger/contracts';
import { createHash } from 'node:crypto';
import { DomainError } from '../shared/domain-error.js';
import type { Decider } from '../shared/handle-command.js';

/** Who acts, as the handler found them: their id, organisation and whether they act as an administrator. */
export interface Party {
  readonly userId: string;
  readonly organisation: string | null;
}

export interface VerifierParty extends Party {
  readonly name: string;
  /** The project types the registry accredited the verifier for. */
  readonly accreditedFor: readonly CreditProjectType[];
}

interface ReportState {
  readonly reportId: string;
  readonly period: { readonly start: string; readonly end: string };
  readonly claimed: readonly VintageQuantity[];
  readonly verified: readonly VintageQuantity[] | undefined;
  readonly status: ReportStatus;
}

export interface ProjectState {
  readonly project:
    | {
        readonly projectId: string;
        readonly proponent: Party;
        readonly name: string;
        readonly projectType: CreditProjectType;
        readonly mitigation: MitigationKind;
        readonly creditingPeriod: { readonly start: string; readonly end: string };
        readonly status: ProjectStatus;
        readonly verifier: Party | undefined;
      }
    | undefined;
  readonly reports: ReadonlyMap<string, ReportState>;
  /** Reversals recorded (docs/cancellations-and-reversals.md): tCO2e lost, and whether the buffer pool's cover is recorded. */
  readonly reversals: ReadonlyMap<string, ReversalState>;
}

interface ReversalState {
  readonly reversalId: string;
  readonly quantity: number;
  readonly covered: boolean;
}

export const initialProjectState = (): ProjectState => ({ project: undefined, reports: new Map(), reversals: new Map() });

export type ProjectCommand =
  | { readonly type: 'DraftProject'; readonly proponent: Party; readonly details: DraftProjectDetails }
  | { readonly type: 'RequestValidation'; readonly actor: Party; readonly isAdmin: boolean; readonly verifier: VerifierParty }
  | {
      readonly type: 'DecideValidation';
      readonly actor: Party;
      readonly decision: 'validated' | 'rejected';
      readonly text: string;
      readonly documents: readonly CitedDocument[];
    }
  | { readonly type: 'DecideRegistration'; readonly actor: Party; readonly decision: 'registered' | 'refused'; readonly reasons: string }
  | { readonly type: 'DeactivateProject'; readonly actor: Party; readonly reasons: string }
  | {
      readonly type: 'FileMonitoringReport';
      readonly actor: Party;
      readonly isAdmin: boolean;
      readonly reportId: string;
      readonly period: { readonly start: string; readonly end: string };
      readonly claimed: readonly VintageQuantity[];
      readonly mitigation: MitigationKind | undefined;
      readonly documents: readonly CitedDocument[];
      /** Filed from a batch NFT minted on the /xrpl Issue tab. */
      readonly xrplMint?: XrplMintOfReport;
    }
  | {
      readonly type: 'DecideVerification';
      readonly actor: Party;
      readonly reportId: string;
      readonly decision: 'verified' | 'rejected';
      readonly verified: readonly VintageQuantity[];
      readonly reasons: string;
      readonly documents: readonly CitedDocument[];
    }
  | {
      readonly type: 'ReviewIssuance';
      readonly actor: Party;
      readonly reportId: string;
      readonly decision: 'approved' | 'returned';
      readonly reasons: string;
      /** Percent of each vintage held back for the buffer pool, by project type (from the configuration). */
      readonly bufferShares: Readonly<Record<CreditProjectType, number>>;
    }
  | {
      readonly type: 'RecordReversal';
      readonly actor: Party;
      readonly reversalId: string;
      readonly quantity: number;
      readonly cause: string;
      readonly documents: readonly CitedDocument[];
    }
  | {
      /** The reversal reaction, once it cancelled what the buffer pool could cover. */
      readonly type: 'RecordReversalCoverage';
      readonly reversalId: string;
      readonly cancellations: readonly { readonly cancellationId: string; readonly batchId: string; readonly quantity: number }[];
    };

export type DraftProjectDetails = Omit<DraftProjectRequest, 'documents' | 'methodology'> & {
  readonly methodology: string;
  readonly documents: readonly CitedDocument[];
};

/** The batch id a vintage of a report is issued under: derived from the report, so approving it again cannot mint another. */
export function issuanceBatchId(projectType: CreditProjectType, reportId: string, vintage: number, part: 'credits' | 'buffer'): string {
  const hex = createHash('sha256').update(`${reportId}\u0000${vintage}\u0000${part}`).digest('hex');
  return tokenIdFor(projectType, vintage, hex);
}

export function evolveProject(state: ProjectState, event: ProjectEvent): ProjectState {
  const project = state.project;
  const withStatus = (status: ProjectStatus, patch: Partial<NonNullable<ProjectState['project']>> = {}): ProjectState =>
    project ? { ...state, project: { ...project, ...patch, status } } : state;
  const withReport = (reportId: string, patch: Partial<ReportState>): ProjectState => {
    const report = state.reports.get(reportId);
    if (!report) return state;
    const reports = new Map(state.reports);
    reports.set(reportId, { ...report, ...patch });
    return { ...state, reports };
  };
  switch (event.type) {
    case 'ProjectDrafted': {
      const data = event.data;
      return {
        ...state,
        project: {
          projectId: data.projectId,
          proponent: { userId: data.proponentId, organisation: data.proponentOrganisation },
          name: data.name,
          projectType: data.projectType,
          mitigation: data.mitigation,
          creditingPeriod: data.creditingPeriod,
          status: 'draft',
          verifier: undefined,
        },
      };
    }
    case 'ValidationRequested':
      return withStatus('under_validation', { verifier: { userId: event.data.verifierId, organisation: event.data.verifierOrganisation } });
    case 'ProjectValidated':
      return withStatus('validated');
    case 'ValidationRejected':
    case 'RegistrationRefused':
      return withStatus('rejected');
    case 'ProjectRegistered':
      return withStatus('registered');
    case 'ProjectDeactivated':
      return withStatus('inactive');
    case 'MonitoringReportFiled': {
      const reports = new Map(state.reports);
      const data = event.data;
      reports.set(data.reportId, { reportId: data.reportId, period: data.period, claimed: data.claimed, verified: undefined, status: 'awaiting_verification' });
      return { ...state, reports };
    }
    case 'MonitoringReportVerified':
      return withReport(event.data.reportId, { status: 'verified', verified: event.data.verified });
    case 'MonitoringReportRejected':
      return withReport(event.data.reportId, { status: 'rejected' });
    case 'IssuanceApproved':
      return withReport(event.data.reportId, { status: 'approved' });
    case 'IssuanceReturned':
      return withReport(event.data.reportId, { status: 'awaiting_verification', verified: undefined });
    case 'ReversalRecorded': {
      const reversals = new Map(state.reversals);
      reversals.set(event.data.reversalId, { reversalId: event.data.reversalId, quantity: event.data.quantity, covered: false });
      return { ...state, reversals };
    }
    case 'ReversalCovered': {
      const reversal = state.reversals.get(event.data.reversalId);
      if (!reversal) return state;
      const reversals = new Map(state.reversals);
      reversals.set(reversal.reversalId, { ...reversal, covered: true });
      return { ...state, reversals };
    }
    default: {
      const exhaustive: never = event;
      return exhaustive;
    }
  }
}

type Project = NonNullable<ProjectState['project']>;

function requireProject(state: ProjectState): Project {
  if (!state.project) throw new DomainError('NotFound', 'Project not found');
  return state.project;
}

const sameOrganisation = (a: Party, b: Party | undefined): boolean =>
  b !== undefined && a.organisation !== null && b.organisation !== null && a.organisation.toLowerCase() === b.organisation.toLowerCase();

/** A verifier never works on a project of their own or of their organisation. */
function refuseVerifierConflict(project: Project, verifier: Party): void {
  if (verifier.userId === project.proponent.userId) throw new DomainError('Forbidden', 'A verifier cannot validate or verify their own project');
  if (sameOrganisation(verifier, project.proponent)) {
    throw new DomainError('Forbidden', `A verifier of ${verifier.organisation} cannot validate or verify a project of its own organisation`);
  }
}

/** The registry user who decides is neither the project's proponent, nor its verifier, nor of the proponent's organisation. */
function refuseRegistryConflict(project: Project, actor: Party, what: string): void {
  if (actor.userId === project.proponent.userId) throw new DomainError('Forbidden', `The project's proponent cannot ${what}`);
  if (project.verifier && actor.userId === project.verifier.userId) throw new DomainError('Forbidden', `The project's verifier cannot ${what}`);
  if (sameOrganisation(actor, project.proponent))
    throw new DomainError('Forbidden', `A registry user of ${actor.organisation} cannot ${what} of its own organisation`);
}

function requireAssignedVerifier(project: Project, actor: Party): void {
  if (!project.verifier || project.verifier.userId !== actor.userId) throw new DomainError('Forbidden', "Only the project's assigned verifier can decide this");
  refuseVerifierConflict(project, actor);
}

function requireReport(state: ProjectState, reportId: string): ReportState {
  const report = state.reports.get(reportId);
  if (!report) throw new DomainError('NotFound', 'Monitoring report not found');
  return report;
}

const overlaps = (a: { start: string; end: string }, b: { start: string; end: string }): boolean => a.start <= b.end && b.start <= a.end;
const yearOf = (date: string): number => Number(date.slice(0, 4));

function draftProject(command: Extract<ProjectCommand, { type: 'DraftProject' }>, state: ProjectState, at: string): ProjectEvent[] {
  const { details, proponent } = command;
  if (state.project)
    throw new DomainError('Conflict', `Project ID ${details.projectId} is already registered (${state.project.name}); choose another Project ID`, {
      projectId: details.projectId,
    });
  return [
    {
      type: 'ProjectDrafted',
      data: {
        projectId: details.projectId,
        proponentId: proponent.userId,
        proponentOrganisation: proponent.organisation,
        name: details.name,
        projectType: details.projectType,
        mitigation: projectTypeMitigation[details.projectType],
        hostCountry: details.hostCountry,
        standard: details.standard,
        methodology: details.methodology,
        location: details.location,
        creditingPeriod: details.creditingPeriod,
        expectedAnnualQuantity: details.expectedAnnualQuantity,
        description: details.description,
        documents: [...details.documents],
        draftedAt: at,
      },
    },
  ];
}

function requestValidation(command: Extract<ProjectCommand, { type: 'RequestValidation' }>, state: ProjectState, at: string): ProjectEvent[] {
  const project = requireProject(state);
  if (command.actor.userId !== project.proponent.userId && !command.isAdmin)
    throw new DomainError('Forbidden', "Only the project's proponent can ask for its validation");
  refuseVerifierConflict(project, command.verifier);
  if (!command.verifier.accreditedFor.includes(project.projectType)) {
    throw new DomainError('Conflict', `${command.verifier.name} is not accredited to validate ${project.projectType} projects`, {
      verifierId: command.verifier.userId,
      accreditedFor: command.verifier.accreditedFor,
    });
  }
  if (project.status !== 'draft' && project.status !== 'rejected' && project.status !== 'under_validation') {
    throw new DomainError('Conflict', `The project is ${project.status.replace('_', ' ')}; a verifier is assigned only before validation`, {
      status: project.status,
    });
  }
  if (project.status === 'under_validation' && project.verifier?.userId === command.verifier.userId) return [];
  return [
    {
      type: 'ValidationRequested',
      data: {
        projectId: project.projectId,
        verifierId: command.verifier.userId,
        verifierName: command.verifier.name,
        verifierOrganisation: command.verifier.organisation,
        requestedBy: command.actor.userId,
        requestedAt: at,
      },
    },
  ];
}

function decideValidation(command: Extract<ProjectCommand, { type: 'DecideValidation' }>, state: ProjectState, at: string): ProjectEvent[] {
  const project = requireProject(state);
  requireAssignedVerifier(project, command.actor);
  if (project.status !== 'under_validation')
    throw new DomainError('Conflict', `The project is ${project.status.replace('_', ' ')}, not under validation`, { status: project.status });
  const common = { projectId: project.projectId, verifierId: command.actor.userId, documents: [...command.documents] };
  if (command.decision === 'validated') return [{ type: 'ProjectValidated', data: { ...common, comment: command.text, validatedAt: at } }];
  return [{ type: 'ValidationRejected', data: { ...common, reasons: command.text, rejectedAt: at } }];
}

function decideRegistration(command: Extract<ProjectCommand, { type: 'DecideRegistration' }>, state: ProjectState, at: string): ProjectEvent[] {
  const project = requireProject(state);
  refuseRegistryConflict(project, command.actor, 'register the project');
  if (project.status !== 'validated') {
    throw new DomainError('Conflict', `Only a validated project can be registered; this one is ${project.status.replace('_', ' ')}`, {
      status: project.status,
    });
  }
  if (command.decision === 'registered')
    return [{ type: 'ProjectRegistered', data: { projectId: project.projectId, registeredBy: command.actor.userId, registeredAt: at } }];
  return [{ type: 'RegistrationRefused', data: { projectId: project.projectId, refusedBy: command.actor.userId, reasons: command.reasons, refusedAt: at } }];
}

function fileMonitoringReport(command: Extract<ProjectCommand, { type: 'FileMonitoringReport' }>, state: ProjectState, at: string): ProjectEvent[] {
  const project = requireProject(state);
  if (command.actor.userId !== project.proponent.userId && !command.isAdmin)
    throw new DomainError('Forbidden', "Only the project's proponent can file its monitoring reports");
  if (project.status === 'rejected' || project.status === 'inactive') {
    throw new DomainError('Conflict', `The project is ${project.status}; it takes no more monitoring reports`, { status: project.status });
  }
  const { period } = command;
  if (period.start < project.creditingPeriod.start || period.end > project.creditingPeriod.end) {
    throw new DomainError(
      'Conflict',
      `The monitoring period must lie within the crediting period ${project.creditingPeriod.start} to ${project.creditingPeriod.end}`,
      {
        creditingPeriod: project.creditingPeriod,
      },
    );
  }
  for (const row of command.claimed) {
    if (row.vintage < yearOf(period.start) || row.vintage > yearOf(period.end)) {
      throw new DomainError('ValidationFailed', `Vintage ${row.vintage} is outside the monitoring period ${period.start} to ${period.end}`, [
        { path: 'claimed', message: `vintage ${row.vintage} is outside the period` },
      ]);
    }
  }
  // A rejected report's period may be reported again, corrected; any other report holds its period.
  const earlier = [...state.reports.values()].find((report) => report.status !== 'rejected' && overlaps(report.period, period));
  if (earlier) {
    throw new DomainError('Conflict', `The monitoring period overlaps report ${earlier.reportId} (${earlier.period.start} to ${earlier.period.end})`, {
      reportId: earlier.reportId,
      period: earlier.period,
    });
  }
  return [
    {
      type: 'MonitoringReportFiled',
      data: {
        projectId: project.projectId,
        reportId: command.reportId,
        period: { ...period },
        claimed: command.claimed.map((row) => ({ ...row })),
        mitigation: command.mitigation ?? project.mitigation,
        documents: [...command.documents],
        ...(command.xrplMint ? { xrplMint: { ...command.xrplMint } } : {}),
        filedBy: command.actor.userId,
        filedAt: at,
      },
    },
  ];
}

function decideVerification(command: Extract<ProjectCommand, { type: 'DecideVerification' }>, state: ProjectState, at: string): ProjectEvent[] {
  const project = requireProject(state);
  const report = requireReport(state, command.reportId);
  requireAssignedVerifier(project, command.actor);
  if (project.status !== 'validated' && project.status !== 'registered') {
    throw new DomainError('Conflict', `A report is verified once its project is validated; the project is ${project.status.replace('_', ' ')}`, {
      status: project.status,
    });
  }
  if (report.status !== 'awaiting_verification') {
    throw new DomainError('Conflict', `The report is ${report.status.replace('_', ' ')}, not awaiting verification`, { status: report.status });
  }
  const base = { projectId: project.projectId, reportId: report.reportId, verifierId: command.actor.userId };
  if (command.decision === 'rejected') return [{ type: 'MonitoringReportRejected', data: { ...base, reasons: command.reasons, rejectedAt: at } }];
  const claimed = new Map(report.claimed.map((row) => [row.vintage, row.quantity]));
  let lower = false;
  for (const row of command.verified) {
    const asClaimed = claimed.get(row.vintage);
    if (asClaimed === undefined)
      throw new DomainError('ValidationFailed', `Vintage ${row.vintage} was not claimed in this report`, [
        { path: 'verified', message: `vintage ${row.vintage} not claimed` },
      ]);
    if (row.quantity > asClaimed) {
      throw new DomainError('ValidationFailed', `Vintage ${row.vintage}: ${row.quantity} verified is more than the ${asClaimed} claimed`, [
        { path: 'verified', message: `at most ${asClaimed} for ${row.vintage}` },
      ]);
    }
    if (row.quantity < asClaimed) lower = true;
  }
  const verified = report.claimed.map((row) => ({ vintage: row.vintage, quantity: command.verified.find((v) => v.vintage === row.vintage)?.quantity ?? 0 }));
  if (verified.some((row, index) => row.quantity < (report.claimed[index]?.quantity ?? 0))) lower = true;
  if (lower && command.reasons.trim() === '') {
    throw new DomainError('ValidationFailed', 'Give the reasons when fewer credits are verified than claimed', [
      { path: 'reasons', message: 'required when lower than claimed' },
    ]);
  }
  return [{ type: 'MonitoringReportVerified', data: { ...base, verified, reasons: command.reasons, documents: [...command.documents], verifiedAt: at } }];
}

function reviewIssuance(command: Extract<ProjectCommand, { type: 'ReviewIssuance' }>, state: ProjectState, at: string): ProjectEvent[] {
  const project = requireProject(state);
  const report = requireReport(state, command.reportId);
  refuseRegistryConflict(project, command.actor, 'approve its issuance');
  if (report.status === 'approved')
    throw new DomainError('Conflict', 'The issuance of this report was approved already; its credits are issued once', { status: report.status });
  if (report.status !== 'verified') {
    throw new DomainError('Conflict', `Only a verified report can be reviewed; this one is ${report.status.replace('_', ' ')}`, { status: report.status });
  }
  const base = { projectId: project.projectId, reportId: report.reportId };
  if (command.decision === 'returned')
    return [{ type: 'IssuanceReturned', data: { ...base, returnedBy: command.actor.userId, reasons: command.reasons, returnedAt: at } }];
  if (project.status !== 'registered') {
    throw new DomainError('Conflict', `Credits are issued only for a registered project; this one is ${project.status.replace('_', ' ')}`, {
      status: project.status,
    });
  }
  const bufferSharePercent = command.bufferShares[project.projectType];
  const batches: ApprovedBatch[] = (report.verified ?? [])
    .filter((row) => row.quantity > 0)
    .map((row) => {
      const bufferQuantity = bufferQuantityOf(row.quantity, bufferSharePercent);
      return {
        vintage: row.vintage,
        batchId: issuanceBatchId(project.projectType, report.reportId, row.vintage, 'credits'),
        quantity: row.quantity - bufferQuantity,
        bufferBatchId: bufferQuantity > 0 ? issuanceBatchId(project.projectType, report.reportId, row.vintage, 'buffer') : null,
        bufferQuantity,
      };
    });
  if (batches.length === 0) throw new DomainError('Conflict', 'The verifier verified no credits in this report; there is nothing to issue');
  return [
    {
      type: 'IssuanceApproved',
      data: {
        ...base,
        approvedBy: command.actor.userId,
        accountId: project.proponent.userId,
        bufferSharePercent,
        batches,
        approvedAt: at,
      },
    },
  ];
}

export function decideProject(command: ProjectCommand, state: ProjectState, context: { readonly now: Date }): ProjectEvent[] {
  const at = context.now.toISOString();
  switch (command.type) {
    case 'DraftProject':
      return draftProject(command, state, at);
    case 'RequestValidation':
      return requestValidation(command, state, at);
    case 'DecideValidation':
      return decideValidation(command, state, at);
    case 'DecideRegistration':
      return decideRegistration(command, state, at);
    case 'DeactivateProject': {
      const project = requireProject(state);
      refuseRegistryConflict(project, command.actor, 'make the project inactive');
      if (project.status === 'inactive') return [];
      return [
        {
          type: 'ProjectDeactivated',
          data: { projectId: project.projectId, deactivatedBy: command.actor.userId, reasons: command.reasons, deactivatedAt: at },
        },
      ];
    }
    case 'FileMonitoringReport':
      return fileMonitoringReport(command, state, at);
    case 'DecideVerification':
      return decideVerification(command, state, at);
    case 'ReviewIssuance':
      return reviewIssuance(command, state, at);
    case 'RecordReversal':
      return recordReversal(command, state, at);
    case 'RecordReversalCoverage':
      return recordReversalCoverage(command, state, at);
    default: {
      const exhaustive: never = command;
      return exhaustive;
    }
  }
}

/** What the project was credited: the verified credits of its approved reports (the buffer share included). */
function creditedOf(state: ProjectState): number {
  let credited = 0;
  for (const report of state.reports.values()) {
    if (report.status === 'approved') for (const vintage of report.verified ?? []) credited += vintage.quantity;
  }
  return credited;
}

function recordReversal(command: Extract<ProjectCommand, { type: 'RecordReversal' }>, state: ProjectState, at: string): ProjectEvent[] {
  const project = requireProject(state);
  // The same reversal again (a retried request) records nothing new.
  if (state.reversals.has(command.reversalId)) return [];
  if (project.status !== 'registered' && project.status !== 'inactive') {
    throw new DomainError('Conflict', `A reversal is recorded for a registered project; this one is ${project.status.replaceAll('_', ' ')}`);
  }
  refuseRegistryConflict(project, command.actor, 'record a reversal');
  if (!Number.isInteger(command.quantity) || command.quantity < 1) throw new DomainError('ValidationFailed', 'A reversal loses at least 1 tCO2e');
  const reversed = [...state.reversals.values()].reduce((sum, reversal) => sum + reversal.quantity, 0);
  const left = creditedOf(state) - reversed;
  if (command.quantity > left) {
    throw new DomainError('Conflict', `The project was credited ${creditedOf(state)} tCO2e, ${reversed} reversed already: at most ${left} can be reversed`, {
      credited: creditedOf(state),
      reversed,
      requested: command.quantity,
    });
  }
  return [
    {
      type: 'ReversalRecorded',
      data: {
        projectId: project.projectId,
        reversalId: command.reversalId,
        quantity: command.quantity,
        cause: command.cause,
        documents: [...command.documents],
        recordedBy: command.actor.userId,
        recordedAt: at,
      },
    },
  ];
}

function recordReversalCoverage(command: Extract<ProjectCommand, { type: 'RecordReversalCoverage' }>, state: ProjectState, at: string): ProjectEvent[] {
  const project = requireProject(state);
  const reversal = state.reversals.get(command.reversalId);
  if (!reversal) throw new DomainError('NotFound', `No reversal ${command.reversalId} on project ${project.projectId}`);
  // Recorded once: a second instance or a replay of the reaction adds nothing.
  if (reversal.covered) return [];
  const covered = command.cancellations.reduce((sum, cancellation) => sum + cancellation.quantity, 0);
  if (covered > reversal.quantity) throw new DomainError('ValidationFailed', `The buffer pool covered ${covered} of a reversal of ${reversal.quantity}`);
  return [
    {
      type: 'ReversalCovered',
      data: {
        projectId: project.projectId,
        reversalId: reversal.reversalId,
        covered,
        shortfall: reversal.quantity - covered,
        cancellations: command.cancellations.map((cancellation) => ({ ...cancellation })),
        coveredAt: at,
      },
    },
  ];
}

export const projectDecider: Decider<ProjectState, ProjectCommand, ProjectEvent> = {
  decide: decideProject,
  evolve: evolveProject,
  initialState: initialProjectState,
  isEvent: isProjectEvent,
};
