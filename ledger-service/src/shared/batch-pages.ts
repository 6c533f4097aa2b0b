import { type CursorKey, pageOf } from '@carbon-ledger/contracts';
import type { ReadModelDatabase } from '@carbon-ledger/projections';
import type { Selectable } from 'kysely';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { afterNewestThenId, instantKey } from './keyset-page.js';

type CreditBatchRow = Selectable<ReadModelDatabase['credit_batches']>;

/**
 * One page of the registry's batches, newest issued first, then by batch id: the order of every
 * batch list (the signed-in credits list, the public registry). `list` names the cursor's list, so
 * one list's cursor is refused by the other.
 */
export async function newestBatchesPage(
  db: ReadModels,
  list: string,
  { limit, cursor }: { readonly limit: number; readonly cursor?: readonly [string, string] | undefined },
): Promise<{ rows: CreditBatchRow[]; nextCursor: string | null }> {
  let query = db.selectFrom('credit_batches').selectAll().select(instantKey('issued_at').as('at_key'));
  if (cursor) query = query.where(afterNewestThenId({ at: 'issued_at', id: 'token_id' }, cursor, 'text'));
  const found = await query
    .orderBy('issued_at', 'desc')
    .orderBy('token_id')
    .limit(limit + 1)
    .execute();
  return pageOf(found, limit, list, (row): CursorKey => [row.at_key, row.token_id]);
}
