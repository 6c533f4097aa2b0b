import { Inject, Injectable, Logger } from '@nestjs/common';
import { isXrplActionEvent, type RecordedEvent } from '@carbon-ledger/contracts';
import { LogReaction, type Reaction } from '../../infrastructure/reactions/reaction-host.js';
import { DomainError } from '../../shared/domain-error.js';
import { ISSUANCE_REQUESTS, type IssuanceRequests } from '../../shared/issuance-requests.port.js';

/**
 * A batch NFT minted on the /xrpl Issue tab files its issuance request in the submit call; this
 * files it when the service stopped between recording the mint and filing (a crash, a lost
 * connection). The request's ids derive from the mint, so a request filed already is answered, not
 * filed again.
 */
@Injectable()
@LogReaction()
export class FileIssuanceRequestWhenMinted implements Reaction {
  readonly name = 'file-issuance-request-when-minted';
  readonly eventTypes: ReadonlySet<string> = new Set(['XrplCreditsMinted']);
  private readonly logger = new Logger('Registry');

  constructor(@Inject(ISSUANCE_REQUESTS) private readonly requests: IssuanceRequests) {}

  async handle(event: RecordedEvent): Promise<void> {
    if (!isXrplActionEvent(event) || event.type !== 'XrplCreditsMinted') return;
    const data = event.data;
    // A mint recorded before issuance went through the registry was registered as a batch then.
    if (!data.projectId) return;
    try {
      await this.requests.fileForMint(
        {
          mintTxHash: data.txHash,
          nftId: data.nftId,
          minter: data.account,
          userId: data.userId,
          projectName: data.projectName,
          projectType: data.projectType,
          scope1: data.scope1,
          scope2: data.scope2,
          scope3: data.scope3,
          destinationAddress: data.destinationAddress,
        },
        {
          correlationId: event.metadata.correlationId,
          causationId: event.eventId,
          actor: { userId: data.userId, role: event.metadata.actor.role },
          now: new Date(data.mintedAt),
        },
      );
    } catch (error) {
      // Refused since the mint (the address lost its KYC): the NFT stays without a request, and says so in the log.
      if (error instanceof DomainError) {
        this.logger.warn(`the issuance request of mint ${data.txHash} was not filed: ${error.message}`);
        return;
      }
      throw error;
    }
  }
}
