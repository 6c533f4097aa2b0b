import { bufferSharePercent, type ProjectEvent } from '@carbon-ledger/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { decideProject, evolveProject, initialProjectState, type Party, type ProjectCommand, type ProjectState } from './project.decider.js';

/** Several users, some of one organisation: two proponents, verifiers in and out of their organisations, registry users. */
const users: readonly Party[] = [
  { userId: 'proponent-a', organisation: 'Org A' },
  { userId: 'proponent-b', organisation: null },
  { userId: 'verifier-a', organisation: 'org a' },
  { userId: 'verifier-c', organisation: 'Org C' },
  { userId: 'verifier-none', organisation: null },
  { userId: 'registry-d', organisation: 'Org D' },
  { userId: 'registry-a', organisation: 'Org A' },
];
const reportIds = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'];
const reversalIds = ['44444444-4444-4444-8444-444444444444', '55555555-5555-4555-8555-555555555555'];
const periods = [
  { start: '2026-01-01', end: '2026-03-31' },
  { start: '2026-03-01', end: '2026-06-30' },
  { start: '2026-04-01', end: '2026-06-30' },
];
const anyone = fc.constantFrom(...users);
/** Mostly the role that may act, sometimes anyone: the conflicts are tried, and the lifecycle still moves on. */
const mostly = (...ids: string[]) =>
  fc.oneof({ arbitrary: fc.constantFrom(...users.filter((candidate) => ids.includes(candidate.userId))), weight: 4 }, { arbitrary: anyone, weight: 1 });
const proponents = mostly('proponent-a', 'proponent-b');
const verifiers = mostly('verifier-a', 'verifier-c', 'verifier-none');
const registryUsers = mostly('registry-d', 'registry-a');
const quantity = fc.constantFrom(0, 1, 500, 1000, 2000);

/** The lifecycle's commands; `yes` and `report` say how often a choice takes the path forward. */
const stepsWith = (yes: fc.Arbitrary<boolean>, report: fc.Arbitrary<number>) =>
  ({
    draft: fc.record({ proponent: proponents }).map(({ proponent }) => ({
      type: 'DraftProject' as const,
      proponent,
      details: {
        projectId: 'P-1',
        name: 'Borneo Peatland Restoration',
        projectType: 'Forestry' as const,
        hostCountry: 'ID' as const,
        standard: 'Verra VCS' as const,
        methodology: 'VM0007',
        location: '',
        creditingPeriod: { start: '2025-01-01', end: '2034-12-31' },
        expectedAnnualQuantity: 1000,
        description: '',
        documents: [],
      },
    })),
    requestValidation: fc.record({ actor: proponents, verifier: verifiers, accredited: yes }).map(({ actor, verifier, accredited }) => ({
      type: 'RequestValidation' as const,
      actor,
      isAdmin: false,
      verifier: { ...verifier, name: verifier.userId, accreditedFor: accredited ? (['Forestry'] as const) : (['Solar Energy'] as const) },
    })),
    validate: fc.record({ actor: verifiers, validated: yes }).map(({ actor, validated }) => ({
      type: 'DecideValidation' as const,
      actor,
      decision: validated ? ('validated' as const) : ('rejected' as const),
      text: 'reasons',
      documents: [],
    })),
    register: fc.record({ actor: registryUsers, registered: yes }).map(({ actor, registered }) => ({
      type: 'DecideRegistration' as const,
      actor,
      decision: registered ? ('registered' as const) : ('refused' as const),
      reasons: 'reasons',
    })),
    file: fc.record({ actor: proponents, report, period: fc.nat({ max: 2 }), claimed: quantity }).map(({ actor, report, period, claimed }) => ({
      type: 'FileMonitoringReport' as const,
      actor,
      isAdmin: false,
      reportId: reportIds[report]!,
      period: periods[period]!,
      claimed: [{ vintage: 2026, quantity: claimed }],
      mitigation: undefined,
      documents: [],
    })),
    verify: fc.record({ actor: verifiers, report, verified: quantity, accept: yes }).map(({ actor, report, verified, accept }) => ({
      type: 'DecideVerification' as const,
      actor,
      reportId: reportIds[report]!,
      decision: accept ? ('verified' as const) : ('rejected' as const),
      verified: [{ vintage: 2026, quantity: verified }],
      reasons: verified % 2 === 0 ? 'lower: plots burned' : '',
      documents: [],
    })),
    review: fc.record({ actor: registryUsers, report, approve: yes }).map(({ actor, report, approve }) => ({
      type: 'ReviewIssuance' as const,
      actor,
      reportId: reportIds[report]!,
      decision: approve ? ('approved' as const) : ('returned' as const),
      reasons: 'reasons',
      bufferShares: { ...bufferSharePercent, Forestry: 20 },
    })),
    reverse: fc
      .record({ actor: registryUsers, reversal: fc.nat({ max: 1 }), lost: fc.constantFrom(1, 100, 400, 1000, 3000) })
      .map(({ actor, reversal, lost }) => ({
        type: 'RecordReversal' as const,
        actor,
        reversalId: reversalIds[reversal]!,
        quantity: lost,
        cause: 'Fire',
        documents: [],
      })),
    cover: fc.record({ reversal: fc.nat({ max: 1 }), covered: fc.constantFrom(0, 50, 200, 5000) }).map(({ reversal, covered }) => ({
      type: 'RecordReversalCoverage' as const,
      reversalId: reversalIds[reversal]!,
      cancellations: covered === 0 ? [] : [{ cancellationId: '99999999-9999-4999-8999-999999999999', batchId: 'FOREST-2026-0000000A', quantity: covered }],
    })),
  }) satisfies Record<string, fc.Arbitrary<ProjectCommand>>;
