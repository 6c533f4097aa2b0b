import { z } from 'zod';
import { platformWalletRoles, swapAssets, xrplNetworks } from './xrpl.constants.js';

/** GET /api/xrpl/network */
export const xrplNetworkResponse = z.object({
  network: z.enum(xrplNetworks),
  isMainnet: z.boolean(),
  /** Whether the service is connected to the ledger right now. */
  connected: z.boolean(),
  ledgerIndex: z.number().int().nullable(),
});
export type XrplNetworkResponse = z.infer<typeof xrplNetworkResponse>;

export const walletBalance = z.object({
  role: z.enum(platformWalletRoles),
  status: z.enum(['funded', 'unfunded']),
  address: z.string(),
  /** XRP, drops / 1,000,000 with 2 decimals. */
  balance: z.string(),
  /** Credit tokens held (issuer: tokens in circulation). */
  creditBalance: z.string().optional(),
  sequence: z.number().int().nullable(),
  error: z.string().nullable(),
  lastUpdated: z.iso.datetime(),
});
export type WalletBalance = z.infer<typeof walletBalance>;

/** GET /api/xrpl/balance */
export const walletBalanceResponse = z.object({
  wallets: z.array(walletBalance),
  summary: z.object({
    totalBalance: z.string(),
    fundedWallets: z.number().int(),
    totalWallets: z.number().int(),
    network: z.enum(xrplNetworks),
    status: z.enum(['operational', 'needs_funding', 'disconnected']),
  }),
  funding: z.object({ instructions: z.array(z.string()), note: z.string() }),
});
export type WalletBalanceResponse = z.infer<typeof walletBalanceResponse>;

export const walletTransaction = z.object({
  type: z.string(),
  walletRole: z.enum(platformWalletRoles),
  /** rippled result; tesSUCCESS means success. */
  status: z.string(),
  hash: z.string(),
  amount: z.string().nullable(),
  fee: z.string(),
  sequence: z.number().int(),
  timestamp: z.iso.datetime(),
  destination: z.string().nullable(),
});
export type WalletTransaction = z.infer<typeof walletTransaction>;

/** GET /api/xrpl/transactions */
export const walletTransactionsResponse = z.object({ transactions: z.array(walletTransaction) });
export type WalletTransactionsResponse = z.infer<typeof walletTransactionsResponse>;

const poolAsset = z.object({ amount: z.string(), currency: z.string() });

export const swapRecord = z.object({
  amount: z.string(),
  fromAsset: z.string(),
  toAsset: z.string(),
  timestamp: z.iso.datetime(),
  sdgImpact: z.string(),
  hash: z.string(),
});

/** GET /api/xrpl/amm-state */
export const ammStateResponse = z.object({
  isActive: z.boolean(),
  poolAccount: z.string().nullable(),
  /** Trading fee in percent, e.g. 0.5. */
  tradingFeePercent: z.number().nullable(),
  poolReserves: z.object({ asset1: poolAsset, asset2: poolAsset }).nullable(),
  swapCount: z.number().int(),
  swapHistory: z.array(swapRecord),
  lastTrade: z.object({ amount: z.string(), sdgImpact: z.string(), timestamp: z.iso.datetime() }).nullable(),
});
export type AmmStateResponse = z.infer<typeof ammStateResponse>;

/** GET /api/xrpl/swap-path?from=&to=&amount= */
export const swapPathQuery = z
  .object({
    from: z.enum(swapAssets, { error: 'from must be XRP or NXCC' }),
    to: z.enum(swapAssets, { error: 'to must be XRP or NXCC' }),
    amount: z.coerce
      .number({ error: 'Invalid Amount - Please enter a valid positive number' })
      .positive('Invalid Amount - Please enter a valid positive number')
      .max(1e12, 'Amount is too large'),
  })
  .refine((query) => query.from !== query.to, {
    message: 'Invalid Swap - Source and destination assets cannot be the same',
    path: ['to'],
  });
export type SwapPathQuery = z.infer<typeof swapPathQuery>;

export const swapPathResponse = z.object({
  success: z.boolean(),
  recommendation: z.object({
    /** What the pool delivers for the amount now (XLS-30 constant product with the pool's fee). */
    estimatedOutput: z.string(),
    /** Input to allow (SendMax) with 1% slippage tolerance. */
    maxInput: z.string(),
    sdgImpact: z.string(),
    message: z.string(),
    priceImpactPercent: z.number(),
  }),
});
export type SwapPathResponse = z.infer<typeof swapPathResponse>;

/** GET /api/xrpl/market-data (XRP in USD); `stale` when the source could not be reached. */
export const xrpMarketDataResponse = z.object({
  price_usd: z.number(),
  price_change_24h: z.number(),
  market_cap: z.number(),
  volume_24h: z.number(),
  last_updated: z.iso.datetime(),
  stale: z.boolean(),
});
export type XrpMarketDataResponse = z.infer<typeof xrpMarketDataResponse>;

/** Observations of the pool an AMM reserves history holds at most: the latest ones. */
export const AMM_RESERVES_HISTORY_POINTS = 200;

/** GET /api/xrpl/amm-reserves: the XRP/NXCC pool's reserves after each change the platform recorded (its opening, each swap), oldest first. */
export const ammReservesHistoryResponse = z.object({
  points: z.array(
    z.object({
      at: z.iso.datetime(),
      cause: z.enum(['pool-opened', 'swap']),
      txHash: z.string(),
      /** XRP in the pool, 6 decimals. */
      xrp: z.string(),
      /** NXCC in the pool, as the ledger wrote it. */
      credits: z.string(),
    }),
  ),
});
export type AmmReservesHistoryResponse = z.infer<typeof ammReservesHistoryResponse>;

/** Days an AMM price history covers: today (UTC) and the 29 before it. */
export const AMM_PRICE_HISTORY_DAYS = 30;

/** GET /api/xrpl/amm-daily: XRPL AMM swaps per UTC day of the last 30 days, oldest first, days without swaps left out. */
export const ammDailyPricesResponse = z.object({
  days: z.array(
    z.object({
      /** YYYY-MM-DD */
      day: z.iso.date(),
      /** Volume-weighted average price of the day's swaps, XRP per credit. */
      averagePrice: z.string(),
      /** Credits swapped that day. */
      volume: z.number().int(),
      swaps: z.number().int(),
    }),
  ),
});
export type AmmDailyPricesResponse = z.infer<typeof ammDailyPricesResponse>;
