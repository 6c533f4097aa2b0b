import { explorerBaseUrls, type XrplNetwork } from '@carbon-ledger/contracts';

/**
 * The explorer for a network. Testnet is the product's fallback when the network is not known;
 * the local sandbox ledger has no public explorer, so it gets none. Shared: the xrpl screens
 * and the credit screens (certificate, provenance) link transactions.
 */
function explorerBaseUrl(network: XrplNetwork | undefined): string | undefined {
  if (network === 'sandbox') return undefined;
  return explorerBaseUrls[network ?? 'testnet'];
}

export function explorerTransactionUrl(network: XrplNetwork | undefined, hash: string): string | undefined {
  const base = explorerBaseUrl(network);
  return base && `${base}/transactions/${encodeURIComponent(hash)}`;
}

export function explorerAccountUrl(network: XrplNetwork | undefined, address: string): string | undefined {
  const base = explorerBaseUrl(network);
  return base && `${base}/accounts/${encodeURIComponent(address)}`;
}
