import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  type AdjustmentStatus,
  type AuthorizedUse,
  authorizedUseLabels,
  bufferSharePercent,
  type CitedDocument,
  type CreditProjectType,
  creditProjectTypes,
  defaultMethodologies,
  type DocumentKind,
  documentKindLabels,
  type IsoCountryCode,
  type Position,
  type Role,
} from '@carbon-ledger/contracts';
import { AccreditVerifierCommand } from '../projects/commands/accredit-verifier.handler.js';
import { DecideProjectCommand } from '../projects/commands/decide-project.handler.js';
import { RecordBatchClaimsCommand } from '../projects/commands/record-batch-claims.handler.js';
import { DocumentStore } from '../projects/documents/document-store.js';
import type { Party, ProjectCommand } from '../projects/project.decider.js';
import { ProjectParties } from '../projects/project-parties.js';
import { type CommandContext, deriveId } from '../shared/command-context.js';
import { textPdf } from '../shared/pdf/text-pdf.js';

/** How far through the registry lifecycle a demo project goes. */
export type DemoStage = 'draft' | 'under_validation' | 'validated' | 'registered' | 'report_filed' | 'report_verified' | 'issued';
const STAGES: readonly DemoStage[] = ['draft', 'under_validation', 'validated', 'registered', 'report_filed', 'report_verified', 'issued'];

export interface DemoProject {
  readonly id: string;
  readonly name: string;
  readonly projectType: CreditProjectType;
  readonly hostCountry: IsoCountryCode;
  readonly location: string;
  readonly description: string;
  readonly expectedAnnualQuantity: number;
}

type Step = <Result extends { readonly position: Position }>(
  name: string,
  actor: { readonly userId: string; readonly role: Role },
  run: (context: CommandContext) => Promise<Result>,
) => Promise<Result>;

/**
 * Walks demo projects through the registry lifecycle with the demo's proponent, verifier and
 * registry operator, through the same command handlers as the API, citing generated PDF
 * documents (a design document, a validation report, a monitoring report, a verification statement).
 */
export class DemoRegistry {
  private readonly commands: CommandBus;
  private readonly documents: DocumentStore;
  private readonly parties: ProjectParties;

  constructor(
    app: INestApplicationContext,
    private readonly step: Step,
    private readonly ids: { readonly proponent: string; readonly verifier: string; readonly registry: string },
  ) {
    this.commands = app.get(CommandBus);
    this.documents = app.get(DocumentStore);
    this.parties = app.get(ProjectParties);
  }

  async accreditVerifier(): Promise<void> {
    await this.step('accredit:verifier', { userId: this.ids.registry, role: 'registry' }, (context) =>
      this.commands.execute(new AccreditVerifierCommand(this.ids.verifier, creditProjectTypes, context)),
    );
  }

  /** Drafts, validates and registers `project` as far as `stage` (the report steps are the caller's: see fileAndApprove). */
  async register(project: DemoProject, stage: DemoStage): Promise<void> {
    const reached = (wanted: DemoStage): boolean => STAGES.indexOf(stage) >= STAGES.indexOf(wanted);
    const proponent = await this.parties.party(this.ids.proponent);
    const pdd = await this.document(project, 'project_design_document', [
      `Project: ${project.name} (${project.id})`,
      `Type: ${project.projectType}; host country ${project.hostCountry}; ${project.location}`,
      `Methodology: ${defaultMethodologies[project.projectType]}`,
      `Expected reductions or removals: ${project.expectedAnnualQuantity} tCO2e a year`,
      project.description,
    ]);
    const year = new Date().getUTCFullYear();
    await this.decide(`project:${project.id}:draft`, 'proponent', project.id, {
      type: 'DraftProject',
      proponent,
      details: {
        projectId: project.id,
        name: project.name,
        projectType: project.projectType,
        hostCountry: project.hostCountry,
        standard: project.projectType === 'Reforestation' || project.projectType === 'Forestry' ? 'Verra VCS' : 'Gold Standard',
        methodology: defaultMethodologies[project.projectType],
        location: project.location,
        creditingPeriod: { start: `${year - 1}-01-01`, end: `${year + 8}-12-31` },
        expectedAnnualQuantity: project.expectedAnnualQuantity,
        description: project.description,
        documents: [pdd],
      },
    });
    if (!reached('under_validation')) return;
    await this.decide(`project:${project.id}:validation`, 'proponent', project.id, {
      type: 'RequestValidation',
      actor: proponent,
      isAdmin: false,
      verifier: await this.parties.verifier(this.ids.verifier),
    });
    if (!reached('validated')) return;
    const report = await this.document(project, 'validation_report', [
      `Validation of ${project.name} (${project.id}) against ${defaultMethodologies[project.projectType]}.`,
      'Opinion: the project design meets the methodology and the standard; no open findings.',
    ]);
    await this.decide(`project:${project.id}:validated`, 'verifier', project.id, {
      type: 'DecideValidation',
      actor: await this.parties.party(this.ids.verifier),
      decision: 'validated',
      text: 'Validated without open findings.',
      documents: [report],
    });
    if (!reached('registered')) return;
    await this.decide(`project:${project.id}:registered`, 'registry', project.id, {
      type: 'DecideRegistration',
      actor: await this.parties.party(this.ids.registry),
      decision: 'registered',
      reasons: '',
    });
  }

