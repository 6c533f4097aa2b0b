import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  creditMarketStreamId,
  type EventStore,
  marketOfTokenId,
  parseSerialNumber,
  type ProvenanceEntry,
  type SerialProvenanceResponse,
} from '@carbon-ledger/contracts';
import type { ReadModels } from '../../infrastructure/postgres/database.js';
import { EVENT_STORE, READ_MODELS } from '../../infrastructure/tokens.js';
import { readBatchMarketEvents } from './batch-market-events.js';
import { toCreditBatchView } from './batch-view.js';
import { readSeals } from './event-log-seals.js';
import { provenanceEntries, serialScope } from './get-provenance.handler.js';
import { projectProvenance, withBatchClaims } from './project-provenance.js';

/** One serial's whole life, from the event log (the market events that touched its batch); undefined when the registry never issued it. */
export class GetSerialProvenanceQuery extends Query<SerialProvenanceResponse | undefined> {
  constructor(readonly serialNumber: string) {
    super();
  }
}

/** Where the serial stands after its last movement. */
function currentOf(entries: readonly ProvenanceEntry[], retiredFor: string | null): SerialProvenanceResponse['current'] {
  let current: SerialProvenanceResponse['current'] = { status: 'held', accountId: null, beneficiary: null };
  for (const entry of entries) {
    switch (entry.kind) {
      case 'issuance':
      case 'transfer':
      case 'release':
        current = { status: 'held', accountId: entry.toAccountId, beneficiary: null };
        break;
      case 'escrow':
        current = { status: 'in-escrow', accountId: entry.fromAccountId, beneficiary: null };
        break;
      case 'retirement':
        current = { status: 'retired', accountId: entry.fromAccountId, beneficiary: retiredFor };
        break;
      case 'cancellation':
        // Out of circulation without a claim: never retired, no beneficiary.
        current = { status: 'cancelled', accountId: entry.fromAccountId, beneficiary: null };
        break;
      case 'project':
      case 'xrpl':
        break;
      default: {
        const exhaustive: never = entry.kind;
        return exhaustive;
      }
    }
  }
  return current;
}

@QueryHandler(GetSerialProvenanceQuery)
export class GetSerialProvenanceHandler implements IQueryHandler<GetSerialProvenanceQuery> {
  constructor(
    @Inject(READ_MODELS) private readonly db: ReadModels,
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
  ) {}

  async execute({ serialNumber }: GetSerialProvenanceQuery): Promise<SerialProvenanceResponse | undefined> {
    const parsed = parseSerialNumber(serialNumber);
    const market = parsed ? marketOfTokenId(parsed.tokenId) : undefined;
    if (!parsed || !market) return undefined;
    const [batch, stream, sealCovering] = await Promise.all([
      this.db.selectFrom('credit_batches').selectAll().where('token_id', '=', parsed.tokenId).executeTakeFirst(),
      readBatchMarketEvents(this.db, this.eventStore, creditMarketStreamId(market.projectType, market.vintage), parsed.tokenId, parsed.serial),
      readSeals(this.eventStore),
    ]);
    if (!batch || parsed.serial > batch.quantity) return undefined;
    const scope = serialScope(parsed.tokenId, batch.serial_prefix, parsed.serial);
    const entries = await withBatchClaims(
      this.eventStore,
      batch,
      [...(await projectProvenance(this.eventStore, batch, sealCovering)), ...provenanceEntries(stream, scope, sealCovering)],
      sealCovering,
    );
    return {
      serial: serialNumber,
      tokenId: parsed.tokenId,
      batch: toCreditBatchView(batch),
      // A serial is retired once: the scope met at most one retirement.
      current: currentOf(entries, [...scope.retirements.values()].at(-1) ?? null),
      entries,
    };
  }
}
