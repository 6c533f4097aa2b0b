import type { ClosedLedger, TxRecord } from '../ledger/ledger-chain.js';
import { isValidAddress } from '../protocol/accounts.js';
import type { JsonObject } from '../protocol/json.js';
import { accountKey } from '../protocol/keylets.js';
import { humanFromRippleTime, isoFromRippleTime } from '../protocol/time.js';
import type { RpcContext, RpcHandler } from './context.js';
import { lookupLedger } from './ledger-lookup.js';
import { rpcError } from './rpc-error.js';
import { renderMeta, withDeliverMax } from './tx-json.js';

function ledgerIndexValue(seq: number, apiVersion: number): number | string {
  return apiVersion > 1 ? seq : String(seq);
}

function closedLedgerJson(ledger: ClosedLedger, apiVersion: number): JsonObject {
  return {
    account_hash: ledger.accountHash,
    close_flags: ledger.closeFlags,
    close_time: ledger.closeTime,
    close_time_human: humanFromRippleTime(ledger.closeTime),
    close_time_iso: isoFromRippleTime(ledger.closeTime),
    close_time_resolution: ledger.closeTimeResolution,
    closed: true,
    ledger_hash: ledger.ledgerHash,
    ledger_index: ledgerIndexValue(ledger.ledgerIndex, apiVersion),
    parent_close_time: ledger.parentCloseTime,
    parent_hash: ledger.parentHash,
    total_coins: ledger.totalCoins,
    transaction_hash: ledger.transactionHash,
  };
}

function expandedTx(record: TxRecord, apiVersion: number): JsonObject {
  const txJson = withDeliverMax(structuredClone(record.tx), apiVersion);
  if (apiVersion > 1) return { hash: record.hash, meta: renderMeta(record), tx_json: txJson };
  return { ...txJson, hash: record.hash, metaData: renderMeta(record) };
}

export const ledger: RpcHandler = (ctx): JsonObject => {
  const found = lookupLedger(ctx, 'current', false);
  const { chain } = ctx.node;
  const wantTxs = ctx.params.transactions === true;
  const expand = ctx.params.expand === true;
  if (found.closed === undefined) {
    const info = chain.openInfo;
    const open: JsonObject = {
      closed: false,
      ledger_index: ledgerIndexValue(info.seq, ctx.apiVersion),
      parent_close_time: info.parentCloseTime,
      parent_hash: info.parentHash,
    };
    return { ledger: open, ledger_current_index: info.seq, validated: false };
  }
  const closed = found.closed;
  const body = closedLedgerJson(closed, ctx.apiVersion);
  if (wantTxs) {
    body.transactions = closed.txHashes.map((hash) => {
      const record = chain.transaction(hash);
      return expand && record !== undefined ? expandedTx(record, ctx.apiVersion) : hash;
    });
  }
  return { ledger: body, ledger_hash: closed.ledgerHash, ledger_index: closed.ledgerIndex, validated: true };
};

export const ledgerCurrent: RpcHandler = (ctx) => ({ ledger_current_index: ctx.node.chain.openLedgerSeq });

export const ledgerClosed: RpcHandler = (ctx) => {
  const latest = ctx.node.chain.latestClosed;
  return { ledger_hash: latest.ledgerHash, ledger_index: latest.ledgerIndex };
};

export const ledgerAccept: RpcHandler = (ctx) => {
  if (ctx.node.readOnly) throw rpcError('notSupported', 'This sandbox node serves a saved ledger read-only; it closes no ledgers.');
  ctx.node.closeLedger();
  return { ledger_current_index: ctx.node.chain.openLedgerSeq };
};

/** ledger_entry for the lookups the sandbox's objects need: index and account_root. */
export const ledgerEntry: RpcHandler = (ctx: RpcContext) => {
  const found = lookupLedger(ctx, 'validated');
  let key: string | undefined;
  const { params } = ctx;
  if (typeof params.index === 'string' && /^[0-9A-Fa-f]{64}$/.test(params.index)) key = params.index.toUpperCase();
  else if (params.account_root !== undefined) {
    if (!isValidAddress(params.account_root)) throw rpcError('invalidParams', 'malformedAddress');
    key = accountKey(params.account_root);
  }
  if (key === undefined) throw rpcError('invalidParams');
  const sle = found.view.read(key);
  if (sle === undefined) throw rpcError('entryNotFound', undefined, { ...found.fields, validated: found.validated });
  return { index: key, node: { ...sle.fields, index: key }, ...found.fields, validated: found.validated };
};
