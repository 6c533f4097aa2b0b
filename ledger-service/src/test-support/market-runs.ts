import { expect } from 'vitest';
import {
  type CreditMarketCommand,
  type CreditMarketEvent,
  type CreditMarketState,
  decideCreditMarket,
  evolveCreditMarket,
  initialCreditMarketState,
} from '../credit-market/credit-market.decider.js';
import { DomainError } from '../shared/domain-error.js';

/** The Solar Energy 2026 market the credit market's unit specs decide on. */
export const SPEC_MARKET = { projectType: 'Solar Energy', vintage: 2026 } as const;

/** A UUID numbered `n`, for ids a spec names. */
export const specId = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Runs commands on a new market in order at `now`, folding each one's events; the state and the last command's events. */
export function runMarket(now: Date, commands: readonly CreditMarketCommand[]): { state: CreditMarketState; events: CreditMarketEvent[] } {
  const state = initialCreditMarketState();
  let events: CreditMarketEvent[] = [];
  commands.forEach((command, index) => {
    events = decideCreditMarket(command, state, { now, newId: (purpose) => `${specId(index)}:${purpose}`, market: SPEC_MARKET });
    for (const event of events) evolveCreditMarket(state, event);
  });
  return { state, events };
}

/** The DomainError the commands end in (a spec fails when they decide without one). */
export function marketRefusal(now: Date, commands: readonly CreditMarketCommand[]): DomainError {
  try {
    runMarket(now, commands);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a refusal');
}
