import type { CreditMarketCommand, IssueCreditsInput } from '../credit-market/credit-market.decider.js';

/**
 * A registry batch of `quantity` Solar Energy 2026 credits issued to `accountId`, for tests that
 * need credits to trade or retire; `details` set what a test reads back (its market, its project).
 */
export function registryBatch(batchId: string, accountId: string, quantity: number, details: Partial<IssueCreditsInput> = {}): IssueCreditsInput {
  return {
    batchId,
    projectId: 'P',
    projectName: 'P',
    projectType: 'Solar Energy',
    description: '',
    vintage: 2026,
    standard: 'Gold Standard',
    methodology: 'AMS-I.D.',
    scopes: { scope1: 0, scope2: 0, scope3: 0, scope4: 0, scope5: 0 },
    quantity,
    serialPrefix: `NXCC-${batchId}`,
    accountId,
    issuedBy: accountId,
    xrplAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
    source: 'registry',
    ...details,
  };
}

/** The market's command that issues `registryBatch(...)`. */
export function issueRegistryBatch(
  batchId: string,
  accountId: string,
  quantity: number,
  market: Partial<Pick<IssueCreditsInput, 'projectType' | 'vintage'>> = {},
): CreditMarketCommand {
  return { type: 'IssueCredits', batch: registryBatch(batchId, accountId, quantity, market) };
}
