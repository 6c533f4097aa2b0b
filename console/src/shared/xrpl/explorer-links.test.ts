import { describe, expect, it } from 'vitest';
import { explorerAccountUrl, explorerTransactionUrl } from './explorer-links';

describe('explorer links', () => {
  it('point at the explorer of each public network', () => {
    expect(explorerTransactionUrl('mainnet', 'H')).toBe('https://livenet.xrpl.org/transactions/H');
    expect(explorerTransactionUrl('testnet', 'H')).toBe('https://testnet.xrpl.org/transactions/H');
    expect(explorerTransactionUrl('devnet', 'H')).toBe('https://devnet.xrpl.org/transactions/H');
    expect(explorerAccountUrl('mainnet', 'rAbc')).toBe('https://livenet.xrpl.org/accounts/rAbc');
  });

  it('fall back to testnet when the network is unknown', () => {
    expect(explorerTransactionUrl(undefined, 'H')).toBe('https://testnet.xrpl.org/transactions/H');
  });

  it('do not exist for the local sandbox ledger', () => {
    expect(explorerTransactionUrl('sandbox', 'H')).toBeUndefined();
    expect(explorerAccountUrl('sandbox', 'rAbc')).toBeUndefined();
  });
});
