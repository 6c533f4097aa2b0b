import { retirementUseLabels, retirementUses } from '@carbon-ledger/contracts';

/** What a retirement may count for, as every retire form offers it (voluntary first: the default). */
export const retirementUseOptions = retirementUses.map((use) => ({ value: use, label: retirementUseLabels[use] }));
