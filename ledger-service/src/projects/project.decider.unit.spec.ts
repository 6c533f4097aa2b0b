import { bufferSharePercent, type ProjectEvent } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import {
  approve,
  draft,
  file,
  now,
  proponent,
  register,
  registry,
  reportId,
  requestValidation,
  validate,
  verifier,
  verify,
} from '../test-support/project-commands.js';
import { decideProject, evolveProject, initialProjectState, issuanceBatchId, type Party, type ProjectCommand, type ProjectState } from './project.decider.js';

const colleague: Party = { userId: 'colleague', organisation: 'verdant energy' };
const laterReport = '22222222-2222-4222-8222-222222222222';

function given(...commands: ProjectCommand[]): ProjectState {
  return commands.reduce((state, command) => decideProject(command, state, { now }).reduce(evolveProject, state), initialProjectState());
}

function refusal(command: ProjectCommand, state: ProjectState): DomainError {
  try {
    decideProject(command, state, { now });
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const registered = (): ProjectState => given(draft, requestValidation(), validate(), register());

describe('project decider', () => {
  it('given a registered project and a verified report, when the registry approves, then one batch per vintage with the buffer share as its own batch', () => {
    const state = given(draft, requestValidation(), validate(), register(), file(), verify());
    const [approved] = decideProject(approve(), state, { now }) as [Extract<ProjectEvent, { type: 'IssuanceApproved' }>];
    expect(approved.type).toBe('IssuanceApproved');
    expect(approved.data.accountId).toBe('proponent');
    expect(approved.data.batches).toEqual([
      {
        vintage: 2026,
        batchId: issuanceBatchId('Reforestation', reportId, 2026, 'credits'),
        quantity: 850,
        bufferBatchId: issuanceBatchId('Reforestation', reportId, 2026, 'buffer'),
        bufferQuantity: 150,
      },
    ]);
  });

  it('given an approved report, when approved again, then Conflict: its credits are issued once', () => {
    const state = given(draft, requestValidation(), validate(), register(), file(), verify(), approve());
    expect(refusal(approve(), state)).toMatchObject({ code: 'Conflict', message: expect.stringContaining('approved already') });
  });

  it('refuses approval of a report that was not verified, and of a verified report of a project that is not registered', () => {
    expect(refusal(approve(), given(draft, requestValidation(), validate(), register(), file()))).toMatchObject({ code: 'Conflict' });
    const unregistered = given(draft, requestValidation(), validate(), file(), verify());
    expect(refusal(approve(), unregistered)).toMatchObject({ code: 'Conflict', message: expect.stringContaining('registered project') });
  });

  it('refuses a verifier of the proponent or of its organisation (403), and the proponent verifying its own project', () => {
    const drafted = given(draft);
    expect(refusal(requestValidation(proponent, colleague), drafted)).toMatchObject({
      code: 'Forbidden',
      message: expect.stringContaining('its own organisation'),
    });
    expect(refusal(requestValidation(proponent, proponent), drafted)).toMatchObject({ code: 'Forbidden' });
  });

  it('refuses a verifier not accredited for the project type, and anyone but the proponent assigning one', () => {
    expect(refusal(requestValidation(proponent, verifier, ['Solar Energy']), given(draft))).toMatchObject({
      code: 'Conflict',
      message: expect.stringContaining('not accredited'),
    });
    expect(refusal(requestValidation(registry), given(draft))).toMatchObject({ code: 'Forbidden' });
  });

  it('refuses validation and verification by anyone but the assigned verifier', () => {
    const underValidation = given(draft, requestValidation());
    expect(refusal(validate({ userId: 'other-verifier', organisation: 'Other' }), underValidation)).toMatchObject({ code: 'Forbidden' });
    const filed = given(draft, requestValidation(), validate(), register(), file());
    expect(refusal(verify(1000, '', { userId: 'other-verifier', organisation: null }), filed)).toMatchObject({ code: 'Forbidden' });
  });

  it("refuses the registry decisions of the proponent, the verifier and a user of the proponent's organisation (403)", () => {
    const validated = given(draft, requestValidation(), validate());
    for (const actor of [proponent, verifier, colleague]) expect(refusal(register(actor), validated)).toMatchObject({ code: 'Forbidden' });
    const verified = given(draft, requestValidation(), validate(), register(), file(), verify());
    for (const actor of [proponent, verifier, colleague]) expect(refusal(approve(actor), verified)).toMatchObject({ code: 'Forbidden' });
  });

  it('refuses a monitoring period that overlaps an earlier report, naming it; a rejected report does not hold its period', () => {
    const filed = given(draft, requestValidation(), validate(), register(), file());
    expect(refusal(file(laterReport, { start: '2026-06-01', end: '2026-12-31' }), filed)).toMatchObject({
      code: 'Conflict',
      message: `The monitoring period overlaps report ${reportId} (2026-01-01 to 2026-06-30)`,
    });
    expect(decideProject(file(laterReport, { start: '2026-07-01', end: '2026-12-31' }), filed, { now })).toHaveLength(1);
    const rejected = given(draft, requestValidation(), validate(), register(), file(), {
      type: 'DecideVerification',
      actor: verifier,
      reportId,
      decision: 'rejected',
      verified: [],
      reasons: 'Meter data missing for March',
      documents: [],
    });
    expect(decideProject(file(laterReport), rejected, { now })).toHaveLength(1);
  });

  it('refuses a period outside the crediting period and a vintage outside the period', () => {
    const state = registered();
    expect(refusal(file(reportId, { start: '2024-01-01', end: '2024-12-31' }), state)).toMatchObject({
      code: 'Conflict',
      message: expect.stringContaining('crediting period'),
    });
    const wrongVintage: ProjectCommand = {
      ...(file() as Extract<ProjectCommand, { type: 'FileMonitoringReport' }>),
      claimed: [{ vintage: 2025, quantity: 10 }],
    };
    expect(refusal(wrongVintage, state)).toMatchObject({
      code: 'ValidationFailed',
      message: 'Vintage 2025 is outside the monitoring period 2026-01-01 to 2026-06-30',
    });
  });

  it('refuses verifying more than claimed, and fewer than claimed without reasons', () => {
    const filed = given(draft, requestValidation(), validate(), register(), file());
    expect(refusal(verify(1001), filed)).toMatchObject({ code: 'ValidationFailed', message: 'Vintage 2026: 1001 verified is more than the 1000 claimed' });
    expect(refusal(verify(900), filed)).toMatchObject({ code: 'ValidationFailed', message: 'Give the reasons when fewer credits are verified than claimed' });
    expect(decideProject(verify(900, 'Two plots burned in May'), filed, { now })[0]).toMatchObject({
      type: 'MonitoringReportVerified',
      data: { verified: [{ vintage: 2026, quantity: 900 }] },
    });
  });

  it('given a report sent back, when verified again and approved, then it issues once', () => {
    const returned = given(draft, requestValidation(), validate(), register(), file(), verify(), {
      type: 'ReviewIssuance',
      actor: registry,
      reportId,
      decision: 'returned',
      reasons: 'Attach the meter calibration certificate',
      bufferShares: { ...bufferSharePercent, Reforestation: 15 },
    });
    expect(refusal(approve(), returned)).toMatchObject({ code: 'Conflict' });
    const again = [verify(), approve()].reduce((state, command) => decideProject(command, state, { now }).reduce(evolveProject, state), returned);
    expect(again.reports.get(reportId)?.status).toBe('approved');
  });

  it('refuses a second project under the same id, and reports on a rejected or inactive project', () => {
    expect(refusal(draft, given(draft))).toMatchObject({ code: 'Conflict' });
    const inactive = given(draft, requestValidation(), validate(), register(), { type: 'DeactivateProject', actor: registry, reasons: 'Project abandoned' });
    expect(refusal(file(), inactive)).toMatchObject({ code: 'Conflict', message: 'The project is inactive; it takes no more monitoring reports' });
  });
});
