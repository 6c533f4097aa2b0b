import { emissionScopeChoices, issuanceProjectTypes } from '@carbon-ledger/contracts';
import { z } from 'zod';
import type { IssueFormValues } from './issue-form-values';

const DRAFT_KEY_PREFIX = 'nxcc.issue-credits-draft.';

const scopeValue = z.number().refine((value) => emissionScopeChoices.some((choice) => choice.value === value));

const storedDraft = z.object({
  id: z.string(),
  name: z.string(),
  projectType: z.enum(issuanceProjectTypes),
  description: z.string(),
  scope1: scopeValue,
  scope2: scopeValue,
  scope3: scopeValue,
  scope4: scopeValue,
  scope5: scopeValue,
});

/** One draft per signed-in user, so a shared browser does not hand one user's project to another. */
function draftKey(ownerId: string): string {
  return `${DRAFT_KEY_PREFIX}${ownerId}`;
}

export function loadIssueDraft(ownerId: string): IssueFormValues | undefined {
  try {
    const text = window.localStorage.getItem(draftKey(ownerId));
    if (text === null) return undefined;
    const parsed = storedDraft.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** False when the browser refuses (storage disabled or full). */
export function saveIssueDraft(ownerId: string, values: IssueFormValues): boolean {
  try {
    window.localStorage.setItem(draftKey(ownerId), JSON.stringify(values));
    return true;
  } catch {
    return false;
  }
}

export function clearIssueDraft(ownerId: string): void {
  try {
    window.localStorage.removeItem(draftKey(ownerId));
  } catch {
    // Nothing was stored where storage is refused.
  }
}
