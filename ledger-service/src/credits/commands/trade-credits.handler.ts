import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { marketOfTokenId, type Position, type TradeCreditsCommand as TradeRequest } from '@carbon-ledger/contracts';
import { describeRanges } from '../../credit-market/credit-market.decider.js';
import { CREDIT_MARKETS } from '../../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../../credit-market/credit-market.store.js';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import { type CommandContext, deriveId } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { KYC_GATE, type KycGate } from '../../shared/kyc-gate.port.js';

export interface TradeCreditsResult {
  readonly transactionId: string;
  readonly quantity: number;
  readonly price: string;
  readonly serialRanges: string[];
  readonly position: Position;
}

export class TradeCreditsCommand extends Command<TradeCreditsResult> {
  constructor(
    readonly request: TradeRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Spec: Trade (/api/trade): the caller transfers part of a batch they hold to the
 * buyer's registry account at an agreed price. Payment is marked for settlement
 * between the parties (the registry does not hold cash).
 */
@CommandHandler(TradeCreditsCommand)
export class TradeCreditsHandler implements ICommandHandler<TradeCreditsCommand> {
  constructor(
    @Inject(CREDIT_MARKETS) private readonly markets: CreditMarketStore,
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(KYC_GATE) private readonly kyc: KycGate,
  ) {}

  async execute({ request, context }: TradeCreditsCommand): Promise<TradeCreditsResult> {
    const market = marketOfTokenId(request.tokenId);
    if (!market) throw new DomainError('NotFound', `No credits found for token ${request.tokenId}`);
    await this.kyc.requireVerifiedTrader(context.actor.userId, context.now);
    const buyer = await this.db.selectFrom('users').select('user_id').where('user_id', '=', request.buyerAccountId).executeTakeFirst();
    if (!buyer) throw new DomainError('NotFound', `No registry account ${request.buyerAccountId}`);
    const tradeId = deriveId(context.commandId, 'trade');
    const outcome = await this.markets.execute(
      market.projectType,
      market.vintage,
      {
        type: 'TransferCredits',
        tradeId,
        batchId: request.tokenId,
        sellerAccountId: context.actor.userId,
        buyerAccountId: request.buyerAccountId,
        quantity: request.amount,
        price: request.price,
      },
      context,
      (state, events) => {
        const trade = events.find((event) => event.type === 'TradeExecuted');
        return trade?.type === 'TradeExecuted' ? describeRanges(state, trade.data.ranges) : [];
      },
    );
    return { transactionId: tradeId, quantity: request.amount, price: request.price, serialRanges: outcome.result, position: outcome.position };
  }
}
