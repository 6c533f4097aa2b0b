/**
 * The vocabulary of a credit market (project type + vintage), shared by the
 * capabilities that run commands on it: orders (order book) and credits
 * (issue, transfer, retire), and read by xrpl (on-ledger issuance).
 */
/** The issue forms' fixed message for a missing project id or name. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

/** Project types the Issue Carbon Credits screen offers. */
export const issuanceProjectTypes = ['Solar Energy', 'Wind Energy', 'Reforestation', 'Energy Efficiency'] as const;
export type IssuanceProjectType = (typeof issuanceProjectTypes)[number];

/** Every project type a credit can have: the issue screen's and the Trading Desk's. */
export const creditProjectTypes = ['Solar Energy', 'Wind Energy', 'Reforestation', 'Energy Efficiency', 'Forestry', 'Hydroelectric', 'Geothermal'] as const;
export type CreditProjectType = (typeof creditProjectTypes)[number];

/** How a project's credits mitigate climate change: CO2 taken out of the air, or emissions avoided. */
export const mitigationKinds = ['removal', 'reduction'] as const;
export type MitigationKind = (typeof mitigationKinds)[number];
export const mitigationKindLabels: Readonly<Record<MitigationKind, string>> = {
  removal: 'Nature-based removal',
  reduction: 'Emission reduction or avoidance',
};

/** The one classification every report uses (ESRS E1-7 and IFRS S2 ask for removals vs reductions). */
export const projectTypeMitigation: Readonly<Record<CreditProjectType, MitigationKind>> = {
  'Solar Energy': 'reduction',
  'Wind Energy': 'reduction',
  Reforestation: 'removal',
  'Energy Efficiency': 'reduction',
  Forestry: 'removal',
  Hydroelectric: 'reduction',
  Geothermal: 'reduction',
};

/** Short codes used in market stream names, token ids and serial prefixes. */
export const projectTypeCodes: Readonly<Record<CreditProjectType, string>> = {
  'Solar Energy': 'SOLAR',
  'Wind Energy': 'WIND',
  Reforestation: 'REFOREST',
  'Energy Efficiency': 'EFFICIENCY',
  Forestry: 'FORESTRY',
  Hydroelectric: 'HYDRO',
  Geothermal: 'GEOTHERMAL',
};

const projectTypeByCode = new Map(Object.entries(projectTypeCodes).map(([type, code]) => [code, type as CreditProjectType]));

/**
 * Credits of one project type and vintage are fungible on the order book; they
 * form one market, and one event stream holds everything about them: the
 * batches issued, the serial blocks and their owners, orders, trades and
 * retirements. One stream is one consistency boundary, so matching and serial
 * moves are decided together and "no serial in two places" holds by construction.
 */
export function creditMarketStreamId(projectType: CreditProjectType, vintage: number): string {
  return `credit-market-${projectTypeCodes[projectType]}-${vintage}`;
}

export const CREDIT_MARKET_STREAM_PREFIX = 'credit-market-';

/** Token id of a batch: CODE-VINTAGE-8 hex, e.g. SOLAR-2026-7F3A9C21. */
export const tokenIdPattern = /^([A-Z]+)-(\d{4})-([0-9A-F]{8})$/;

export function tokenIdFor(projectType: CreditProjectType, vintage: number, batchHex: string): string {
  return `${projectTypeCodes[projectType]}-${vintage}-${batchHex.slice(0, 8).toUpperCase()}`;
}

/** The market a token id belongs to, or undefined when it is not one of ours. */
export function marketOfTokenId(tokenId: string): { projectType: CreditProjectType; vintage: number } | undefined {
  const match = tokenIdPattern.exec(tokenId);
  if (!match?.[1] || !match[2]) return undefined;
  const projectType = projectTypeByCode.get(match[1]);
  return projectType ? { projectType, vintage: Number(match[2]) } : undefined;
}

/** Serial numbers of a batch: PREFIX-000001 .. PREFIX-N; the prefix names registry, token and batch. */
export function serialPrefixFor(tokenId: string): string {
  return `NXCC-${tokenId}`;
}

export function formatSerial(prefix: string, serial: number): string {
  return `${prefix}-${String(serial).padStart(6, '0')}`;
}

