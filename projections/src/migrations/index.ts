import type { Migration, MigrationProvider } from 'kysely/migration';
import * as checkpoints from './2026_11_22_000000_projection_checkpoints.js';
import * as orderBook from './2026_11_22_000100_order_book.js';
import * as users from './2026_11_22_000200_users.js';
import * as kycStatus from './2026_11_23_000000_kyc_status.js';
import * as aml from './2026_11_23_000100_aml.js';
import * as credits from './2026_11_24_000000_credits.js';
import * as orderBookFilled from './2026_11_24_000100_order_book_filled.js';
import * as moveCheckpoint from './2026_11_25_000000_move_projection_checkpoint.js';
import * as portfolio from './2026_11_26_000000_portfolio.js';
import * as ammReserves from './2026_11_26_300000_amm_reserves.js';
import * as funds from './2026_11_26_100000_funds.js';
import * as heldDeposits from './2026_11_27_000000_held_deposits.js';
import * as vaultTransfers from './2026_11_28_000000_vault_transfers.js';
import * as directTradeOffers from './2026_11_28_100000_direct_trade_offers.js';
import * as announceWithCheckpoint from './2026_11_28_200000_announce_with_checkpoint.js';
import * as heldDepositRefunds from './2026_11_28_300000_held_deposit_refunds.js';
import * as projects from './2026_12_01_000000_projects.js';
import * as batchClaims from './2026_12_02_000000_batch_claims.js';
import * as cancellations from './2026_12_02_100000_cancellations.js';
import * as pagingKeys from './2026_12_03_000000_paging_keys.js';
import * as labelledBids from './2026_12_03_100000_labelled_bids.js';
import * as morePagingKeys from './2026_12_04_000000_more_paging_keys.js';
import * as retirementIdText from './2026_12_04_100000_retirement_id_text.js';
import * as amlTotals from './2026_12_05_000000_aml_totals.js';
import * as workQueues from './2026_12_06_100000_work_queues.js';
import * as fundsListTotals from './2026_12_06_200000_funds_list_totals.js';
import * as lastTradeInMarket from './2026_12_05_000100_last_trade_in_market.js';
import * as orderBookTotals from './2026_12_06_300000_order_book_totals.js';
import * as dropTradesByMarket from './2026_12_06_300100_drop_trades_by_market.js';
import * as amlAlertTotal from './2026_12_06_300200_aml_alert_total.js';
import * as creditBatchEvents from './2026_12_06_400000_credit_batch_events.js';
import * as complianceReportEvents from './2026_12_06_400100_compliance_report_events.js';
import * as newestFirstWithoutTies from './2026_12_07_000000_newest_first_without_ties.js';

/** Read-model migrations, applied in name order. */
export const readModelMigrations: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => ({
    '2026_11_22_000000_projection_checkpoints': checkpoints,
    '2026_11_22_000100_order_book': orderBook,
    '2026_11_22_000200_users': users,
    '2026_11_23_000000_kyc_status': kycStatus,
    '2026_11_23_000100_aml': aml,
    '2026_11_24_000000_credits': credits,
    '2026_11_24_000100_order_book_filled': orderBookFilled,
    '2026_11_25_000000_move_projection_checkpoint': moveCheckpoint,
    '2026_11_26_000000_portfolio': portfolio,
    '2026_11_26_300000_amm_reserves': ammReserves,
    '2026_11_26_100000_funds': funds,
    '2026_11_27_000000_held_deposits': heldDeposits,
    '2026_11_28_000000_vault_transfers': vaultTransfers,
    '2026_11_28_100000_direct_trade_offers': directTradeOffers,
    '2026_11_28_200000_announce_with_checkpoint': announceWithCheckpoint,
    '2026_11_28_300000_held_deposit_refunds': heldDepositRefunds,
    '2026_12_01_000000_projects': projects,
    '2026_12_02_000000_batch_claims': batchClaims,
    '2026_12_02_100000_cancellations': cancellations,
    '2026_12_03_000000_paging_keys': pagingKeys,
    '2026_12_03_100000_labelled_bids': labelledBids,
    '2026_12_04_000000_more_paging_keys': morePagingKeys,
    '2026_12_04_100000_retirement_id_text': retirementIdText,
    '2026_12_05_000000_aml_totals': amlTotals,
    '2026_12_05_000100_last_trade_in_market': lastTradeInMarket,
    '2026_12_06_100000_work_queues': workQueues,
    '2026_12_06_200000_funds_list_totals': fundsListTotals,
    '2026_12_06_300000_order_book_totals': orderBookTotals,
    '2026_12_06_300100_drop_trades_by_market': dropTradesByMarket,
    '2026_12_06_300200_aml_alert_total': amlAlertTotal,
    '2026_12_06_400000_credit_batch_events': creditBatchEvents,
    '2026_12_06_400100_compliance_report_events': complianceReportEvents,
    '2026_12_07_000000_newest_first_without_ties': newestFirstWithoutTies,
  }),
};
