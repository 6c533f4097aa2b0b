import { explorerBaseUrls, type XrplNetwork } from '@carbon-ledger/contracts';

/**
 * The explorer page of a transaction. Spec: testnet is the fallback when the network is not
 * known; the local sandbox ledger has no public explorer, so it gets none.
 * Shared copy of the xrpl feature's helper: screens outside that capability link transactions too.
 */
export function explorerTransactionUrl(network: XrplNetwork | undefined, hash: string): string | undefined {
  if (network === 'sandbox') return undefined;
  return `${explorerBaseUrls[network ?? 'testnet']}/transactions/${encodeURIComponent(hash)}`;
}
