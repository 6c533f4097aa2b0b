import { indexMigration } from '../runtime/index-migration.js';

/**
 * A market's trades newest first, with the log-order tiebreak: a market's last price (the
 * dashboard's portfolio value, the compliance dashboard's valuation of a retirement) is then the
 * first row of an index range. With only (project_type, vintage, executed_at) the planner walked
 * the trades list's index over every trade and filtered (bench:registry at 1,000,000 events:
 * 512 ms for three markets, 0.19 ms with this index).
 */
export const { up, down } = indexMigration([
  {
    name: 'credit_trades_last_in_market',
    table: 'credit_trades',
    columns: ['project_type', 'vintage', 'executed_at desc', 'commit_position desc', 'prepare_position desc'],
  },
]);
