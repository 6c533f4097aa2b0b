import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { type CreditProjectType, creditProjectTypes, defaultLabelRules, type LabelRules, retirementStandards } from '@carbon-ledger/contracts';
import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65_535);

/** A comma-separated list of ISO 3166-1 alpha-2 codes, e.g. "KP,IR,MM". */
const countryList = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((code) => code.trim().toUpperCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, 'must be two-letter country codes separated by commas')));

/** FATF "high-risk jurisdictions subject to a call for action" (DPRK, Iran, Myanmar). */
const FATF_CALL_FOR_ACTION = 'KP,IR,MM';
const usd = z.coerce.number().positive().max(1e12);
const classicAddress = z.string().regex(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/, 'must be a classic XRPL address (r...)');

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string): boolean => {
  if (PROXY_NAMES.has(entry)) return true;
  const [ip, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !ip) return false;
  const family = isIP(ip);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const limit = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= limit;
};

/**
 * Express's "trust proxy": `false` (default: the connection is the client), a number of proxy hops,
 * or a comma-separated list of proxy addresses, subnets, or loopback/linklocal/uniquelocal.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((text, ctx): boolean | number | string[] => {
    if (text === 'false' || text === '0' || text === '') return false;
    if (/^\d{1,2}$/.test(text)) return Number(text);
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.find((entry) => !isProxyAddress(entry));
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a hop count, or proxy addresses/subnets (loopback, 10.0.0.0/8, ...); not ${JSON.stringify(bad)}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** A comma-separated list; empty entries are dropped. */
const commaList = z.string().transform((text) =>
  text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean),
);

/** CORSIA_ELIGIBLE_STANDARDS: programmes by the names a project's standard takes. */
const standardList = commaList.pipe(
  z.array(z.enum(retirementStandards, { error: `must be standards separated by commas, of: ${retirementStandards.join(', ')}` })),
);

/** CORSIA_VINTAGES: "2021-2026", both ends included. */
const vintageSpan = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{4}$/, 'must be two years, e.g. 2021-2026')
  .transform((text) => {
    const [from, to] = text.split('-').map(Number);
    return { from: from ?? 0, to: to ?? 0 };
  })
  .refine((span) => span.from <= span.to, 'must end on or after it starts');

/**
 * Buffer-pool shares by project type, e.g. "Reforestation=15,Forestry=20": the percent of each issuance
 * of that type held back against reversals. A type left out keeps the documented default (docs/registry.md).
 */
