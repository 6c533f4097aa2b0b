import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { type AmmStateResponse, CREDIT_CURRENCY, CREDIT_CURRENCY_CODE, RECENT_SWAPS_SHOWN } from '@carbon-ledger/contracts';
import { amountParts, dropsToXrpText, sdgImpactOf, trimDecimal } from '../ledger-amounts.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import { accountTransactions } from './read-ledger.js';

export class GetAmmStateQuery extends Query<AmmStateResponse> {}

const SWAPS_SCANNED = 200;

export interface LivePool {
  readonly account: string;
  readonly xrp: number;
  readonly credits: number;
  readonly drops: string;
  readonly creditsText: string;
  readonly tradingFee: number;
}

/** The XRP/NXCC pool as the validated ledger has it, or undefined when there is none. */
export async function readPool(gateway: XrplGateway): Promise<LivePool | undefined> {
  try {
    const answer = await gateway.request({
      command: 'amm_info',
      asset: { currency: 'XRP' },
      asset2: { currency: CREDIT_CURRENCY_CODE, issuer: gateway.wallets.issuer.address },
      ledger_index: 'validated',
    });
    const { amm } = answer.result;
    const [xrpSide, creditSide] = typeof amm.amount === 'string' ? [amm.amount, amm.amount2] : [amm.amount2, amm.amount];
    if (typeof xrpSide !== 'string' || typeof creditSide !== 'object') return undefined;
    return {
      account: amm.account,
      xrp: Number(xrpSide) / 1_000_000,
      credits: Number(creditSide.value),
      drops: xrpSide,
      creditsText: creditSide.value,
      tradingFee: amm.trading_fee,
    };
  } catch (error) {
    if (error instanceof Error && /actNotFound|Account not found/.test(error.message)) return undefined;
    throw error;
  }
}

@QueryHandler(GetAmmStateQuery)
export class GetAmmStateHandler implements IQueryHandler<GetAmmStateQuery> {
  constructor(@Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway) {}

  async execute(): Promise<AmmStateResponse> {
    const pool = await readPool(this.gateway);
    if (!pool) {
      return { isActive: false, poolAccount: null, tradingFeePercent: null, poolReserves: null, swapCount: 0, swapHistory: [], lastTrade: null };
    }
    const history = await accountTransactions(this.gateway, pool.account, SWAPS_SCANNED);
    // A swap is a successful cross-currency payment through the pool.
    const swaps = history
      .filter((entry) => entry.type === 'Payment' && entry.result === 'tesSUCCESS' && entry.sendMax !== undefined)
      .map((entry) => {
        const delivered = amountParts(entry.deliveredAmount ?? entry.amount);
        const paidWith = amountParts(entry.sendMax);
        return {
          amount: delivered ? trimDecimal(delivered.value) : '0',
          fromAsset: paidWith?.currency ?? 'XRP',
          toAsset: delivered?.currency ?? CREDIT_CURRENCY,
          timestamp: entry.timestamp,
          sdgImpact: sdgImpactOf(delivered),
          hash: entry.hash,
        };
      });
    const latest = swaps[0];
    return {
      isActive: true,
      poolAccount: pool.account,
      tradingFeePercent: pool.tradingFee / 1000,
      poolReserves: {
        asset1: { amount: dropsToXrpText(pool.drops), currency: 'XRP' },
        asset2: { amount: pool.creditsText, currency: CREDIT_CURRENCY },
      },
      swapCount: swaps.length,
      swapHistory: swaps.slice(0, RECENT_SWAPS_SHOWN),
      lastTrade: latest ? { amount: `${latest.amount} ${latest.toAsset}`, sdgImpact: latest.sdgImpact, timestamp: latest.timestamp } : null,
    };
  }
}
