import { ANCHOR_MEMO_TYPE, type AuditAnchoredData } from '@carbon-ledger/contracts';
import { convertHexToString, convertStringToHex } from 'xrpl';
import { isTxnNotFound, type XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';
import type { AnchorLookup, AnchorMemo } from './verify-log.js';

type Memo = { Memo: { MemoType?: string; MemoData?: string } };

function readMemo(memos: Memo[] | undefined, memoType: string): AnchorMemo | undefined {
  const memo = memos?.find((entry) => entry.Memo.MemoType?.toUpperCase() === memoType);
  if (!memo?.Memo.MemoData) return undefined;
  try {
    const parsed: unknown = JSON.parse(convertHexToString(memo.Memo.MemoData));
    return typeof parsed === 'object' && parsed !== null ? (parsed as AnchorMemo) : {};
  } catch {
    return {};
  }
}

/**
 * Reads an anchor transaction back from the ledger: whether it is validated, who
 * sent it and what its memo anchors. Only the ledger's answer counts, never the
 * event log's copy of the root.
 */
export function ledgerAnchorLookup(gateway: XrplGateway): AnchorLookup {
  const memoType = convertStringToHex(ANCHOR_MEMO_TYPE).toUpperCase();
  const anchorAccount = gateway.wallets.audit_anchor.address;
  return async (anchor: AuditAnchoredData) => {
    // A hash that cannot name a transaction names none (the ledger would answer notImpl).
    if (!/^[0-9A-Fa-f]{64}$/.test(anchor.txHash)) return { found: false };
    if (!gateway.connected) return undefined;
    try {
      const answer = await gateway.request({ command: 'tx', transaction: anchor.txHash });
      if (!answer.result.validated) return { found: false };
      const tx = answer.result.tx_json as { Memos?: Memo[]; Account?: string };
      return { found: true, account: tx.Account, anchorAccount, memo: readMemo(tx.Memos, memoType) };
    } catch (error) {
      if (isTxnNotFound(error)) return { found: false };
      return undefined;
    }
  };
}