const steps = stepsWith(fc.boolean(), fc.nat({ max: 2 }));
const forward = stepsWith(fc.constantFrom(true, true, true, true, true, true, true, true, true, false), fc.constantFrom(0, 0, 0, 0, 0, 0, 1));

const command: fc.Arbitrary<ProjectCommand> = fc.oneof(...Object.values(steps));

/** Sets a command's acting user (the draft's proponent). */
function actedBy(command: ProjectCommand, actor: Party): ProjectCommand {
  if (command.type === 'RecordReversalCoverage') return command;
  return command.type === 'DraftProject' ? { ...command, proponent: actor } : { ...command, actor };
}

/**
 * The lifecycle's steps in their order, acted by one cast (a proponent, a verifier, a registry user,
 * any of whom may be in conflict), with random commands of anyone between them: most runs go some
 * way along the path, many reach an approval, and the approval is tried twice.
 */
const story: fc.Arbitrary<ProjectCommand[]> = fc
  .tuple(
    fc.record({ proponent: proponents, verifier: verifiers, registry: registryUsers }),
    fc.tuple(
      forward.draft,
      forward.requestValidation,
      forward.validate,
      forward.register,
      forward.file,
      forward.verify,
      forward.review,
      forward.review,
      forward.reverse,
      forward.cover,
      forward.cover,
    ),
    fc.array(fc.array(command, { maxLength: 3 }), { minLength: 12, maxLength: 12 }),
  )
  .map(([cast, [draft, request, validate, register, file, verify, review, again, reverse, cover, coverAgain], noise]) => {
    const assigned: ProjectCommand =
      request.type === 'RequestValidation'
        ? { ...request, actor: cast.proponent, verifier: { ...request.verifier, ...cast.verifier, name: cast.verifier.userId } }
        : request;
    // Mostly a verifiable quantity: at most the claim, and something to issue.
    const claimed = file.type === 'FileMonitoringReport' ? (file.claimed[0]?.quantity ?? 0) : 0;
    const verifying: ProjectCommand =
      verify.type === 'DecideVerification' && verify.decision === 'verified'
        ? { ...verify, verified: verify.verified.map((row) => ({ ...row, quantity: row.quantity > 0 && row.quantity <= claimed ? row.quantity : claimed })) }
        : verify;
    const path = [
      actedBy(draft, cast.proponent),
      assigned,
      actedBy(validate, cast.verifier),
      actedBy(register, cast.registry),
      actedBy(file, cast.proponent),
      actedBy(verifying, cast.verifier),
      actedBy(review, cast.registry),
      actedBy(again, cast.registry),
      actedBy(reverse, cast.registry),
      // The reaction covers the reversal it recorded (and is run again).
      reverse.type === 'RecordReversal' && cover.type === 'RecordReversalCoverage' ? { ...cover, reversalId: reverse.reversalId } : cover,
      reverse.type === 'RecordReversal' && coverAgain.type === 'RecordReversalCoverage' ? { ...coverAgain, reversalId: reverse.reversalId } : coverAgain,
    ];
    return noise.flatMap((between, index) => [...between, ...(path[index] ? [path[index]] : [])]);
  });

const sameOrganisation = (a: Party, b: Party): boolean =>
  a.organisation !== null && b.organisation !== null && a.organisation.toLowerCase() === b.organisation.toLowerCase();

