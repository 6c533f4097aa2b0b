import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type Payment } from 'xrpl';
import { deriveId, type CommandContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { PlatformSubmissions } from '../../shared/platform-submissions.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import { XrplConnection } from '../../infrastructure/xrpl/xrpl-connection.js';
import { SANDBOX_SETTLEMENT_CURRENCY } from '../../infrastructure/xrpl/sandbox-provisioning.js';
import { DepositTags } from '../deposit-tags.js';
import { DepositRecorder } from '../deposit-recorder.js';
import { tokenValueToCents } from '../deposits/incoming-deposit.js';
import type { Position } from '@carbon-ledger/contracts';

export class ClaimTestUsdCommand extends Command<{ readonly txHash: string; readonly position: Position }> {
  constructor(
    readonly amountCents: number,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * The sandbox faucet's test USD, as a real deposit: the platform issuer pays the settlement token
 * to the deposit address with the user's destination tag (claimed in the log first, so a retried
 * request pays once), and the validated payment is recorded as the user's deposit, keyed by its hash.
 */
@CommandHandler(ClaimTestUsdCommand)
export class ClaimTestUsdHandler implements ICommandHandler<ClaimTestUsdCommand> {
  constructor(
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    private readonly submissions: PlatformSubmissions,
    private readonly tags: DepositTags,
    private readonly deposits: DepositRecorder,
    private readonly connection: XrplConnection,
  ) {}

  async execute({ amountCents, context }: ClaimTestUsdCommand): Promise<{ txHash: string; position: Position }> {
    if (this.gateway.network !== 'sandbox') throw new DomainError('NotFound', 'Test USD is given on the sandbox network only');
    // Right after start the sandbox is still being provisioned: the deposit address may not exist yet.
    await this.connection.ready;
    const userId = context.actor.userId;
    const tag = await this.tags.tagOf(userId, context.now);
    const { wallets } = this.gateway;
    const payment: Payment = {
      TransactionType: 'Payment',
      Account: wallets.issuer.address,
      Destination: wallets.deposit.address,
      DestinationTag: tag,
      Amount: { currency: SANDBOX_SETTLEMENT_CURRENCY, issuer: wallets.issuer.address, value: (amountCents / 100).toFixed(2) },
    };
    const outcome = await this.submissions.submit({
      key: `funds-faucet:${deriveId(context.commandId, 'funds-faucet')}`,
      role: 'issuer',
      transaction: payment,
      purpose: `Sandbox test USD for destination tag ${tag}`,
    });
    if (outcome.result !== 'tesSUCCESS' || !outcome.validated) {
      throw new DomainError('ServiceUnavailable', `The test USD payment did not apply on the sandbox ledger (${outcome.result}); try again`);
    }
    // What the ledger delivered, not what was asked for.
    const delivered = outcome.meta?.delivered_amount;
    const deliveredCents = (typeof delivered === 'object' && !Array.isArray(delivered) ? tokenValueToCents(delivered.value) : undefined) ?? amountCents;
    const position = await this.deposits.record({
      txHash: outcome.hash,
      destinationTag: tag,
      amountCents: deliveredCents,
      actor: context.actor,
      correlationId: context.correlationId,
      now: context.now,
    });
    return { txHash: outcome.hash, position };
  }
}
