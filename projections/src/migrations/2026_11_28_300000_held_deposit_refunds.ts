import type { Kysely } from 'kysely';

/** Held deposits sent back to their senders: who asked and when, the payment back, and why an attempt failed. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('held_deposits')
    .addColumn('refund_requested_by', 'text')
    .addColumn('refund_requested_at', 'timestamptz')
    .addColumn('refund_tx_hash', 'text')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('refund_failure', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('held_deposits')
    .dropColumn('refund_requested_by')
    .dropColumn('refund_requested_at')
    .dropColumn('refund_tx_hash')
    .dropColumn('refunded_at')
    .dropColumn('refund_failure')
    .execute();
}
