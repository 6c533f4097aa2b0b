import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EventStore, SANDBOX_FAUCET_GRANTS, SANDBOX_FAUCET_XRP, type SandboxFaucetResponse, sandboxFaucetStreamId } from '@carbon-ledger/contracts';
import { type Payment, Wallet, xrpToDrops } from 'xrpl';
import type { ServiceRuntime } from '../../infrastructure/service-runtime.js';
import { EVENT_STORE, RUNTIME } from '../../infrastructure/tokens.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XrplConnection } from '../../infrastructure/xrpl/xrpl-connection.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { handleCommand } from '../../shared/handle-command.js';
import { recentGrants, sandboxFaucetDecider } from '../sandbox-faucet.decider.js';

export const FAUCET_SANDBOX_ONLY = 'The faucet is offered on the sandbox network only; use the public faucet of this network';

export class FundSandboxWalletCommand extends Command<SandboxFaucetResponse> {
  constructor(
    readonly address: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * The sandbox's faucet, as the public testnet has one: the genesis account pays a wallet the
 * browser generated. The grant is claimed in the user's faucet stream (the rate limit) before the
 * payment is submitted; the genesis account's payments go one at a time in this process, so two
 * grants do not take the same sequence (nor one of the start-up provisioning's).
 */
@CommandHandler(FundSandboxWalletCommand)
export class FundSandboxWalletHandler implements ICommandHandler<FundSandboxWalletCommand> {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    @Inject(RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly connection: XrplConnection,
  ) {}

  execute(command: FundSandboxWalletCommand): Promise<SandboxFaucetResponse> {
    const next = this.queue.then(() => this.fund(command));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async fund({ address, context }: FundSandboxWalletCommand): Promise<SandboxFaucetResponse> {
    const genesisSeed = this.runtime.xrpl.genesisSeed;
    if (this.gateway.network !== 'sandbox' || genesisSeed === undefined) throw new DomainError('NotFound', FAUCET_SANDBOX_ONLY);
    // Provisioning pays the platform wallets from the genesis account on start: after it, no sequence is shared.
    await this.connection.ready;
    const genesis = Wallet.fromSeed(genesisSeed);
    const payment = await this.gateway.autofill<Payment>({
      TransactionType: 'Payment',
      Account: genesis.address,
      Destination: address,
      Amount: xrpToDrops(SANDBOX_FAUCET_XRP),
    });
    const signed = genesis.sign(payment);
    const userId = context.actor.userId;
    const { newState, replayed } = await handleCommand(this.eventStore, sandboxFaucetStreamId(userId), sandboxFaucetDecider, {
      command: { type: 'GrantSandboxFaucet', userId, address, amountXrp: SANDBOX_FAUCET_XRP, txHash: signed.hash },
      context,
    });
    // The same command again (a retry the idempotency layer did not answer): its payment went out with the first.
    if (replayed) throw new DomainError('Conflict', 'This faucet request was already granted');
    const outcome = await this.gateway.submitSigned(signed.tx_blob, payment.LastLedgerSequence);
    if (outcome.result !== 'tesSUCCESS' || !outcome.validated) {
      throw new DomainError('ServiceUnavailable', `The sandbox faucet's payment was not applied (${outcome.result}); try again`);
    }
    return {
      address,
      amountXrp: SANDBOX_FAUCET_XRP,
      txHash: outcome.hash,
      grantsLeft: Math.max(0, SANDBOX_FAUCET_GRANTS - recentGrants(newState, context.now).length),
    };
  }
}
