import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EventStore, isKycEvent, kycStreamId, type StartVerificationRequest } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { executeOnStream, type StreamCommandResult } from '../../shared/stream-command.js';
import { checkCanStart, decideKyc, evolveKyc, foldKyc, initialKycState } from '../kyc.decider.js';
import { KYC_PROVIDER, type KycInquiry, type KycProvider } from '../providers/kyc-provider.port.js';

export type StartKycResult = StreamCommandResult & { readonly inquiry: KycInquiry };

export class StartKycCommand extends Command<StartKycResult> {
  constructor(
    readonly request: StartVerificationRequest,
    readonly isAdmin: boolean,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(StartKycCommand)
export class StartKycHandler implements ICommandHandler<StartKycCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(KYC_PROVIDER) private readonly provider: KycProvider,
  ) {}

  async execute({ request, isAdmin, context }: StartKycCommand): Promise<StartKycResult> {
    const address = request.xrplAddress;
    const streamId = kycStreamId(address);
    const requester = { address, requestedBy: context.actor.userId, isAdmin };
    const history = await this.eventStore.readStream(streamId);
    // A retried request answers with the inquiry it opened the first time.
    const earlier = history.filter(isKycEvent).find((event) => event.metadata.commandId === context.commandId);
    if (earlier?.type === 'KycStarted') {
      const { inquiryId, templateId, environment, provider } = earlier.data;
      return { position: earlier.position, replayed: true, inquiry: { inquiryId, templateId, environment, provider } };
    }
    // Refuse before the provider opens an inquiry that would never be used.
    checkCanStart(foldKyc(history), requester, context.now);
    const inquiry = await this.provider.startInquiry({
      address,
      level: request.kycLevel,
      jurisdiction: request.jurisdiction ?? null,
      referenceId: context.actor.userId,
    });
    const result = await executeOnStream({
      eventStore: this.eventStore,
      streamId,
      context,
      initial: initialKycState,
      accepts: isKycEvent,
      evolve: evolveKyc,
      decide: (state) =>
        decideKyc(
          { type: 'StartKyc', ...requester, inquiry, level: request.kycLevel, jurisdiction: request.jurisdiction ?? null },
          state,
          context.now,
        ),
    });
    return { ...result, inquiry };
  }
}