const bufferShares = z
  .string()
  .trim()
  .transform((text, ctx): Partial<Record<CreditProjectType, number>> => {
    const shares: Partial<Record<CreditProjectType, number>> = {};
    for (const entry of text
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)) {
      const [type, percent, ...rest] = entry.split('=').map((part) => part.trim());
      const value = Number(percent);
      if (rest.length > 0 || !(creditProjectTypes as readonly string[]).includes(type ?? '') || !/^\d{1,2}$/.test(percent ?? '') || value > 50) {
        ctx.addIssue({
          code: 'custom',
          message: `must be "Project type=percent" pairs (0-50) separated by commas, for types ${creditProjectTypes.join(', ')}; not ${JSON.stringify(entry)}`,
        });
        return z.NEVER;
      }
      shares[type as CreditProjectType] = value;
    }
    return shares;
  });

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: port.default(3000),
    /** Prometheus `GET /metrics` on this port (on HOST), apart from the API; unset: no metrics server; 0: any free port. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
    DATA_DIR: z.string().min(1).default('.data'),
    /** Unset: the embedded PostgreSQL under DATA_DIR. */
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    EMBEDDED_PG_PORT: port.default(54329),
    EVENT_STORE: z.enum(['postgres', 'kurrentdb']).default('postgres'),
    KURRENTDB_URL: z
      .string()
      .regex(/^(kurrentdb|esdb|kdb)(\+discover)?:\/\//, 'must be a kurrentdb:// connection string')
      .optional(),
    /** Upper bound on how long a command waits for its read model (read-your-writes). */
    PROJECTION_WAIT_MS: z.coerce.number().int().min(0).max(30_000).default(2_000),
    BUFFER_SHARES: bufferShares.default({}),
    /** Methodology codes the ICVCM approved as CCP (docs/credit-use.md, "Labels"); unset: the documented default list. */
    CCP_APPROVED_METHODOLOGIES: commaList.optional(),
    /** Programmes ICAO found CORSIA eligible for the compliance period; unset: the documented first-phase list. */
    CORSIA_ELIGIBLE_STANDARDS: standardList.optional(),
    /** Vintages CORSIA's compliance period accepts; unset: 2021-2026 (first phase). */
    CORSIA_VINTAGES: vintageSpan.optional(),
    /** Optional live compliance-price feed answering { markets: [...] }; unset serves the reference prices. */
    CARBON_PRICE_FEED_URL: z.url({ protocol: /^https?$/ }).optional(),
    XRPL_NETWORK: z.enum(['sandbox', 'testnet', 'devnet', 'mainnet']).default('sandbox'),
    /** Unset with XRPL_NETWORK=sandbox: the in-process sandbox node. */
    XRPL_URL: z
      .string()
      .regex(/^wss?:\/\//, 'must be a ws:// or wss:// URL')
      .optional(),
    /** Sandbox only: ledger close interval, and its port (0 = any free port). */
    XRPL_LEDGER_CLOSE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    XRPL_SANDBOX_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
    /** Seeds of the platform wallets on networks other than the sandbox; generated and kept under DATA_DIR when unset. */
    XRPL_ISSUER_SEED: z.string().min(20).optional(),
    XRPL_MARKET_MAKER_SEED: z.string().min(20).optional(),
    XRPL_KYC_ISSUER_SEED: z.string().min(20).optional(),
    XRPL_AUDIT_ANCHOR_SEED: z.string().min(20).optional(),
    /**
     * A platform account whose seed above is its regular key (SetRegularKey), not its master key:
     * the account's address. Rotating a seed this way keeps the account (docs/operations.md).
     */
    XRPL_ISSUER_ADDRESS: classicAddress.optional(),
    XRPL_MARKET_MAKER_ADDRESS: classicAddress.optional(),
    XRPL_KYC_ISSUER_ADDRESS: classicAddress.optional(),
    XRPL_AUDIT_ANCHOR_ADDRESS: classicAddress.optional(),
    XRPL_DEPOSIT_ADDRESS: classicAddress.optional(),
    /**
     * A standalone rippled (XRPL_URL with XRPL_NETWORK=sandbox): its genesis account's seed, so the
     * service funds the platform wallets and opens the pool there as it does in the in-process sandbox.
     */
    XRPL_GENESIS_SEED: z.string().min(20).optional(),
    /** The deposit address users pay the settlement token to, with their destination tag (docs/funds.md). */
    XRPL_DEPOSIT_SEED: z.string().min(20).optional(),
    /** The settlement token on networks other than the sandbox (e.g. RLUSD's issuer and currency code); the sandbox uses USD of the platform issuer. */
    FUNDS_TOKEN_ISSUER: z
      .string()
      .regex(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/, 'must be a classic XRPL address')
      .optional(),
    FUNDS_TOKEN_CURRENCY: z
      .string()
      .regex(/^([A-Z0-9]{3}|[0-9A-F]{40})$/, 'must be a 3-character or 40-hex currency code')
      .optional(),
    /** How often the deposit watcher reads the deposit address's new validated transactions (besides its account subscription); 0 turns it off. */
    DEPOSIT_WATCH_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2_000),
    /** Optional XRP/USD market data source answering CoinGecko's /coins/ripple shape or { price_usd, ... }. */
    XRP_PRICE_URL: z.url({ protocol: /^https?$/ }).optional(),
    /** How often the sealer seals new events (Merkle root, anchored on XRPL); 0 turns it off. */
    SEAL_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
    /** KYC provider: the built-in sandbox, or Persona (needs KYC_API_KEY and KYC_TEMPLATE_ID). */
    KYC_PROVIDER: z.enum(['sandbox', 'persona']).default('sandbox'),
    KYC_API_KEY: z.string().min(10).optional(),
    KYC_TEMPLATE_ID: z
      .string()
      .regex(/^itmpl_[A-Za-z0-9]+$/, 'must be a Persona inquiry template id (itmpl_...)')
      .optional(),
    KYC_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.withpersona.com/api/v1'),
    /** How long a verification stays valid. */
    KYC_VALIDITY_DAYS: z.coerce.number().int().min(1).max(3_650).default(365),
    /** Identity countries that raise the KYC risk score (enough on their own to send it to review). */
    KYC_HIGH_RISK_COUNTRIES: countryList.default([...FATF_CALL_FOR_ACTION.split(',')]),
    /** How often verifications are checked for expiry (and deferred credentials retried); 0 turns it off. */
    KYC_EXPIRY_CHECK_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
    /** A downloaded OFAC SDN list (sdn.csv) and, optionally, its alternate names (alt.csv); unset: the bundled fictional sample. */
    SANCTIONS_LIST_PATH: z.string().min(1).optional(),
    SANCTIONS_ALT_LIST_PATH: z.string().min(1).optional(),
    /** AML rules (docs/aml-rules.md). */
    AML_AMOUNT_THRESHOLD_USD: usd.default(10_000),
    AML_CRITICAL_AMOUNT_USD: usd.default(50_000),
    AML_VELOCITY_MAX: z.coerce.number().int().min(1).max(100_000).default(10),
    AML_STRUCTURING_COUNT: z.coerce.number().int().min(2).max(1_000).default(3),
    AML_HIGH_RISK_JURISDICTIONS: countryList.default([...FATF_CALL_FOR_ACTION.split(',')]),
    CONSOLE_DIST: z.string().min(1).default('console/dist'),
    LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug']).default('log'),
    TRUST_PROXY: trustProxy.default(false),
  })
  .superRefine((config, ctx) => {
    if (config.XRPL_NETWORK !== 'sandbox' && !config.XRPL_URL) {
      ctx.addIssue({ code: 'custom', path: ['XRPL_URL'], message: `is required when XRPL_NETWORK=${config.XRPL_NETWORK}` });
    }
    for (const role of ['ISSUER', 'MARKET_MAKER', 'KYC_ISSUER', 'AUDIT_ANCHOR'] as const) {
      if (config[`XRPL_${role}_ADDRESS`] && !config[`XRPL_${role}_SEED`]) {
        ctx.addIssue({ code: 'custom', path: [`XRPL_${role}_ADDRESS`], message: `needs XRPL_${role}_SEED (the regular key's seed)` });
      }
    }
    if (config.XRPL_GENESIS_SEED && config.XRPL_NETWORK !== 'sandbox') {
      ctx.addIssue({ code: 'custom', path: ['XRPL_GENESIS_SEED'], message: `is for a standalone ledger; refused with XRPL_NETWORK=${config.XRPL_NETWORK}` });
    }
    if (config.EVENT_STORE === 'kurrentdb' && !config.KURRENTDB_URL) {
      ctx.addIssue({ code: 'custom', path: ['KURRENTDB_URL'], message: 'is required when EVENT_STORE=kurrentdb' });
    }
    if (config.KYC_PROVIDER === 'persona') {
      if (!config.KYC_API_KEY) ctx.addIssue({ code: 'custom', path: ['KYC_API_KEY'], message: 'is required when KYC_PROVIDER=persona' });
      if (!config.KYC_TEMPLATE_ID) {
        ctx.addIssue({ code: 'custom', path: ['KYC_TEMPLATE_ID'], message: 'is required when KYC_PROVIDER=persona' });
      }
    }
    if (config.AML_CRITICAL_AMOUNT_USD < config.AML_AMOUNT_THRESHOLD_USD) {
      ctx.addIssue({ code: 'custom', path: ['AML_CRITICAL_AMOUNT_USD'], message: 'must not be below AML_AMOUNT_THRESHOLD_USD' });
    }
  });

