import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { type EventStore, isKycEvent, kycStreamId, platformWalletRoles, type StartVerificationRequest } from '@carbon-ledger/contracts';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import type { CommandContext } from '../../shared/command-context.js';
import { DomainError } from '../../shared/domain-error.js';
import { handleCommand, type Recorded } from '../../shared/handle-command.js';
import { AddressChallenges } from '../address-control/address-challenges.js';
import { provesAddressControl } from '../address-control/address-proof.js';
import { type AddressProof, checkCanStart, foldKyc, kycDecider } from '../kyc.decider.js';
import { KYC_PROVIDER, type KycInquiry, type KycProvider } from '../providers/kyc-provider.port.js';

export type StartKycResult = Recorded & { readonly inquiry: KycInquiry };

export class StartKycCommand extends Command<StartKycResult> {
  constructor(
    readonly request: StartVerificationRequest,
    readonly isAdmin: boolean,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export const PLATFORM_ADDRESS_REFUSED = 'This is an address of the platform; it cannot be verified for a user';
export const ADDRESS_PROOF_REFUSED = 'The signature does not prove control of this address; sign the challenge with its key';

@CommandHandler(StartKycCommand)
export class StartKycHandler implements ICommandHandler<StartKycCommand> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(KYC_PROVIDER) private readonly provider: KycProvider,
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    private readonly challenges: AddressChallenges,
  ) {}

  async execute({ request, isAdmin, context }: StartKycCommand): Promise<StartKycResult> {
    const address = request.xrplAddress;
    const streamId = kycStreamId(address);
    const requester = { address, requestedBy: context.actor.userId, isAdmin, proven: true };
    const history = await this.eventStore.readStream(streamId);
    // A retried request answers with the inquiry it opened the first time (its challenge is used up by then).
    const earlier = history.filter(isKycEvent).find((event) => event.metadata.commandId === context.commandId && event.type === 'KycStarted');
    if (earlier?.type === 'KycStarted') {
      const { inquiryId, templateId, environment, provider } = earlier.data;
      return { position: earlier.position, replayed: true, inquiry: { inquiryId, templateId, environment, provider } };
    }
    if (platformWalletRoles.some((role) => this.gateway.wallets[role].address === address)) {
      throw new DomainError('Forbidden', PLATFORM_ADDRESS_REFUSED);
    }
    const addressProof = await this.checkProof(request, context);
    // Refuse before the provider opens an inquiry that would never be used.
    checkCanStart(foldKyc(history), requester, context.now);
    await this.challenges.consume(addressProof.challengeId, context.actor.userId, address, context.now);
    const inquiry = await this.provider.startInquiry({
      address,
      level: request.kycLevel,
      jurisdiction: request.jurisdiction ?? null,
      referenceId: context.actor.userId,
    });
    const { position, replayed } = await handleCommand(this.eventStore, streamId, kycDecider, {
      command: { type: 'StartKyc', ...requester, addressProof, inquiry, level: request.kycLevel, jurisdiction: request.jurisdiction ?? null },
      context,
    });
    return { position, replayed, inquiry };
  }

  /** The user's open challenge for this address, signed by the address's own key. */
  private async checkProof(request: StartVerificationRequest, context: CommandContext): Promise<AddressProof> {
    const { challengeId, publicKey, signature } = request.proof;
    const message = await this.challenges.open(challengeId, context.actor.userId, request.xrplAddress, context.now);
    if (!provesAddressControl(request.xrplAddress, message, publicKey, signature)) throw new DomainError('Forbidden', ADDRESS_PROOF_REFUSED);
    return { challengeId, message, publicKey, signature };
  }
}
