import { Inject, Injectable } from '@nestjs/common';
import { ANCHOR_MEMO_TYPE, ANCHORS_STREAM, type AuditEvent, type EventStore, isAuditEvent, type RecordedEvent } from '@carbon-ledger/contracts';
import { convertStringToHex } from 'xrpl';
import { LogReaction, type Reaction } from '../../infrastructure/reactions/reaction-host.js';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import { deriveId } from '../../shared/command-context.js';
import { handleCommand, knownStream, recordDecider } from '../../shared/handle-command.js';
import { PlatformSubmissions } from '../../shared/platform-submissions.js';

const anchors = recordDecider<AuditEvent>(isAuditEvent);

/** The cause of a seal's anchor transaction: one per seal. */
export const anchorSubmissionKey = (sealNumber: number): string => `anchor:${sealNumber}`;

/** The memo an anchor carries: which seal, and its root. */
export function anchorMemoData(sealNumber: number, merkleRoot: string): string {
  return JSON.stringify({ seal: sealNumber, root: merkleRoot });
}

/**
 * Writes each seal's Merkle root to the XRP Ledger (a no-op AccountSet of the
 * audit-anchor wallet carrying a memo) and records AuditAnchored with the hash.
 */
@Injectable()
@LogReaction()
export class AnchorSealWhenLedgerSealed implements Reaction {
  readonly name = 'anchor-seal-when-ledger-sealed';
  readonly eventTypes: ReadonlySet<string> = new Set(['LedgerSealed']);

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway,
    private readonly submissions: PlatformSubmissions,
  ) {}

  async handle(event: RecordedEvent): Promise<void> {
    if (!isAuditEvent(event) || event.type !== 'LedgerSealed') return;
    const seal = event.data;
    const anchored = (await this.eventStore.readStream(ANCHORS_STREAM)).filter(isAuditEvent);
    if (anchored.some((anchor) => anchor.type === 'AuditAnchored' && anchor.data.sealNumber === seal.sealNumber)) return;

    const outcome = await this.submissions.submit({
      key: anchorSubmissionKey(seal.sealNumber),
      role: 'audit_anchor',
      transaction: {
        TransactionType: 'AccountSet',
        Account: this.gateway.wallets.audit_anchor.address,
        Memos: [
          {
            Memo: {
              MemoType: convertStringToHex(ANCHOR_MEMO_TYPE),
              MemoData: convertStringToHex(anchorMemoData(seal.sealNumber, seal.merkleRoot)),
            },
          },
        ],
      },
      purpose: `Anchor seal ${seal.sealNumber}`,
    });
    const now = new Date();
    const commandId = deriveId(`anchor:${seal.sealNumber}`, 'audit-anchored');
    // The event id is the seal's: anchoring one seal twice appends once, wherever the stream stands.
    await handleCommand(
      this.eventStore,
      ANCHORS_STREAM,
      anchors,
      {
        command: {
          type: 'AuditAnchored',
          data: {
            sealNumber: seal.sealNumber,
            merkleRoot: seal.merkleRoot,
            txHash: outcome.hash,
            ledgerIndex: outcome.ledgerIndex,
            network: this.gateway.network,
            anchoredAt: now.toISOString(),
          },
        },
        context: { commandId, correlationId: commandId, causationId: event.eventId, actor: { userId: 'sealer', role: 'auditor' }, now },
      },
      { stream: knownStream(anchors, 'any') },
    );
  }
}
