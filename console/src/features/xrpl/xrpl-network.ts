import type { XrplNetwork } from '@carbon-ledger/contracts';

export const networkLabels: Record<XrplNetwork, string> = {
  sandbox: 'Sandbox',
  testnet: 'Testnet',
  devnet: 'Devnet',
  mainnet: 'Mainnet',
};

export const networkColors: Record<XrplNetwork, string> = {
  sandbox: 'gray',
  testnet: 'blue',
  devnet: 'violet',
  mainnet: 'green',
};