  /** The verifier verifies the report the issue form filed (in full), and the registry approves it; the reaction then issues. */
  async verifyAndApprove(project: DemoProject, reportId: string, claimed: number, stage: DemoStage): Promise<void> {
    const year = new Date().getUTCFullYear();
    if (STAGES.indexOf(stage) < STAGES.indexOf('report_verified')) return;
    const statement = await this.document(project, 'verification_statement', [
      `Verification of monitoring report ${reportId} of ${project.name} (${project.id}).`,
      `Verified: ${claimed} tCO2e of vintage ${year}, as claimed.`,
      'Opinion: reasonable assurance; the monitoring followed the registered monitoring plan.',
    ]);
    await this.decide(`project:${project.id}:report-verified`, 'verifier', project.id, {
      type: 'DecideVerification',
      actor: await this.parties.party(this.ids.verifier),
      reportId,
      decision: 'verified',
      verified: [{ vintage: year, quantity: claimed }],
      reasons: '',
      documents: [statement],
    });
    if (stage !== 'issued') return;
    await this.decide(`project:${project.id}:issuance-approved`, 'registry', project.id, {
      type: 'ReviewIssuance',
      actor: await this.parties.party(this.ids.registry),
      reportId,
      decision: 'approved',
      reasons: '',
      bufferShares: bufferSharePercent,
    });
  }

  /**
   * The registry records the host country's letter of authorization for a batch and its corresponding
   * adjustment (docs/credit-use.md), so the demo shows labelled and plain batches side by side.
   */
  async authorize(project: DemoProject, batchId: string, use: AuthorizedUse, adjustment: Exclude<AdjustmentStatus, 'not_applicable'>): Promise<void> {
    const year = new Date().getUTCFullYear();
    const actor = await this.parties.party(this.ids.registry);
    const letter = await this.document(project, 'letter', [
      `Letter of authorization from the designated national authority of ${project.hostCountry}.`,
      `Batch ${batchId} of ${project.name} (${project.id}) is authorized for ${authorizedUseLabels[use]} under Article 6.2 of the Paris Agreement.`,
      `${project.hostCountry} will apply a corresponding adjustment for the first transfer of these units.`,
    ]);
    const run = (name: string, change: ConstructorParameters<typeof RecordBatchClaimsCommand>[3]) =>
      this.step(name, { userId: this.ids.registry, role: 'registry' }, (context) =>
        this.commands.execute(new RecordBatchClaimsCommand(batchId, project.id, actor, change, context)),
      );
    await run(`claims:${project.id}:authorization`, {
      type: 'RecordAuthorization',
      authorization: { authorized: true, use, authorizedOn: `${year}-01-15`, letter },
    });
    await run(`claims:${project.id}:adjustment`, {
      type: 'RecordAdjustment',
      status: adjustment,
      reportingPeriod: adjustment === 'applied' ? String(year) : null,
    });
  }

  /** The registry records a reversal of an issued project, with a loss report; the reaction cancels as many buffer pool credits. */
  async recordReversal(project: DemoProject, quantity: number, cause: string): Promise<void> {
    const report = await this.document(project, 'other', [
      `Loss event report of ${project.name} (${project.id}).`,
      `${cause}: ${quantity} tCO2e of the credited removals are lost.`,
      'The buffer pool covers the loss; the project stays registered.',
    ]);
    await this.step(`project:${project.id}:reversal`, { userId: this.ids.registry, role: 'registry' }, async (context) =>
      this.commands.execute(
        new DecideProjectCommand(
          project.id,
          {
            type: 'RecordReversal',
            actor: await this.parties.party(this.ids.registry),
            reversalId: deriveId(context.commandId, 'reversal'),
            quantity,
            cause,
            documents: [report],
          },
          context,
        ),
      ),
    );
  }

  private async decide(name: string, who: 'proponent' | 'verifier' | 'registry', projectId: string, command: ProjectCommand): Promise<void> {
    const role: Role = who === 'proponent' ? 'issuer' : who;
    await this.step(name, { userId: this.ids[who], role }, (context) => this.commands.execute(new DecideProjectCommand(projectId, command, context)));
  }

  private async document(project: DemoProject, kind: DocumentKind, lines: readonly string[]): Promise<CitedDocument> {
    const title = `${documentKindLabels[kind]}: ${project.name}`;
    const bytes = await textPdf(
      [
        { text: title, bold: true, size: 14, gap: 24 },
        { text: 'Demo document, generated for the demo data set.', gap: 20 },
        ...lines.map((text) => ({ text })),
      ],
      { title },
    );
    const owner: Party['userId'] = kind === 'project_design_document' ? this.ids.proponent : kind === 'letter' ? this.ids.registry : this.ids.verifier;
    const stored = await this.documents.put(bytes, 'application/pdf', owner);
    const [cited] = await this.documents.cite([{ sha256: stored.sha256, kind, name: `${project.id}-${kind.replaceAll('_', '-')}.pdf` }]);
    return cited!;
  }
}
