import { type CreditBatchView, formatSerial } from '@carbon-ledger/contracts';
import type { CreditBatchRow } from './read-model-rows.js';

export function toCreditBatchView(row: CreditBatchRow): CreditBatchView {
  return {
    tokenId: row.token_id,
    projectId: row.project_id,
    projectName: row.project_name,
    projectType: row.project_type as CreditBatchView['projectType'],
    description: row.description,
    vintage: row.vintage,
    standard: row.standard,
    methodology: row.methodology,
    quantity: row.quantity,
    retired: row.retired,
    cancelled: row.cancelled,
    tradable: row.quantity - row.retired - row.cancelled,
    serialPrefix: row.serial_prefix,
    firstSerial: formatSerial(row.serial_prefix, 1),
    lastSerial: formatSerial(row.serial_prefix, row.quantity),
    issuerAccountId: row.issuer_account_id,
    xrplAddress: row.xrpl_address,
    source: row.source,
    nftId: row.nft_id,
    xrplSettlement: {
      status: row.settlement_status,
      reason: row.settlement_reason,
      transactions: row.settlement_transactions,
    },
    issuedAt: row.issued_at.toISOString(),
  };
}
