import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type XrplTokenizeForm, xrplTokenizePrepareRequest, type XrplTokenizePrepareResponse } from '@carbon-ledger/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { READ_MODELS } from '../../infrastructure/tokens.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { autofillInOrder } from '../signing/signed-submission.js';
import { XrplPreparations } from '../signing/xrpl-preparations.js';
import { trustLineIfMissing } from '../vault/nxcc-line.js';

export const tokenizePreparationData = z.object({ form: xrplTokenizePrepareRequest });
export type TokenizePreparationData = z.infer<typeof tokenizePreparationData>;

export class PrepareXrplTokenizeCommand extends Command<XrplTokenizePrepareResponse> {
  constructor(
    readonly form: XrplTokenizeForm,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * A tokenization moves the caller's serials into the vault and has the platform issuer pay
 * as many NXCC to the caller's KYC-checked address (docs/vault.md). The
 * address signs only its NXCC trust line, when it has none yet, so the payment cannot fail for
 * want of one. What the caller holds is checked here for a clear answer before anything is
 * signed; the market decides it again when the tokenization is submitted.
 */
@CommandHandler(PrepareXrplTokenizeCommand)
export class PrepareXrplTokenizeHandler implements ICommandHandler<PrepareXrplTokenizeCommand> {
  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    private readonly preparations: XrplPreparations,
  ) {}

  async execute({ form, context }: PrepareXrplTokenizeCommand): Promise<XrplTokenizePrepareResponse> {
    await this.preparations.requireKyc('tokenize', form.xrplAddress, context);
    await this.requireHeld(context.actor.userId, form.tokenId, form.amount);
    const transactions = await autofillInOrder(this.gateway, await trustLineIfMissing(this.gateway, form.xrplAddress));
    const data: TokenizePreparationData = { form };
    const { preparation, expiresAt } = this.preparations.sealFor('tokenize', form.xrplAddress, transactions, data, context);
    return { preparation, transactions, tokenId: form.tokenId, expiresAt };
  }

  private async requireHeld(userId: string, tokenId: string, amount: number): Promise<void> {
    const batch = await this.db.selectFrom('credit_batches').select('token_id').where('token_id', '=', tokenId).executeTakeFirst();
    if (!batch) throw new DomainError('NotFound', `No credits found for token ${tokenId}`);
    const row = await this.db
      .selectFrom('credit_holdings')
      .select(sql<string>`coalesce(sum(serial_end - serial_start + 1), 0)`.as('held'))
      .where('account_id', '=', userId)
      .where('token_id', '=', tokenId)
      .where('status', '=', 'tradable')
      .executeTakeFirstOrThrow();
    const held = Number(row.held);
    if (held < amount) {
      throw new DomainError('Conflict', `Insufficient credits: the account holds ${held} tradable ${tokenId} credits, ${amount} needed`, {
        available: held,
        requested: amount,
      });
    }
  }
}