export type AppConfig = z.infer<typeof configSchema> & {
  /** Absolute paths, resolved against the directory the service was started from. */
  readonly dataDir: string;
  readonly consoleDist: string;
};

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Validates the environment; a bad variable names itself and stops start-up. An empty
 * variable counts as unset (docker compose passes `${VAR:-}` through as an empty string).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const parsed = configSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.join('.') || '(environment)';
      const value = env[name];
      const secret = name.endsWith('_URL') || name.endsWith('_SEED') || name.endsWith('_KEY');
      const shown = value === undefined ? 'unset' : secret ? 'set' : JSON.stringify(value);
      return `  ${name} (${shown}): ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return {
    ...parsed.data,
    dataDir: resolve(cwd, parsed.data.DATA_DIR),
    consoleDist: resolve(cwd, parsed.data.CONSOLE_DIST),
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');

/** The part of the configuration the labels are read with (docs/credit-use.md, "Labels"). */
export type LabelConfig = Pick<AppConfig, 'CCP_APPROVED_METHODOLOGIES' | 'CORSIA_ELIGIBLE_STANDARDS' | 'CORSIA_VINTAGES'>;

/** The lists a batch's labels are read against: the documented defaults, with the configuration's overrides. */
export function labelRulesOf(config: LabelConfig): LabelRules {
  return {
    ccpApprovedMethodologies: config.CCP_APPROVED_METHODOLOGIES ?? defaultLabelRules.ccpApprovedMethodologies,
    corsiaEligibleStandards: config.CORSIA_ELIGIBLE_STANDARDS ?? defaultLabelRules.corsiaEligibleStandards,
    corsiaVintages: config.CORSIA_VINTAGES ?? defaultLabelRules.corsiaVintages,
  };
}
