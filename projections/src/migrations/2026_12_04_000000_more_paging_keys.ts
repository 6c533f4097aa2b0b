import { indexMigration } from '../runtime/index-migration.js';

/**
 * Indexes in the sort order of the lists paged after the first five (docs/architecture.md, read path),
 * each with its tiebreak, so a page after a cursor is an index range scan of `limit + 1` rows.
 * The public registry's retirements share `credit_retirements_page`.
 */
const indexes = [
  { name: 'credit_batches_page', table: 'credit_batches', columns: ['issued_at desc', 'token_id'] },
  { name: 'credit_cancellations_page', table: 'credit_cancellations', columns: ['cancelled_at desc', 'commit_position desc', 'prepare_position desc'] },
  { name: 'direct_trade_offers_by_seller_page', table: 'direct_trade_offers', columns: ['seller_account_id', 'offered_at desc', 'offer_id'] },
  { name: 'direct_trade_offers_by_buyer_page', table: 'direct_trade_offers', columns: ['buyer_account_id', 'offered_at desc', 'offer_id'] },
  { name: 'projects_page', table: 'projects', columns: ['drafted_at desc', 'project_id'] },
  { name: 'projects_by_proponent_page', table: 'projects', columns: ['proponent_id', 'drafted_at desc', 'project_id'] },
  { name: 'cash_transfers_statement_page', table: 'cash_transfers', columns: ['user_id', 'log_order desc', 'status desc', 'transfer_id desc'] },
  { name: 'held_deposits_page', table: 'held_deposits', columns: ['log_order desc', 'tx_hash desc'] },
  { name: 'held_deposits_by_status_page', table: 'held_deposits', columns: ['status', 'log_order desc', 'tx_hash desc'] },
];

export const { up, down } = indexMigration(indexes);
