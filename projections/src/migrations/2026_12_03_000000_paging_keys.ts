import { indexMigration } from '../runtime/index-migration.js';

/**
 * Indexes in the sort order of each paged list with its tiebreak (docs/architecture.md, read path),
 * so a page after a cursor is an index range scan of `limit + 1` rows, not a sort of the table.
 */
const indexes = [
  { name: 'credit_retirements_page', table: 'credit_retirements', columns: ['retired_at desc', 'commit_position desc', 'prepare_position desc'] },
  { name: 'credit_trades_page', table: 'credit_trades', columns: ['executed_at desc', 'commit_position desc', 'prepare_position desc'] },
  { name: 'order_book_page', table: 'order_book', columns: ['placed_at desc', 'order_id'] },
  { name: 'order_book_by_owner_page', table: 'order_book', columns: ['owner_id', 'placed_at desc', 'order_id'] },
  { name: 'aml_alerts_page', table: 'aml_alerts', columns: ['raised_at desc', 'alert_id'] },
] as const;

export const { up, down } = indexMigration(indexes);
