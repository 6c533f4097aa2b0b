import type { CreditProjectType } from '../credit-market/credit-market.constants.js';

export const offsetTypes = ['compensation', 'reduction', 'other'] as const;
export type OffsetType = (typeof offsetTypes)[number];
export const DEFAULT_OFFSET_TYPE: OffsetType = 'compensation';

/** UN SDGs a project type contributes to (13 Climate Action always). */
export const projectTypeSdgs: Readonly<Record<CreditProjectType, readonly number[]>> = {
  'Solar Energy': [7, 13],
  'Wind Energy': [7, 13],
  Reforestation: [13, 15],
  'Energy Efficiency': [7, 12, 13],
  Forestry: [13, 15],
  Hydroelectric: [6, 7, 13],
  Geothermal: [7, 13],
};

/** Spec 9: a retirement's SDG when nothing else is known. */
export const DEFAULT_SDG_GOAL = 13;

/** Names of the UN SDGs the project types contribute to. */
export const sdgGoalNames: Readonly<Record<number, string>> = {
  6: 'Clean Water and Sanitation',
  7: 'Affordable and Clean Energy',
  12: 'Responsible Consumption and Production',
  13: 'Climate Action',
  15: 'Life on Land',
};

export const PLATFORM_FEE_RATE = 0.005;
export const RETIREMENT_TARGET_TCO2E = 1000;
/** Default price of the simple trade form (a product default). */
export const DEFAULT_TRADE_PRICE = 42.5;

/**
 * Registry account of the platform vault: the serials behind every NXCC on XRPL (docs/vault.md).
 * No user has this id (user ids are UUIDs); only tokenize, redeem and retire on XRPL move its serials.
 */
export const VAULT_ACCOUNT_ID = 'platform-vault';
/** Registry account of the platform's market maker: the pool's opening deposit is issued to it and tokenized. */
export const MARKET_MAKER_ACCOUNT_ID = 'platform-market-maker';

/** Registry account of the XRPL AMM pool, the counterparty of XRPL swaps. */
export const XRPL_AMM_ACCOUNT = 'xrpl-amm';

/** Who may issue credits (/api/issue and the XRPL issue flow); the console says so before the form is filled. */
export const issuingRoles = ['issuer', 'admin'] as const;
export const ISSUER_ROLE_REQUIRED_MESSAGE = 'Issuing credits needs the issuer role. Ask an administrator to grant it to your account.';
