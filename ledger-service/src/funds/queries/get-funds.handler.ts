import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { formatUsdCents, type FundsView, SETTLEMENT_CURRENCY, userCashAccount } from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import { DepositTags } from '../deposit-tags.js';

export class GetFundsQuery extends Query<FundsView> {
  constructor(
    readonly userId: string,
    readonly now: Date,
  ) {
    super();
  }
}

/** Available and reserved cents of a user's cash account in the read model (zero before any movement). */
export async function readBalance(db: ReadModels, userId: string): Promise<{ available: number; reserved: number; marketCredits: number }> {
  const row = await db
    .selectFrom('cash_accounts')
    .select(['debits_posted', 'credits_posted', 'debits_pending', 'market_credits'])
    .where('account_id', '=', userCashAccount(userId))
    .executeTakeFirst();
  if (!row) return { available: 0, reserved: 0, marketCredits: 0 };
  const reserved = Number(row.debits_pending);
  return { available: Number(row.credits_posted) - Number(row.debits_posted) - reserved, reserved, marketCredits: Number(row.market_credits) };
}

@QueryHandler(GetFundsQuery)
export class GetFundsHandler implements IQueryHandler<GetFundsQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    private readonly tags: DepositTags,
  ) {}

  async execute({ userId, now }: GetFundsQuery): Promise<FundsView> {
    const [balance, destinationTag] = await Promise.all([readBalance(this.db, userId), this.tags.tagOf(userId, now)]);
    return {
      currency: SETTLEMENT_CURRENCY,
      available: formatUsdCents(balance.available),
      reserved: formatUsdCents(balance.reserved),
      depositAddress: this.gateway.wallets.deposit.address,
      destinationTag,
    };
  }
}
