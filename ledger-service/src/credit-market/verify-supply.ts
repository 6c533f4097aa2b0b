import {
  comparePositions,
  creditEventTypes,
  type EventStore,
  isCreditEvent,
  isOrderEvent,
  orderEventTypes,
  type Position,
  type RecordedEvent,
  VAULT_ACCOUNT_ID,
} from '@carbon-ledger/contracts';
import { readCheckpoint } from '@carbon-ledger/projections';
import { sql } from 'kysely';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { foldLog, type LogFold } from '../shared/fold-log.js';
import { type BatchSupply, BatchSupplyFold, supplyViolations } from './batch-supply.js';

const MARKET_EVENT_TYPES: ReadonlySet<string> = new Set([...creditEventTypes, ...orderEventTypes]);

/** A batch as the credit registry read model holds it: its row's counts and its holdings rows summed by where they are. */
export interface ReadModelBatch extends BatchSupply {
  /** The batch row's retired and cancelled counts (the holdings rows give the others). */
  readonly recordedRetired: number;
  readonly recordedCancelled: number;
}

/** Each batch of the credit registry read model, in one pass over its holdings. */
export async function readModelSupply(db: ReadModels): Promise<Map<string, ReadModelBatch>> {
  const size = sql<number>`h.serial_end - h.serial_start + 1`;
  const rows = await sql<{
    token_id: string;
    quantity: number;
    retired: number;
    cancelled: number;
    held_tradable: string;
    held_reserved: string;
    held_vault: string;
    held_retired: string;
    held_cancelled: string;
  }>`
    select b.token_id, b.quantity, b.retired, b.cancelled,
      coalesce(sum(${size}) filter (where h.status = 'tradable' and h.account_id <> ${VAULT_ACCOUNT_ID}), 0) as held_tradable,
      coalesce(sum(${size}) filter (where h.status = 'reserved'), 0) as held_reserved,
      coalesce(sum(${size}) filter (where h.status = 'tradable' and h.account_id = ${VAULT_ACCOUNT_ID}), 0) as held_vault,
      coalesce(sum(${size}) filter (where h.status = 'retired'), 0) as held_retired,
      coalesce(sum(${size}) filter (where h.status = 'cancelled'), 0) as held_cancelled
    from credit_batches b left join credit_holdings h on h.token_id = b.token_id
    group by b.token_id, b.quantity, b.retired, b.cancelled`.execute(db);
  return new Map(
    rows.rows.map((row) => [
      row.token_id,
      {
        issued: row.quantity,
        tradable: Number(row.held_tradable),
        reserved: Number(row.held_reserved),
        inVault: Number(row.held_vault),
        retired: Number(row.held_retired),
        cancelled: Number(row.held_cancelled),
        recordedRetired: row.retired,
        recordedCancelled: row.cancelled,
      },
    ]),
  );
}

/** What breaks the supply identity in the read model: a batch whose holdings do not add up to its quantity, or whose counts disagree with them. */
export function readModelProblems(batches: ReadonlyMap<string, ReadModelBatch>): string[] {
  const problems: string[] = [];
  for (const [batchId, batch] of batches) {
    problems.push(...supplyViolations(batchId, batch));
    if (batch.recordedRetired !== batch.retired) problems.push(`${batchId}: the batch counts ${batch.recordedRetired} retired, its holdings ${batch.retired}`);
    if (batch.recordedCancelled !== batch.cancelled) {
      problems.push(`${batchId}: the batch counts ${batch.recordedCancelled} cancelled, its holdings ${batch.cancelled}`);
    }
  }
  return problems;
}

export interface SupplyReport {
  readonly ok: boolean;
  readonly batches: number;
  readonly issued: number;
  readonly retired: number;
  readonly cancelled: number;
  readonly problems: readonly string[];
}

/**
 * npm run verify's supply check (docs/cancellations-and-reversals.md, "Supply per batch"): folds
 * every market event of the log into each batch's supply, checks issued = tradable + reserved + in
 * the vault + retired + cancelled, then checks the credit registry read model the same way and
 * against the log folded up to where that read model has applied it.
 */
export async function verifySupply(eventStore: EventStore, db: ReadModels): Promise<SupplyReport> {
  const check = await SupplyCheck.open(db);
  await foldLog(eventStore, check, { eventTypes: MARKET_EVENT_TYPES });
  return check.report(db, eventStore);
}

/**
 * The supply of every batch folded from the log, and folded as far as the credit registry read model
 * has applied it. The read model moves on while the log is read (the service may be running): the
 * report reads the model with its checkpoint in one snapshot, and folds what it applied meanwhile.
 */
export class SupplyCheck implements LogFold {
  private readonly whole = new BatchSupplyFold();
  private readonly projected = new BatchSupplyFold();

  private constructor(private projectedTo: Position | undefined) {}

  /** Notes where the read model stands before the log is read. */
  static async open(db: ReadModels): Promise<SupplyCheck> {
    return new SupplyCheck(await registryCheckpoint(db));
  }

  apply(event: RecordedEvent): void {
    if (!isCreditEvent(event) && !isOrderEvent(event)) return;
    this.whole.apply(event);
    if (this.projectedTo && comparePositions(event.position, this.projectedTo) <= 0) this.projected.apply(event);
  }

  /** Once the whole log is folded: the identity per batch in the log and in the read model, and the two against each other. */
  async report(db: ReadModels, eventStore: EventStore): Promise<SupplyReport> {
    const { checkpoint, model } = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => ({ checkpoint: await registryCheckpoint(trx), model: await readModelSupply(trx) }));
    if (checkpoint && (!this.projectedTo || comparePositions(checkpoint, this.projectedTo) > 0)) {
      const projected = this.projected;
      await foldLog(
        eventStore,
        {
          apply: (event) => {
            if (isCreditEvent(event) || isOrderEvent(event)) projected.apply(event);
          },
        },
        { ...(this.projectedTo ? { after: this.projectedTo } : {}), through: checkpoint, eventTypes: MARKET_EVENT_TYPES },
      );
      this.projectedTo = checkpoint;
    }
    const { whole, projected } = this;
    const problems: string[] = [];
    for (const [batchId, supply] of whole.batches) problems.push(...supplyViolations(batchId, supply).map((problem) => `log: ${problem}`));
    problems.push(...readModelProblems(model).map((problem) => `read model: ${problem}`));
    for (const [batchId, supply] of projected.batches) {
      const held = model.get(batchId);
      if (!held) {
        problems.push(`read model: ${batchId} is not there, though the log issued it before the read model's position`);
        continue;
      }
      for (const part of ['issued', 'tradable', 'reserved', 'inVault', 'retired', 'cancelled'] as const) {
        if (held[part] !== supply[part]) problems.push(`read model: ${batchId} holds ${held[part]} ${part}, the log ${supply[part]}`);
      }
    }
    let issued = 0;
    let retired = 0;
    let cancelled = 0;
    for (const supply of whole.batches.values()) {
      issued += supply.issued;
      retired += supply.retired;
      cancelled += supply.cancelled;
    }
    return { ok: problems.length === 0, batches: whole.batches.size, issued, retired, cancelled, problems };
  }
}

/** Where the credit registry read model stands in the log. */
const registryCheckpoint = async (db: ReadModels): Promise<Position | undefined> => (await readCheckpoint(db, 'credit-registry'))?.position;
