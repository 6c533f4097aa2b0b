import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CREDIT_CURRENCY_CODE, type XrplPrepareResponse, type XrplTradeForm, xrplTradePrepareRequest } from '@carbon-ledger/contracts';
import { type SubmittableTransaction, xrpToDrops } from 'xrpl';
import { z } from 'zod';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { autofillInOrder } from '../signing/signed-submission.js';
import { XrplPreparations } from '../signing/xrpl-preparations.js';
import { trustLineIfMissing } from '../vault/nxcc-line.js';
import { requirePlatformIssuer } from '../platform-issuer.js';

export const tradePreparationData = z.object({ form: xrplTradePrepareRequest });
export type TradePreparationData = z.infer<typeof tradePreparationData>;

export class PrepareXrplTradeCommand extends Command<XrplPrepareResponse> {
  constructor(
    readonly form: XrplTradeForm,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * A purchase of NXCC with XRP through the XRP/NXCC AMM pool: a cross-currency
 * Payment from the buyer to itself delivering exactly amountCRC, spending at
 * most xrpAmount. A buyer without an NXCC trust line gets a TrustSet first.
 */
@CommandHandler(PrepareXrplTradeCommand)
export class PrepareXrplTradeHandler implements ICommandHandler<PrepareXrplTradeCommand> {
  constructor(
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    private readonly preparations: XrplPreparations,
  ) {}

  async execute({ form, context }: PrepareXrplTradeCommand): Promise<XrplPrepareResponse> {
    requirePlatformIssuer(this.gateway, form.issuer);
    await this.preparations.requireKyc('trade', form.xrplAddress, context);

    const credits = { currency: CREDIT_CURRENCY_CODE, issuer: form.issuer };
    const trades: SubmittableTransaction[] = [
      ...(await trustLineIfMissing(this.gateway, form.xrplAddress)),
      {
        TransactionType: 'Payment',
        Account: form.xrplAddress,
        Destination: form.xrplAddress,
        Amount: { ...credits, value: String(form.amountCRC) },
        SendMax: xrpToDrops(form.xrpAmount),
      },
    ];
    const transactions = await autofillInOrder(this.gateway, trades);
    const data: TradePreparationData = { form };
    const { preparation, expiresAt } = this.preparations.sealFor('trade', form.xrplAddress, transactions, data, context);
    return { preparation, transactions, expiresAt };
  }
}
