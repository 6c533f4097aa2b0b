import {
  ammPoolReserves,
  CREDIT_CURRENCY_CODE,
  isXrplActionEvent,
  swapOf,
  isXrplEvent,
  ledgerIssuedValue,
  type RecordedEvent,
  type XrplCreditsSwappedData,
  type XrplEvent,
  xrplActionEventTypes,
} from '@carbon-ledger/contracts';
import type { Insertable } from 'kysely';
import type { AmmReservesTable } from '../read-model-database.js';
import { exhaustive, insertRowsOnce, type Projection, rowPosition } from '../runtime/projection.js';

type XrplTransactionRecordedData = Extract<XrplEvent, { type: 'XrplTransactionRecorded' }>['data'];

const DROPS = /^\d{1,18}$/;

/** NXCC of an issued amount as XrplTransactionRecorded writes it ("value CODE/issuer"), or undefined for anything else. */
function creditsOf(amount: string | undefined): string | undefined {
  const [value, asset] = amount?.split(' ') ?? [];
  if (asset?.split('/')[0] !== CREDIT_CURRENCY_CODE) return undefined;
  return ledgerIssuedValue.safeParse(value).success ? value : undefined;
}

/** The opening of an XRP/NXCC pool: what its AMMCreate deposited is what it held. */
function openingRow(recorded: RecordedEvent, data: XrplTransactionRecordedData): Insertable<AmmReservesTable> | undefined {
  if (data.transactionType !== 'AMMCreate' || data.result !== 'tesSUCCESS') return undefined;
  const [drops, credits] =
    data.amount !== undefined && DROPS.test(data.amount) ? [data.amount, creditsOf(data.amount2)] : [data.amount2, creditsOf(data.amount)];
  if (drops === undefined || !DROPS.test(drops) || credits === undefined) return undefined;
  return { tx_hash: data.hash, cause: 'pool-opened', xrp_drops: drops, credits, observed_at: data.submittedAt, ...rowPosition(recorded) };
}

function swapRow(recorded: RecordedEvent, data: XrplCreditsSwappedData): Insertable<AmmReservesTable> | undefined {
  const pool = ammPoolReserves.safeParse(data.poolAfter);
  if (!pool.success) return undefined;
  return {
    tx_hash: data.txHash,
    cause: 'swap',
    xrp_drops: pool.data.xrpDrops,
    credits: pool.data.credits,
    observed_at: data.executedAt,
    ...rowPosition(recorded),
  };
}

function reserveRows(events: readonly RecordedEvent[]): Insertable<AmmReservesTable>[] {
  const rows: (Insertable<AmmReservesTable> | undefined)[] = [];
  for (const recorded of events) {
    if (isXrplEvent(recorded)) {
      const event = recorded;
      switch (event.type) {
        case 'XrplTransactionRecorded':
          rows.push(openingRow(recorded, event.data));
          break;
        case 'XrplSubmissionClaimed':
          break;
        default:
          return exhaustive(event);
      }
    } else if (isXrplActionEvent(recorded)) {
      const swap = swapOf(recorded);
      if (swap) rows.push(swapRow(recorded, swap));
    }
  }
  return rows.filter((row) => row !== undefined);
}

/**
 * The XRP/NXCC pool's reserves over time, from what the log holds: the deposit of its opening and
 * the pool each swap's metadata showed. The AMM tab's reserves chart reads it; no request asks the
 * ledger for old states.
 */
export const ammReservesProjection: Projection = {
  name: 'amm-reserves',
  eventTypes: new Set(['XrplTransactionRecorded', ...xrplActionEventTypes]),
  views: ['amm-reserves'],
  tables: ['amm_reserves'],
  applyBatch: insertRowsOnce('amm_reserves', 'tx_hash', reserveRows),
};
