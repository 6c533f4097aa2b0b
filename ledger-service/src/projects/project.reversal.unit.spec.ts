import { bufferSharePercent, type ProjectEvent } from '@carbon-ledger/contracts';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { approve, draft, file, now, proponent, register, registry, requestValidation, validate, verify } from '../test-support/project-commands.js';
import { decideProject, evolveProject, initialProjectState, type Party, type ProjectCommand, type ProjectState } from './project.decider.js';

const colleague: Party = { userId: 'registry-2', organisation: 'VERDANT ENERGY' };
const reversalId = '33333333-3333-4333-8333-333333333333';

const steps: ProjectCommand[] = [
  draft,
  requestValidation(),
  validate(),
  register(),
  file(),
  verify(800, 'Plots lost'),
  approve(registry, { ...bufferSharePercent }),
];

function given(commands: readonly ProjectCommand[]): ProjectState {
  return commands.reduce((state, command) => decideProject(command, state, { now }).reduce(evolveProject, state), initialProjectState());
}

function refusal(commands: readonly ProjectCommand[], last: ProjectCommand): DomainError {
  const state = given(commands);
  try {
    decideProject(last, state, { now });
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}

const reverse = (quantity: number, by: Party = registry, id = reversalId): ProjectCommand => ({
  type: 'RecordReversal',
  actor: by,
  reversalId: id,
  quantity,
  cause: 'Wildfire',
  documents: [],
});

describe('reversals on the project stream (decider)', () => {
  it('the registry records a reversal of a registered project, at most what it was credited (800 verified and approved)', () => {
    const events = decideProject(reverse(800), given(steps), { now });
    expect(events).toEqual<ProjectEvent[]>([
      {
        type: 'ReversalRecorded',
        data: { projectId: 'P-1', reversalId, quantity: 800, cause: 'Wildfire', documents: [], recordedBy: 'registry', recordedAt: now.toISOString() },
      },
    ]);
    expect(refusal(steps, reverse(801))).toMatchObject({
      code: 'Conflict',
      message: 'The project was credited 800 tCO2e, 0 reversed already: at most 800 can be reversed',
    });
    const after = [...steps, reverse(500)];
    expect(refusal(after, reverse(301, registry, '44444444-4444-4444-8444-444444444444'))).toMatchObject({
      code: 'Conflict',
      message: 'The project was credited 800 tCO2e, 500 reversed already: at most 300 can be reversed',
    });
    // The same reversal again (a retry) records nothing new.
    expect(decideProject(reverse(500), given(after), { now })).toEqual([]);
  });

  it("refuses a project not registered (409), the proponent (403) and a registry user of the proponent's organisation (403)", () => {
    expect(refusal(steps.slice(0, 3), reverse(1))).toMatchObject({
      code: 'Conflict',
      message: 'A reversal is recorded for a registered project; this one is validated',
    });
    expect(refusal(steps, reverse(1, proponent))).toMatchObject({ code: 'Forbidden', message: "The project's proponent cannot record a reversal" });
    expect(refusal(steps, reverse(1, colleague))).toMatchObject({
      code: 'Forbidden',
      message: 'A registry user of VERDANT ENERGY cannot record a reversal of its own organisation',
    });
  });

  it('records the cover once, with the shortfall the buffer pool could not cover', () => {
    const recorded = [...steps, reverse(300)];
    const cover: ProjectCommand = {
      type: 'RecordReversalCoverage',
      reversalId,
      cancellations: [{ cancellationId: '55555555-5555-4555-8555-555555555555', batchId: 'REFOR-2026-0000000A', quantity: 120 }],
    };
    const events = decideProject(cover, given(recorded), { now });
    expect(events).toEqual([{ type: 'ReversalCovered', data: expect.objectContaining({ reversalId, covered: 120, shortfall: 180 }) }]);
    expect(decideProject(cover, given([...recorded, cover]), { now })).toEqual([]);
    expect(refusal(steps, cover)).toMatchObject({ code: 'NotFound' });
    expect(
      refusal(recorded, {
        ...cover,
        cancellations: [{ cancellationId: '55555555-5555-4555-8555-555555555555', batchId: 'REFOR-2026-0000000A', quantity: 301 }],
      }),
    ).toMatchObject({ code: 'ValidationFailed' });
  });
});
