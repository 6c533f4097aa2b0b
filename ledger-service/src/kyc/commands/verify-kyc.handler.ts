import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EventStore, kycStreamId, type VerifyKycRequest } from '@carbon-ledger/contracts';
import { type AppConfig, APP_CONFIG } from '../../config/config.js';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { handleCommand, type Recorded } from '../../shared/handle-command.js';
import { checkCanVerify, foldKyc, kycDecider } from '../kyc.decider.js';
import { KYC_PROVIDER, type KycProvider } from '../providers/kyc-provider.port.js';

export class VerifyKycCommand extends Command<Recorded> {
  constructor(
    readonly request: VerifyKycRequest,
    readonly isAdmin: boolean,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(VerifyKycCommand)
export class VerifyKycHandler implements ICommandHandler<VerifyKycCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(KYC_PROVIDER) private readonly provider: KycProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ request, isAdmin, context }: VerifyKycCommand): Promise<Recorded> {
    const address = request.xrplAddress;
    const streamId = kycStreamId(address);
    const requester = { address, requestedBy: context.actor.userId, isAdmin, inquiryId: request.inquiryId };
    const history = await this.eventStore.readStream(streamId);
    const earlier = history.filter((event) => event.metadata.commandId === context.commandId).at(-1);
    if (earlier) return { position: earlier.position, replayed: true };

    const state = foldKyc(history);
    checkCanVerify(state, requester, context.now);
    const outcome = await this.provider.verify({
      inquiryId: request.inquiryId,
      address,
      level: state.exists ? state.level : 'basic',
      jurisdiction: state.exists ? state.jurisdiction : null,
      identity: {
        legalName: request.legalName,
        dateOfBirth: request.dateOfBirth,
        country: request.country,
        documentNumber: request.documentNumber,
      },
    });
    const { position, replayed } = await handleCommand(this.eventStore, streamId, kycDecider, {
      command: { type: 'VerifyKyc', ...requester, outcome, validityDays: this.config.KYC_VALIDITY_DAYS },
      context,
    });
    return { position, replayed };
  }
}
