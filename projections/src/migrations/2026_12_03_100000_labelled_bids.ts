import type { Kysely } from 'kysely';

/** Bids for labelled credits (docs/credit-use.md): the order book shows the labels a bid requires. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('order_book').addColumn('labels', 'jsonb').execute();
}
