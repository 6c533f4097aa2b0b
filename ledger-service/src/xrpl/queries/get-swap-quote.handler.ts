import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CREDIT_CURRENCY, type SwapPathQuery, type SwapPathResponse } from '@carbon-ledger/contracts';
import { DomainError } from '../../shared/domain-error.js';
import { feeFractionFromTradingFee, priceImpactPercent, swapOutput } from '../amm-quote.js';
import { sdgImpactOf, trimDecimal } from '../ledger-amounts.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import { readPool } from './get-amm-state.handler.js';

export class GetSwapQuoteQuery extends Query<SwapPathResponse> {
  constructor(readonly swap: SwapPathQuery) {
    super();
  }
}

const SLIPPAGE_TOLERANCE = 0.01;

/** A quote from the live pool with the XLS-30 formula and the pool's own trading fee. */
@QueryHandler(GetSwapQuoteQuery)
export class GetSwapQuoteHandler implements IQueryHandler<GetSwapQuoteQuery> {
  constructor(@Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway) {}

  async execute({ swap }: GetSwapQuoteQuery): Promise<SwapPathResponse> {
    const pool = await readPool(this.gateway);
    if (!pool) throw new DomainError('ServiceUnavailable', 'Unable to generate quote. Please check pool liquidity and try again.');
    const fromXrp = swap.from === 'XRP';
    const [poolIn, poolOut] = fromXrp ? [pool.xrp, pool.credits] : [pool.credits, pool.xrp];
    const fee = feeFractionFromTradingFee(pool.tradingFee);
    const output = swapOutput(poolIn, poolOut, swap.amount, fee);
    if (!(output > 0) || output >= poolOut) {
      throw new DomainError('Conflict', 'Unable to generate quote. Please check pool liquidity and try again.');
    }
    const estimatedOutput = trimDecimal(output, 6);
    const impact = priceImpactPercent(poolIn, poolOut, swap.amount, fee);
    return {
      success: true,
      recommendation: {
        estimatedOutput,
        maxInput: trimDecimal(swap.amount * (1 + SLIPPAGE_TOLERANCE), 6),
        sdgImpact: sdgImpactOf({ value: fromXrp ? output : swap.amount, currency: CREDIT_CURRENCY }),
        message: `${trimDecimal(swap.amount)} ${swap.from} buys about ${estimatedOutput} ${swap.to} through the XRP/NXCC pool (fee ${trimDecimal(fee * 100, 3)}%, price impact ${impact.toFixed(2)}%).`,
        priceImpactPercent: Number(impact.toFixed(4)),
      },
    };
  }
}
