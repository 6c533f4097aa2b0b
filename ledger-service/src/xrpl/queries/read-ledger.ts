import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';

/** One entry of account_tx (API v2) in the few fields we read. */
export interface LedgerTransaction {
  readonly hash: string;
  readonly type: string;
  readonly account: string;
  readonly result: string;
  readonly fee: string;
  readonly sequence: number;
  readonly destination: string | null;
  readonly amount: unknown;
  readonly sendMax: unknown;
  readonly deliveredAmount: unknown;
  readonly timestamp: string;
  readonly ledgerIndex: number;
}

function field(record: unknown, name: string): unknown {
  return record && typeof record === 'object' ? (record as Record<string, unknown>)[name] : undefined;
}

export async function accountTransactions(gateway: XrplGateway, account: string, limit: number): Promise<LedgerTransaction[]> {
  const response = await gateway.request({ command: 'account_tx', account, limit, ledger_index_min: -1, ledger_index_max: -1 });
  return response.result.transactions.map((entry): LedgerTransaction => {
    const tx = field(entry, 'tx_json') ?? field(entry, 'tx');
    const meta = field(entry, 'meta');
    const closeIso = field(entry, 'close_time_iso');
    const date = field(tx, 'date');
    const rippleSeconds = typeof date === 'number' ? date : undefined;
    return {
      hash: String(field(entry, 'hash') ?? field(tx, 'hash') ?? ''),
      type: String(field(tx, 'TransactionType') ?? 'Unknown'),
      account: String(field(tx, 'Account') ?? ''),
      result: String(field(meta, 'TransactionResult') ?? 'unknown'),
      fee: String(field(tx, 'Fee') ?? '0'),
      sequence: Number(field(tx, 'Sequence') ?? 0),
      destination: typeof field(tx, 'Destination') === 'string' ? String(field(tx, 'Destination')) : null,
      amount: field(tx, 'DeliverMax') ?? field(tx, 'Amount'),
      sendMax: field(tx, 'SendMax'),
      deliveredAmount: field(meta, 'delivered_amount'),
      timestamp: typeof closeIso === 'string' ? new Date(closeIso).toISOString() : new Date(((rippleSeconds ?? 0) + 946_684_800) * 1000).toISOString(),
      ledgerIndex: Number(field(entry, 'ledger_index') ?? 0),
    };
  });
}