describe('project decider over random command sequences from several users', () => {
  it('issues only from approved verified reports of registered projects, each report once, reverses at most what was credited, covers each reversal once, and refuses every conflict of interest', () => {
    let approvals = 0;
    let reversals = 0;
    let covers = 0;
    fc.assert(
      fc.property(fc.oneof({ arbitrary: story, weight: 4 }, { arbitrary: fc.array(command, { minLength: 40, maxLength: 150 }), weight: 1 }), (commands) => {
        let state: ProjectState = initialProjectState();
        const events: ProjectEvent[] = [];
        for (const next of commands) {
          const before = state;
          let decided: ProjectEvent[];
          try {
            decided = decideProject(next, before, { now: new Date('2026-07-01T00:00:00Z') });
          } catch (error) {
            expect(error).toBeInstanceOf(DomainError);
            continue;
          }
          const project = before.project;
          for (const event of decided) {
            const proponent = project?.proponent ?? (next.type === 'DraftProject' ? next.proponent : undefined);
            // A verifier's decision is never the proponent's or its organisation's.
            if (
              event.type === 'ValidationRequested' ||
              event.type === 'ProjectValidated' ||
              event.type === 'MonitoringReportVerified' ||
              event.type === 'MonitoringReportRejected'
            ) {
              const verifierId = event.data.verifierId;
              const verifier = users.find((candidate) => candidate.userId === verifierId)!;
              expect(verifierId).not.toBe(proponent!.userId);
              expect(sameOrganisation(verifier, proponent!)).toBe(false);
            }
            // The registry's decisions are never the proponent's, the verifier's or of the proponent's organisation.
            if (
              event.type === 'ProjectRegistered' ||
              event.type === 'IssuanceApproved' ||
              event.type === 'RegistrationRefused' ||
              event.type === 'IssuanceReturned'
            ) {
              const actor = 'actor' in next ? next.actor : undefined;
              expect(actor).toBeDefined();
              expect(actor!.userId).not.toBe(project!.proponent.userId);
              expect(actor!.userId).not.toBe(project!.verifier?.userId);
              expect(sameOrganisation(actor!, project!.proponent)).toBe(false);
            }
            // A reversal: the registry's, of a registered (or inactive) project, never beyond what it was credited.
            if (event.type === 'ReversalRecorded') {
              reversals += 1;
              const actor = next.type === 'RecordReversal' ? next.actor : undefined;
              expect(actor!.userId).not.toBe(project!.proponent.userId);
              expect(actor!.userId).not.toBe(project!.verifier?.userId);
              expect(sameOrganisation(actor!, project!.proponent)).toBe(false);
              expect(['registered', 'inactive']).toContain(project!.status);
              const credited = events
                .flatMap((earlier) => (earlier.type === 'IssuanceApproved' ? earlier.data.batches : []))
                .reduce((sum, batch) => sum + batch.quantity + batch.bufferQuantity, 0);
              const reversed = [...events, event].flatMap((earlier) => (earlier.type === 'ReversalRecorded' ? [earlier.data.quantity] : []));
              expect(reversed.reduce((sum, lost) => sum + lost, 0)).toBeLessThanOrEqual(credited);
            }
            // Its cover is recorded once, for a reversal recorded, and covered + shortfall is what was lost.
            if (event.type === 'ReversalCovered') {
              covers += 1;
              const recorded = events.find((earlier) => earlier.type === 'ReversalRecorded' && earlier.data.reversalId === event.data.reversalId);
              expect(recorded?.type).toBe('ReversalRecorded');
              expect(event.data.covered + event.data.shortfall).toBe(recorded!.type === 'ReversalRecorded' ? recorded!.data.quantity : -1);
              expect(events.some((earlier) => earlier.type === 'ReversalCovered' && earlier.data.reversalId === event.data.reversalId)).toBe(false);
            }
            if (event.type === 'IssuanceApproved') {
              approvals += 1;
              const report = before.reports.get(event.data.reportId);
              expect(project!.status).toBe('registered');
              expect(report?.status).toBe('verified');
              expect(events.some((earlier) => earlier.type === 'IssuanceApproved' && earlier.data.reportId === event.data.reportId)).toBe(false);
              // Never more than verified, never more than claimed: batch plus buffer is the verified quantity.
              for (const batch of event.data.batches) {
                const verified = report!.verified!.find((row) => row.vintage === batch.vintage)!.quantity;
                const claimed = report!.claimed.find((row) => row.vintage === batch.vintage)!.quantity;
                expect(batch.quantity + batch.bufferQuantity).toBe(verified);
                expect(verified).toBeLessThanOrEqual(claimed);
                expect(batch.quantity).toBeGreaterThan(0);
              }
            }
            state = evolveProject(state, event);
            events.push(event);
          }
        }
        // Periods of the reports still standing never overlap.
        const standing = [...state.reports.values()].filter((report) => report.status !== 'rejected');
        for (const [index, a] of standing.entries()) {
          for (const b of standing.slice(index + 1)) expect(a.period.start > b.period.end || b.period.start > a.period.end).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
    // The runs reached the approvals they are about (about 40 of 500 runs do; 10 is five standard deviations below).
    expect(approvals).toBeGreaterThan(10);
    expect(reversals).toBeGreaterThan(5);
    expect(covers).toBeGreaterThan(3);
  });
});
