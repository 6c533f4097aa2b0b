import { isSandboxFaucetEvent, SANDBOX_FAUCET_GRANTS, SANDBOX_FAUCET_WINDOW_MS, type RecordedEvent, type SandboxFaucetEvent } from '@carbon-ledger/contracts';
import type { CommandContext } from '../shared/command-context.js';
import { DomainError } from '../shared/domain-error.js';
import type { Decider } from '../shared/handle-command.js';

/** When each of the user's faucet grants was made, oldest first. */
export interface SandboxFaucetState {
  readonly grantedAt: readonly string[];
}

export interface GrantSandboxFaucet {
  readonly type: 'GrantSandboxFaucet';
  readonly userId: string;
  readonly address: string;
  readonly amountXrp: number;
  /** The genesis account's signed payment, claimed here before it is submitted. */
  readonly txHash: string;
}

/** Grants within the window before `now`. */
export function recentGrants(state: SandboxFaucetState, now: Date): readonly string[] {
  return state.grantedAt.filter((at) => now.getTime() - Date.parse(at) < SANDBOX_FAUCET_WINDOW_MS);
}

function decide(command: GrantSandboxFaucet, state: SandboxFaucetState, context: CommandContext): SandboxFaucetEvent[] {
  const recent = recentGrants(state, context.now);
  if (recent.length >= SANDBOX_FAUCET_GRANTS) {
    const nextAt = new Date(Date.parse(recent[0]!) + SANDBOX_FAUCET_WINDOW_MS).toISOString();
    throw new DomainError(
      'TooManyRequests',
      `The sandbox faucet funds ${SANDBOX_FAUCET_GRANTS} wallets per user in 24 hours; the next grant is possible at ${nextAt}`,
      {
        retryAfter: nextAt,
      },
    );
  }
  return [
    {
      type: 'SandboxFaucetGranted',
      data: { userId: command.userId, address: command.address, amountXrp: command.amountXrp, txHash: command.txHash, grantedAt: context.now.toISOString() },
    },
  ];
}

/** A user's sandbox faucet grants: the rate limit lives in the log, so every instance counts the same. */
export const sandboxFaucetDecider: Decider<SandboxFaucetState, GrantSandboxFaucet, SandboxFaucetEvent> = {
  decide,
  evolve: (state, event) => ({ grantedAt: [...state.grantedAt, event.data.grantedAt] }),
  initialState: () => ({ grantedAt: [] }),
  isEvent: (event: RecordedEvent): event is RecordedEvent & SandboxFaucetEvent => isSandboxFaucetEvent(event),
};
