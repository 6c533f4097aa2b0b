import { type CreditEvent, isCreditEvent, isXrplActionEvent, type RecordedEvent, type SerialRange, type XrplActionEvent } from '@carbon-ledger/contracts';
import type { VaultTransfersTable } from '../read-model-database.js';
import { applyEach, exhaustive, insertOnce, type Projection, type ProjectionWriter, rowPosition } from '../runtime/projection.js';

async function mark(
  db: ProjectionWriter,
  transferId: string,
  status: VaultTransfersTable['status'],
  moved: { txHash?: string | undefined; ranges?: readonly SerialRange[] } = {},
): Promise<void> {
  await db
    .updateTable('vault_transfers')
    .set({
      status,
      ...(moved.txHash ? { tx_hash: moved.txHash } : {}),
      ...(moved.ranges ? { ranges: JSON.stringify(moved.ranges) } : {}),
    })
    .where('transfer_id', '=', transferId)
    .execute();
}

async function applyCreditEvent(db: ProjectionWriter, recorded: RecordedEvent, event: CreditEvent): Promise<boolean> {
  switch (event.type) {
    case 'CreditsTokenized': {
      const { data } = event;
      await insertOnce(db, 'vault_transfers', 'transfer_id', {
        transfer_id: data.tokenizationId,
        kind: 'tokenize',
        account_id: data.accountId,
        xrpl_address: data.xrplAddress,
        token_id: data.batchId,
        quantity: data.quantity,
        ranges: JSON.stringify(data.ranges),
        status: data.paymentTxHash ? 'done' : 'pending',
        tx_hash: data.paymentTxHash ?? null,
        recorded_at: data.tokenizedAt,
        ...rowPosition(recorded),
      });
      return true;
    }
    case 'XrplSettlementRecorded': {
      // A refused payment stays in flight until its serials are back with the holder (CreditsRedeemed).
      if (event.data.subject !== 'tokenization' || event.data.status !== 'settled') return false;
      const payment = event.data.transactions.find((transaction) => transaction.purpose === 'payment');
      await mark(db, event.data.subjectId, 'done', { txHash: payment?.hash });
      return true;
    }
    case 'CreditsRedeemed': {
      const { data } = event;
      if (data.reason === 'payment-refused' && data.tokenizationId) await mark(db, data.tokenizationId, 'returned');
      if (data.reason === 'redeemed' && data.burnTxHash) await mark(db, data.burnTxHash, 'done', { ranges: data.ranges });
      return true;
    }
    case 'CreditsRetired':
      // A burn registered before the vault existed retired its holder's own serials: no longer in flight either.
      if (!event.data.burnTxHash) return false;
      await mark(db, event.data.burnTxHash, 'done', { ranges: event.data.ranges });
      return true;
    case 'CreditsIssued':
    case 'TradeExecuted':
    case 'DirectTradeOffered':
    case 'DirectTradeOfferWithdrawn':
    case 'CreditsCancelled':
      return false;
    default:
      return exhaustive(event);
  }
}

async function applyXrplAction(db: ProjectionWriter, recorded: RecordedEvent, event: XrplActionEvent): Promise<boolean> {
  switch (event.type) {
    case 'XrplCreditsBurned':
    case 'XrplCreditsRedeemed': {
      const { data } = event;
      await insertOnce(db, 'vault_transfers', 'transfer_id', {
        transfer_id: data.txHash,
        kind: event.type === 'XrplCreditsBurned' ? 'retire' : 'redeem',
        account_id: data.userId,
        xrpl_address: data.account,
        token_id: data.tokenId,
        quantity: data.tokenAmount,
        ranges: null,
        status: 'pending',
        tx_hash: data.txHash,
        recorded_at: event.type === 'XrplCreditsBurned' ? event.data.burnedAt : event.data.redeemedAt,
        ...rowPosition(recorded),
      });
      return true;
    }
    case 'XrplCreditsMinted':
    case 'XrplCreditsSwapped':
      return false;
    default:
      return exhaustive(event);
  }
}

/**
 * Moves in and out of the platform vault (docs/vault.md) on both sides: the registry's
 * serials and the ledger's NXCC. A move recorded on one side and not yet on the other is in flight;
 * proof of reserves counts it (GET /api/xrpl/reserves).
 */
export const vaultTransfersProjection: Projection = {
  name: 'vault-transfers',
  eventTypes: new Set<string>(['CreditsTokenized', 'CreditsRedeemed', 'CreditsRetired', 'XrplSettlementRecorded', 'XrplCreditsBurned', 'XrplCreditsRedeemed']),
  views: ['vault'],
  tables: ['vault_transfers'],
  applyBatch: applyEach(async (recorded, db) => {
    if (isCreditEvent(recorded)) return applyCreditEvent(db, recorded, recorded);
    if (isXrplActionEvent(recorded)) return applyXrplAction(db, recorded, recorded);
    return false;
  }),
};
