import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type PlatformWalletRole, platformWalletRoles } from '@carbon-ledger/contracts';
import { Wallet } from 'xrpl';
import type { AppConfig } from '../../config/config.js';

export type PlatformWallets = Readonly<Record<PlatformWalletRole, Wallet>>;

/** The variable that configures each wallet's seed. */
export const SEED_VARIABLES: Readonly<Record<PlatformWalletRole, keyof AppConfig>> = {
  issuer: 'XRPL_ISSUER_SEED',
  market_maker: 'XRPL_MARKET_MAKER_SEED',
  kyc_issuer: 'XRPL_KYC_ISSUER_SEED',
  audit_anchor: 'XRPL_AUDIT_ANCHOR_SEED',
  deposit: 'XRPL_DEPOSIT_SEED',
};

/** Set when the configured seed is the account's regular key: the account it signs for. */
const ADDRESS_VARIABLES: Record<PlatformWalletRole, keyof AppConfig> = {
  issuer: 'XRPL_ISSUER_ADDRESS',
  market_maker: 'XRPL_MARKET_MAKER_ADDRESS',
  kyc_issuer: 'XRPL_KYC_ISSUER_ADDRESS',
  audit_anchor: 'XRPL_AUDIT_ANCHOR_ADDRESS',
  deposit: 'XRPL_DEPOSIT_ADDRESS',
};

/** Where generated seeds are kept for the configured network. */
export function platformWalletsFile(config: AppConfig): string {
  return join(config.dataDir, 'secrets', `xrpl-${config.XRPL_NETWORK}-wallets.json`);
}

/**
 * The platform's wallets. Seeds come from configuration, or are generated once
 * and kept in `<DATA_DIR>/secrets/xrpl-<network>-wallets.json` (mode 0600).
 * They never appear in a log, an event or an API answer.
 */
export function loadPlatformWallets(config: AppConfig): PlatformWallets {
  const dir = join(config.dataDir, 'secrets');
  const file = platformWalletsFile(config);
  const stored: Partial<Record<PlatformWalletRole, string>> = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<PlatformWalletRole, string>>)
    : {};
  const seeds = { ...stored };
  let generated = false;
  for (const role of platformWalletRoles) {
    const configured = config[SEED_VARIABLES[role]];
    if (typeof configured === 'string') continue;
    if (!seeds[role]) {
      seeds[role] = Wallet.generate().seed;
      generated = true;
    }
  }
  if (generated) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const temporary = `${file}.tmp`;
    writeFileSync(temporary, JSON.stringify(seeds, null, 2), { mode: 0o600 });
    renameSync(temporary, file);
    chmodSync(file, 0o600);
  }
  const wallet = (role: PlatformWalletRole): Wallet => {
    const configured = config[SEED_VARIABLES[role]];
    const seed = typeof configured === 'string' ? configured : seeds[role];
    if (!seed) throw new Error(`no seed for the ${role} wallet`);
    const account = config[ADDRESS_VARIABLES[role]];
    // A regular key signs for the account's address, which stays the same when the key is rotated.
    return typeof account === 'string' && typeof configured === 'string' ? Wallet.fromSeed(seed, { masterAddress: account }) : Wallet.fromSeed(seed);
  };
  return {
    issuer: wallet('issuer'),
    market_maker: wallet('market_maker'),
    kyc_issuer: wallet('kyc_issuer'),
    audit_anchor: wallet('audit_anchor'),
    deposit: wallet('deposit'),
  };
}
