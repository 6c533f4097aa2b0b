import { type CreditProjectType, isVerifierEvent, type VerifierEvent } from '@carbon-ledger/contracts';
import type { Decider } from '../shared/handle-command.js';

export interface VerifierState {
  readonly projectTypes: readonly CreditProjectType[];
}

export type VerifierCommand = {
  readonly type: 'AccreditVerifier';
  readonly verifierId: string;
  readonly projectTypes: readonly CreditProjectType[];
  readonly accreditedBy: string;
};

/** The registry's accreditation of a verifier: the latest names every project type it may validate and verify. */
export const verifierDecider: Decider<VerifierState, VerifierCommand, VerifierEvent> = {
  decide: (command, state, context) => {
    const same = command.projectTypes.length === state.projectTypes.length && command.projectTypes.every((type) => state.projectTypes.includes(type));
    if (same) return [];
    return [
      {
        type: 'VerifierAccredited',
        data: {
          verifierId: command.verifierId,
          projectTypes: [...command.projectTypes],
          accreditedBy: command.accreditedBy,
          accreditedAt: context.now.toISOString(),
        },
      },
    ];
  },
  evolve: (_state, event) => ({ projectTypes: event.data.projectTypes }),
  initialState: () => ({ projectTypes: [] }),
  isEvent: isVerifierEvent,
};
