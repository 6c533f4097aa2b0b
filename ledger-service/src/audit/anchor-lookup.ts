import { ANCHOR_MEMO_TYPE, type AuditAnchoredData } from '@carbon-ledger/contracts';
import { convertHexToString, convertStringToHex } from 'xrpl';
import type { XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';
import type { AnchorLookup } from './verify-log.js';

/** Reads an anchor transaction back from the ledger and returns the root in its memo. */
export function ledgerAnchorLookup(gateway: XrplGateway): AnchorLookup {
  const memoType = convertStringToHex(ANCHOR_MEMO_TYPE);
  return async (anchor: AuditAnchoredData) => {
    if (!gateway.connected) return undefined;
    try {
      const answer = await gateway.request({ command: 'tx', transaction: anchor.txHash });
      if (!answer.result.validated) return { found: false };
      const tx = answer.result.tx_json as { Memos?: { Memo: { MemoType?: string; MemoData?: string } }[]; Account?: string };
      if (tx.Account !== gateway.wallets.audit_anchor.address) return { found: false };
      const memo = tx.Memos?.find((entry) => entry.Memo.MemoType?.toUpperCase() === memoType.toUpperCase());
      if (!memo?.Memo.MemoData) return { found: true };
      const parsed = JSON.parse(convertHexToString(memo.Memo.MemoData)) as { seal?: number; root?: string };
      return parsed.seal === anchor.sealNumber && typeof parsed.root === 'string' ? { found: true, root: parsed.root } : { found: true };
    } catch (error) {
      if (error instanceof Error && /txnNotFound/.test(error.message)) return { found: false };
      return undefined;
    }
  };
}
