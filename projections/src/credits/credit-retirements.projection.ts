import { isCreditEvent, marketOfTokenId, type RecordedEvent, type CreditEvent, type XrplSettlementRecorded } from '@carbon-ledger/contracts';
import type { Insertable } from 'kysely';
import type { CreditRetirementBatchesTable } from '../read-model-database.js';
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
    const flushIssued = async (): Promise<void> => {
      if (issued.length === 0) return;
      await insertOnce(db, 'credit_retirement_batches', 'token_id', issued);
      issued = [];
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
        case 'CreditsRetired': {
          await flushIssued();
          const { data } = event;
          const batch = await db.selectFrom('credit_retirement_batches').select('project_name').where('token_id', '=', data.batchId).executeTakeFirst();
          const market = marketOfTokenId(data.batchId);
          await insertOnce(db, 'credit_retirements', 'retirement_id', {
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
            project_name: batch?.project_name ?? data.batchId,
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
          });
          changed = true;
          break;
        }
        case 'XrplSettlementRecorded':
          if (event.data.subject !== 'retirement') break;
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
    await flushIssued();
    return changed;
  },
};
