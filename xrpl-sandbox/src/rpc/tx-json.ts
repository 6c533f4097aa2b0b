import type { ClosedLedger, TxRecord } from '../ledger/ledger-chain.js';
import type { JsonObject } from '../protocol/json.js';
import { isJsonObject } from '../protocol/json.js';
import { isoFromRippleTime } from '../protocol/time.js';
import type { SandboxNode } from '../server/sandbox-node.js';

const DELIVERED_AMOUNT_TYPES = new Set(['Payment', 'CheckCash', 'AccountDelete']);

/** RPC::encodeCTID: 0xC, 28-bit ledger sequence, 16-bit transaction index, 16-bit network id. */
export function encodeCtid(ledgerSeq: number, txIndex: number, networkId: number): string | undefined {
  if (ledgerSeq >= 0x0fffffff || txIndex > 0xffff || networkId >= 0xffff) return undefined;
  const value = ((0xc0000000n + BigInt(ledgerSeq)) << 32n) | (BigInt(txIndex) << 16n) | BigInt(networkId);
  return value.toString(16).toUpperCase().padStart(16, '0');
}

function tokenIds(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const ids: string[] = [];
  for (const entry of value) {
    if (isJsonObject(entry) && isJsonObject(entry.NFToken) && typeof entry.NFToken.NFTokenID === 'string') {
      ids.push(entry.NFToken.NFTokenID);
    }
  }
  return ids;
}

/** The minted token: in the final NFTokens of a changed page but not in its previous ones. */
export function mintedTokenId(meta: JsonObject): string | undefined {
  const previous = new Set<string>();
  const final: string[] = [];
  for (const wrapper of Array.isArray(meta.AffectedNodes) ? meta.AffectedNodes : []) {
    if (!isJsonObject(wrapper)) continue;
    const created = wrapper.CreatedNode;
    const modified = wrapper.ModifiedNode;
    if (isJsonObject(created) && created.LedgerEntryType === 'NFTokenPage' && isJsonObject(created.NewFields)) {
      final.push(...tokenIds(created.NewFields.NFTokens));
    }
    if (
      isJsonObject(modified) &&
      modified.LedgerEntryType === 'NFTokenPage' &&
      isJsonObject(modified.PreviousFields) &&
      modified.PreviousFields.NFTokens !== undefined
    ) {
      for (const id of tokenIds(modified.PreviousFields.NFTokens)) previous.add(id);
      if (isJsonObject(modified.FinalFields)) final.push(...tokenIds(modified.FinalFields.NFTokens));
    }
  }
  return final.find((id) => !previous.has(id));
}

/** Metadata as the RPC layer shows it: plus delivered_amount and nftoken_id. */
export function renderMeta(record: TxRecord): JsonObject {
  const meta: JsonObject = structuredClone(record.meta);
  const type = record.tx.TransactionType;
  if (record.result === 'tesSUCCESS' && typeof type === 'string') {
    if (DELIVERED_AMOUNT_TYPES.has(type)) {
      const delivered = meta.DeliveredAmount ?? record.tx.Amount;
      if (delivered !== undefined) meta.delivered_amount = delivered;
    }
    if (type === 'NFTokenMint') {
      const id = mintedTokenId(meta);
      if (id !== undefined) meta.nftoken_id = id;
    }
  }
  return meta;
}

/** RPC::insertDeliverMax: API v2 renames a Payment's Amount to DeliverMax, v1 shows both. */
export function withDeliverMax(txJson: JsonObject, apiVersion: number): JsonObject {
  if (txJson.TransactionType !== 'Payment' || txJson.Amount === undefined) return txJson;
  const out: JsonObject = { ...txJson, DeliverMax: txJson.Amount };
  if (apiVersion > 1) delete out.Amount;
  return out;
}

export interface RenderOptions {
  /** tx/account_tx in API v2 nest the transaction; v1 flattens it. */
  apiVersion: number;
  /** The closed ledger holding the transaction, if any. */
  ledger: ClosedLedger | undefined;
  validated: boolean;
}

/** One transaction as `tx` returns it (and as account_tx / ledger list entries). */
export function renderTransaction(node: SandboxNode, record: TxRecord, options: RenderOptions): JsonObject {
  const { apiVersion, ledger, validated } = options;
  const inLedger = ledger !== undefined;
  const base: JsonObject = withDeliverMax(structuredClone(record.tx), apiVersion);
  if (inLedger) {
    base.ledger_index = record.ledgerIndex;
    base.date = ledger.closeTime;
  }
  const out: JsonObject = {};
  if (apiVersion > 1) {
    out.tx_json = base;
    out.hash = record.hash;
    if (inLedger) out.ledger_hash = ledger.ledgerHash;
    if (validated && inLedger) {
      out.ledger_index = record.ledgerIndex;
      out.close_time_iso = isoFromRippleTime(ledger.closeTime);
    }
  } else {
    Object.assign(out, base);
    out.hash = record.hash;
    if (inLedger) out.inLedger = record.ledgerIndex;
  }
  if (inLedger) {
    out.meta = renderMeta(record);
    const ctid = encodeCtid(record.ledgerIndex, record.txIndex, node.networkId ?? 0);
    if (ctid !== undefined) out.ctid = ctid;
  }
  out.validated = validated;
  return out;
}
