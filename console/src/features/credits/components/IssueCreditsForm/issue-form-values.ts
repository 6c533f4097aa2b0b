import {
  estimatedCredits,
  INVALID_XRPL_ADDRESS_MESSAGE,
  issueCreditsRequest,
  KYC_START_MIN_ADDRESS,
  NO_EMISSIONS_MESSAGE,
  REQUIRED_FIELDS_MESSAGE,
  type IssuanceProjectType,
  type IssueCreditsRequest,
} from '@carbon-ledger/contracts';

export const scopeFields = ['scope1', 'scope2', 'scope3', 'scope4', 'scope5'] as const;
export type ScopeField = (typeof scopeFields)[number];

export interface IssueFormValues extends Record<ScopeField, number> {
  id: string;
  name: string;
  projectType: IssuanceProjectType;
  description: string;
}

export const defaultIssueFormValues: IssueFormValues = {
  id: '',
  name: '',
  projectType: 'Solar Energy',
  description: '',
  scope1: 0,
  scope2: 0,
  scope3: 0,
  scope4: 0,
  scope5: 0,
};

/** Spec 5: the address toast of the issue screen. */
export const ADDRESS_MESSAGE = 'Please enter a valid XRPL address';

export function estimatedCreditsOf(values: IssueFormValues): number {
  return estimatedCredits(scopeFields.map((field) => values[field]));
}

export type IssueFormCheck = { valid: true; request: IssueCreditsRequest } | { valid: false; message: string };

/** Spec 5, in its order: project id and name, then an address of at least 25 characters. */
export function checkIssueForm(values: IssueFormValues, xrplAddress: string): IssueFormCheck {
  if (values.id.trim() === '' || values.name.trim() === '') return { valid: false, message: REQUIRED_FIELDS_MESSAGE };
  const address = xrplAddress.trim();
  if (address.length < KYC_START_MIN_ADDRESS) return { valid: false, message: ADDRESS_MESSAGE };
  if (estimatedCreditsOf(values) < 1) return { valid: false, message: NO_EMISSIONS_MESSAGE };
  const parsed = issueCreditsRequest.safeParse({ ...values, xrplAddress: address });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? REQUIRED_FIELDS_MESSAGE;
    return { valid: false, message: message === INVALID_XRPL_ADDRESS_MESSAGE ? ADDRESS_MESSAGE : message };
  }
  return { valid: true, request: parsed.data };
}