/** One serial number: NXCC-<token id>-<serial, at least 6 digits>, e.g. NXCC-SOLAR-2026-7F3A9C21-000151. */
export const serialNumberPattern = /^NXCC-([A-Z]+-\d{4}-[0-9A-F]{8})-(\d{6,10})$/;

/** The batch and position of a serial number, or undefined when it is not one of ours (serials start at 1). */
export function parseSerialNumber(serialNumber: string): { tokenId: string; serial: number } | undefined {
  const match = serialNumberPattern.exec(serialNumber);
  if (!match?.[1] || !match[2]) return undefined;
  const serial = Number(match[2]);
  return serial >= 1 ? { tokenId: match[1], serial } : undefined;
}

export function formatSerialRange(prefix: string, start: number, end: number): string {
  return start === end ? formatSerial(prefix, start) : `${formatSerial(prefix, start)} to ${formatSerial(prefix, end)}`;
}

/** The issue forms' emission scope selector: the stored value of each choice. */
export const emissionScopeChoices = [
  { label: 'None', value: 0 },
  { label: 'Low (1-100)', value: 50 },
  { label: 'Medium (101-1,000)', value: 550 },
  { label: 'High (1,001-10,000)', value: 5500 },
  { label: 'Very High (10,001+)', value: 15000 },
] as const;

/** Estimated credits are 20% of the summed scope values, rounded down. */
export function estimatedCredits(scopes: readonly number[]): number {
  const total = scopes.reduce((sum, value) => sum + value, 0);
  return Math.floor((total * 20) / 100);
}

/** Cents of a 2-decimal price string. */
export function priceToCents(price: string): number {
  const [whole = '0', fraction = ''] = price.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

export function centsToPrice(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** Standards a project is developed under and a retirement names: shared by the registry and the market. */
export const retirementStandards = ['Gold Standard', 'Verra VCS', 'American Carbon Registry', 'Climate Action Reserve'] as const;
export type RetirementStandard = (typeof retirementStandards)[number];
export const DEFAULT_RETIREMENT_STANDARD: RetirementStandard = 'Gold Standard';

/** Methodology recorded per project type when the issuer gives none. */
export const defaultMethodologies: Readonly<Record<CreditProjectType, string>> = {
  'Solar Energy': 'AMS-I.D. Grid connected renewable electricity generation',
  'Wind Energy': 'ACM0002 Grid-connected electricity generation from renewable sources',
  Reforestation: 'AR-ACM0003 Afforestation and reforestation of lands',
  'Energy Efficiency': 'AMS-II.C. Demand-side energy efficiency activities',
  Forestry: 'VM0007 REDD+ Methodology Framework',
  Hydroelectric: 'ACM0002 Grid-connected electricity generation from renewable sources',
  Geothermal: 'ACM0002 Grid-connected electricity generation from renewable sources',
};

/**
 * Why serials were cancelled (docs/cancellations-and-reversals.md). A cancellation takes serials out
 * of circulation without a claim: it is never a retirement, never counted as offset.
 * - `voluntary`: a holder takes their own credits off the market, claiming nothing;
 * - `share-of-proceeds`, `omge`: Article 6.4's share of proceeds for adaptation and its overall
 *   mitigation in global emissions, cancelled by the registry;
 * - `correction`: the registry corrects an issuance;
 * - `reversal`: the registry covers a project's reversal from the buffer pool.
 */
export const cancellationReasons = ['voluntary', 'share-of-proceeds', 'omge', 'correction', 'reversal'] as const;
export type CancellationReason = (typeof cancellationReasons)[number];
/** What the console shows for each reason. */
export const cancellationReasonLabels: Readonly<Record<CancellationReason, string>> = {
  voluntary: 'Voluntary cancellation (no claim)',
  'share-of-proceeds': 'Article 6.4 share of proceeds',
  omge: 'Article 6.4 OMGE',
  correction: 'Correction',
  reversal: 'Reversal (buffer pool)',
};
/** The reasons only the registry may give; a holder cancels voluntarily. */
export const registryCancellationReasons: readonly CancellationReason[] = ['share-of-proceeds', 'omge', 'correction', 'reversal'];
