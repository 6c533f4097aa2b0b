export const xrplNetworks = ['sandbox', 'testnet', 'devnet', 'mainnet'] as const;
export type XrplNetwork = (typeof xrplNetworks)[number];

/** The platform's own wallets; their seeds are the service's secrets and never leave it. */
export const platformWalletRoles = ['issuer', 'market_maker', 'kyc_issuer', 'audit_anchor', 'deposit'] as const;
export type PlatformWalletRole = (typeof platformWalletRoles)[number];

export const platformWalletLabels: Record<PlatformWalletRole, string> = {
  issuer: 'Credit Issuer',
  market_maker: 'AMM Market Maker',
  kyc_issuer: 'KYC Credential Issuer',
  audit_anchor: 'Audit Anchor',
  deposit: 'Deposit Address',
};

/** The platform's fungible credit token (one token = one tCO2e credit), as people read it. */
export const CREDIT_CURRENCY = 'NXCC';

/**
 * The same token as the ledger writes it: codes other than 3 characters are
 * 160-bit hex (the ASCII bytes, zero-padded).
 */
export const CREDIT_CURRENCY_CODE = '4E58434300000000000000000000000000000000';

/** A ledger currency code as people read it: 'XRP', 'USD', or the ASCII of a hex code. */
export function displayCurrency(code: string): string {
  if (!/^[0-9A-F]{40}$/.test(code)) return code;
  const text = code
    .replace(/(00)+$/, '')
    .match(/../g)
    ?.map((byte) => String.fromCharCode(parseInt(byte, 16)))
    .join('');
  return text && /^[\x20-\x7E]+$/.test(text) ? text : code;
}
export const swapAssets = ['XRP', CREDIT_CURRENCY] as const;
export type SwapAsset = (typeof swapAssets)[number];

export const AMM_STATE_POLL_MS = 10_000;
export const WALLET_BALANCE_LIVE_POLL_MS = 5_000;
export const WALLET_TRANSACTIONS_LIVE_POLL_MS = 10_000;
export const XRPL_NETWORK_STALE_MS = 5 * 60_000;
export const XRP_PRICE_LIVE_POLL_MS = 30_000;
export const XRP_PRICE_POLL_MS = 60_000;
export const XRP_PRICE_STALE_MS = 30_000;
export const RECENT_SWAPS_SHOWN = 5;

/** Block explorers per network; testnet is the fallback, the sandbox has none. */
export const explorerBaseUrls: Record<Exclude<XrplNetwork, 'sandbox'>, string> = {
  mainnet: 'https://livenet.xrpl.org',
  testnet: 'https://testnet.xrpl.org',
  devnet: 'https://devnet.xrpl.org',
};
