import {
  type CreditEvent,
  type CreditsRetired,
  isCreditEvent,
  marketOfTokenId,
  type RecordedEvent,
  type XrplSettlementRecorded,
} from '@carbon-ledger/contracts';
import type { Insertable } from 'kysely';
import type { CreditRetirementBatchesTable, CreditRetirementsTable } from '../read-model-database.js';
import { exhaustive, insertOnce, type Projection, type ProjectionWriter, rowPosition } from '../runtime/projection.js';

/** The XRPL transaction that records a retirement: the platform's memo or the holder's burn. */
const RECORDING_PURPOSES: ReadonlySet<string> = new Set(['retirement-memo', 'burn']);

async function settleRetirement(db: ProjectionWriter, data: XrplSettlementRecorded['data']): Promise<void> {
  const recording = data.transactions.find((transaction) => RECORDING_PURPOSES.has(transaction.purpose));
  const nftBurn = data.transactions.find((transaction) => transaction.purpose === 'nft-burn');
  await db
    .updateTable('credit_retirements')
    .set((eb) => ({
      xrpl_tx_hash: recording ? recording.hash : eb.ref('xrpl_tx_hash'),
      nft_burn_tx_hash: nftBurn ? nftBurn.hash : eb.ref('nft_burn_tx_hash'),
      verification_status: data.status === 'settled' ? 'verified' : eb.ref('verification_status'),
    }))
    .where('retirement_id', '=', data.subjectId)
    .execute();
}

type CreditsRetiredEvent = RecordedEvent & CreditsRetired;

function retirementRow(recorded: CreditsRetiredEvent, projectName: string | undefined): Insertable<CreditRetirementsTable> {
  const { data } = recorded;
  const market = marketOfTokenId(data.batchId);
  return {
    retirement_id: data.retirementId,
    token_id: data.batchId,
    account_id: data.accountId,
    quantity: data.quantity,
    ranges: JSON.stringify(data.ranges),
    beneficiary: data.beneficiary,
    purpose: data.purpose,
    standard: data.standard,
    offset_type: data.offsetType,
    retired_by: data.retiredBy,
    project_name: projectName ?? data.batchId,
    project_type: market?.projectType ?? '',
    vintage: market?.vintage ?? 0,
    // On the XRPL path the holder burned the tokens: that burn is the record.
    xrpl_tx_hash: data.burnTxHash ?? null,
    nft_burn_tx_hash: data.nftBurnTxHash ?? null,
    verification_status: data.burnTxHash ? 'verified' : 'pending',
    retired_at: data.retiredAt,
    use: data.use ?? null,
    claims: data.claims ? JSON.stringify(data.claims) : null,
    ...rowPosition(recorded),
  };
}

/** Retirement records with what their certificates name, and their XRPL verification. */
export const creditRetirementsProjection: Projection = {
  name: 'credit-retirements',
  /** Trades write nothing here: under trading, batches of trades pass by without a transaction. */
  eventTypes: new Set<CreditEvent['type']>(['CreditsIssued', 'CreditsRetired', 'XrplSettlementRecorded']),
  views: ['retirements', 'metrics'],
  tables: ['credit_retirements', 'credit_retirement_batches'],
  async applyBatch(events: readonly RecordedEvent[], db: ProjectionWriter): Promise<boolean> {
    let changed = false;
    // Batches issued in this projection batch, written before anything reads them.
    let issued: Insertable<CreditRetirementBatchesTable>[] = [];
    // Retirements of this projection batch, written together (a settlement of one of them writes them first).
    let retired: CreditsRetiredEvent[] = [];
    const flushIssued = async (): Promise<void> => {
      if (issued.length === 0) return;
      await insertOnce(db, 'credit_retirement_batches', 'token_id', issued);
      issued = [];
    };
    const flushRetired = async (): Promise<void> => {
      if (retired.length === 0) return;
      await flushIssued();
      const pending = retired;
      retired = [];
      // The project names of their batches, in one lookup.
      const tokenIds = [...new Set(pending.map((recorded) => recorded.data.batchId))];
      const names = new Map(
        (await db.selectFrom('credit_retirement_batches').select(['token_id', 'project_name']).where('token_id', 'in', tokenIds).execute()).map((row) => [
          row.token_id,
          row.project_name,
        ]),
      );
      const rows = pending.map((recorded) => retirementRow(recorded, names.get(recorded.data.batchId)));
      await insertOnce(db, 'credit_retirements', 'retirement_id', rows);
    };
    for (const recorded of events) {
      if (!isCreditEvent(recorded)) continue;
      const event = recorded;
      switch (event.type) {
        case 'CreditsIssued':
          issued.push({
            token_id: event.data.batchId,
            project_name: event.data.projectName,
            methodology: event.data.methodology,
            description: event.data.description,
            serial_prefix: event.data.serialPrefix,
          });
          break;
        case 'CreditsRetired':
          retired.push(recorded as CreditsRetiredEvent);
          changed = true;
          break;
        case 'XrplSettlementRecorded':
          if (event.data.subject !== 'retirement') break;
          await flushRetired();
          await settleRetirement(db, event.data);
          changed = true;
          break;
        case 'TradeExecuted':
        case 'CreditsTokenized':
        case 'CreditsRedeemed':
        case 'DirectTradeOffered':
        case 'DirectTradeOfferWithdrawn':
        case 'CreditsCancelled':
          break;
        default:
          return exhaustive(event);
      }
    }
    await flushRetired();
    await flushIssued();
    return changed;
  },
};
