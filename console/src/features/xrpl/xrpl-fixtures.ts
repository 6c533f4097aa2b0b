import type {
  AmmStateResponse,
  HoldingView,
  VaultReservesResponse,
  SwapPathResponse,
  WalletBalance,
  WalletBalanceResponse,
  WalletTransaction,
  XrplNetwork,
  XrplNetworkResponse,
  XrpMarketDataResponse,
  XrplIssueResponse,
  XrplPrepareResponse,
  XrplRedeemResponse,
  XrplRetireResponse,
  XrplTokenizePrepareResponse,
  XrplTokenizeResponse,
  XrplTradeResponse,
} from '@carbon-ledger/contracts';
import { jsonResponse, type RecordedRequest } from '../../test/fetch-mock';
import { InvalidSeedError } from '../../shared/xrpl/seed-wallet';
import { type BrowserSigner, SeedAddressMismatchError } from './signing/browser-signer';

/** Test data only; nothing in the app imports this file. */
export function aNetwork(network: XrplNetwork = 'sandbox'): XrplNetworkResponse {
  return { network, isMainnet: network === 'mainnet', connected: true, ledgerIndex: 42 };
}

export function aWallet(overrides: Partial<WalletBalance> = {}): WalletBalance {
  return {
    role: 'issuer',
    status: 'funded',
    address: 'rIssuerAddress1111111111111111111',
    balance: '1000.00',
    creditBalance: '100000',
    sequence: 7,
    error: null,
    lastUpdated: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

export function aBalanceResponse(wallets: WalletBalance[], overrides: Partial<WalletBalanceResponse['summary']> = {}): WalletBalanceResponse {
  const funded = wallets.filter((wallet) => wallet.status === 'funded').length;
  return {
    wallets,
    summary: {
      totalBalance: '1000.00',
      fundedWallets: funded,
      totalWallets: wallets.length,
      network: 'sandbox',
      status: funded < wallets.length ? 'needs_funding' : 'operational',
      ...overrides,
    },
    funding: {
      instructions: ['Fund each unfunded address below.', 'Each wallet needs the 1 XRP base reserve.'],
      note: 'Wallet seeds stay inside the service; the console and the API never receive them.',
    },
  };
}

export function aTransaction(overrides: Partial<WalletTransaction> = {}): WalletTransaction {
  return {
    type: 'AMMCreate',
    walletRole: 'market_maker',
    status: 'tesSUCCESS',
    hash: 'ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789',
    amount: '1200000.00 XRP',
    fee: '0.20',
    sequence: 5,
    timestamp: '2026-11-22T10:00:00.000Z',
    destination: null,
    ...overrides,
  };
}

export function anAmmState(overrides: Partial<AmmStateResponse> = {}): AmmStateResponse {
  return {
    isActive: true,
    poolAccount: 'rPoolAccount11111111111111111111',
    tradingFeePercent: 0.5,
    poolReserves: {
      asset1: { amount: '1200000.00', currency: 'XRP' },
      asset2: { amount: '100000', currency: 'NXCC' },
    },
    swapCount: 0,
    swapHistory: [],
    lastTrade: null,
    ...overrides,
  };
}

export function aSwap(index: number): AmmStateResponse['swapHistory'][number] {
  return {
    amount: `${index}.5`,
    fromAsset: 'XRP',
    toAsset: 'NXCC',
    timestamp: `2026-11-22T10:0${index}:00.000Z`,
    sdgImpact: `SDG 13 Climate Action: ${index}.50 tCO2e of verified credits`,
    hash: `HASH${index}`.padEnd(64, '0'),
  };
}

export function aQuote(overrides: Partial<SwapPathResponse['recommendation']> = {}): SwapPathResponse {
  return {
    success: true,
    recommendation: {
      estimatedOutput: '8.283306',
      maxInput: '101',
      sdgImpact: 'SDG 13 Climate Action: 8.28 tCO2e of verified credits',
      message: '100 XRP buys about 8.283306 NXCC through the XRP/NXCC pool (fee 0.5%, price impact 0.01%).',
      priceImpactPercent: 0.0133,
      ...overrides,
    },
  };
}

export function someMarketData(overrides: Partial<XrpMarketDataResponse> = {}): XrpMarketDataResponse {
  return {
    price_usd: 0.5234,
    price_change_24h: -1.25,
    market_cap: 30_120_000_000,
    volume_24h: 1_450_000_000,
    last_updated: '2026-11-22T10:00:00.000Z',
    stale: false,
    ...overrides,
  };
}

export type XrplRoutes = Partial<Record<string, (request: RecordedRequest) => Response | Promise<Response>>>;

/** A fetch handler that answers by path (query string ignored); unknown paths get a 404. */
export function xrplApi(routes: XrplRoutes) {
  return (request: RecordedRequest): Response | Promise<Response> => {
    const path = request.url.split('?')[0] ?? request.url;
    const route = routes[path];
    return route ? route(request) : jsonResponse({ error: 'NotFound', message: `no route ${path}` }, 404);
  };
}

export function requestsTo(requests: RecordedRequest[], path: string): RecordedRequest[] {
  return requests.filter((request) => request.url.split('?')[0] === path);
}

export function aPrepareResponse(transactions: Record<string, unknown>[], overrides: Partial<XrplPrepareResponse> = {}): XrplPrepareResponse {
  return { preparation: 'sealed.preparation', transactions, expiresAt: '2026-11-22T10:05:00.000Z', ...overrides };
}

export const aTxHash = 'C0FFEE0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789';
export const anNftId = '00090000A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D40000099B00000000';

export function anIssueResponse(overrides: Partial<XrplIssueResponse> = {}): XrplIssueResponse {
  return {
    nftId: anNftId,
    requiresKyc: false,
    creditAmount: 30,
    txHash: aTxHash,
    tokenId: 'SOLAR-2026-C0FFEE01',
    projectId: 'XRPL-C0FFEE012345',
    reportId: '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e',
    reportStatus: 'awaiting_verification',
    bufferQuantity: 0,
    ...overrides,
  };
}

export function aTradeResponse(overrides: Partial<XrplTradeResponse> = {}): XrplTradeResponse {
  return { txHash: aTxHash, amount: '10', requiresKyc: false, xrpDrops: '120604000', ...overrides };
}

export function aRetireResponse(overrides: Partial<XrplRetireResponse> = {}): XrplRetireResponse {
  return { success: true, txHash: aTxHash, burned: 4, tokenId: 'SOLAR-2026-C0FFEE01', ...overrides };
}

export const aVaultTokenId = 'SOLAR-2026-C0FFEE01';

/** A registry holding the tokenize form offers. */
export function aRegistryHolding(overrides: Partial<HoldingView> = {}): HoldingView {
  return {
    tokenId: aVaultTokenId,
    projectName: 'Mojave Solar Farm',
    projectType: 'Solar Energy',
    vintage: 2026,
    tradable: 40,
    reserved: 0,
    serialRanges: [`NXCC-${aVaultTokenId}-000001 to NXCC-${aVaultTokenId}-000040`],
    labels: [],
    ...overrides,
  };
}

/** A tokenization prepare answer: nothing to sign, or the address's NXCC trust line. */
export function aTokenizePrepareResponse(
  transactions: Record<string, unknown>[] = [],
  overrides: Partial<XrplTokenizePrepareResponse> = {},
): XrplTokenizePrepareResponse {
  return { preparation: 'sealed.preparation', transactions, tokenId: aVaultTokenId, expiresAt: '2026-11-22T10:05:00.000Z', ...overrides };
}

export const aPaymentTxHash = 'FACE0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789AB';

export function aTokenizeResponse(overrides: Partial<XrplTokenizeResponse> = {}): XrplTokenizeResponse {
  return {
    tokenizationId: '6f1c2d3e-4a5b-4c6d-8e7f-901a2b3c4d5e',
    tokenId: aVaultTokenId,
    amount: 25,
    serialRanges: [`NXCC-${aVaultTokenId}-000001 to NXCC-${aVaultTokenId}-000025`],
    paymentResult: 'tesSUCCESS',
    paymentTxHash: aPaymentTxHash,
    position: '120:120',
    ...overrides,
  };
}

export function aRedeemResponse(overrides: Partial<XrplRedeemResponse> = {}): XrplRedeemResponse {
  return { success: true, txHash: aTxHash, redeemed: 6, tokenId: aVaultTokenId, ...overrides };
}

export function someReserves(overrides: Partial<VaultReservesResponse> = {}): VaultReservesResponse {
  return {
    currency: 'NXCC',
    outstandingOnLedger: '100025',
    heldInVault: 100_025,
    inFlight: { toPay: 0, toRegister: 0 },
    balanced: true,
    difference: '0',
    ledgerIndex: 4321,
    position: '120:120',
    checkedAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

/** The seed the fake browser signer accepts, and the address it signs for. */
export const aSeed = 'sEdTknownTestSeed1111111111111';
export const aSigningAddress = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
export const anotherAddress = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh';

/**
 * Stands in for signerFromSeed in jsdom (where @noble's Uint8Array checks fail):
 * aSeed signs for aSigningAddress, 'bad seed' is malformed, any other seed is another account's.
 */
export async function fakeSignerFromSeed(seed: string, expectedAddress: string): Promise<BrowserSigner> {
  if (seed === 'bad seed') throw new InvalidSeedError();
  const address = seed === aSeed ? aSigningAddress : anotherAddress;
  if (address !== expectedAddress) throw new SeedAddressMismatchError(address, expectedAddress);
  return { address, sign: (transactions) => transactions.map((transaction) => `5349474E4544${String(transaction.Sequence ?? 0).padStart(2, '0')}`) };
}
