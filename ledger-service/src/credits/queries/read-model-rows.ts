import type { Kysely, Selectable } from 'kysely';
import type { ReadModels } from '../../infrastructure/postgres/database.js';

type ReadModelTables = ReadModels extends Kysely<infer Tables> ? Tables : never;

/** Rows of the credit read models as Kysely returns them. */
export type CreditBatchRow = Selectable<ReadModelTables['credit_batches']>;
export type CreditTradeRow = Selectable<ReadModelTables['credit_trades']>;
export type CreditRetirementRow = Selectable<ReadModelTables['credit_retirements']>;
