import { encode } from 'ripple-binary-codec';
import type { TxRecord } from '../ledger/ledger-chain.js';
import type { Json, JsonObject } from '../protocol/json.js';
import { isJsonObject } from '../protocol/json.js';
import { accountKey } from '../protocol/keylets.js';
import { terCode, terMessage } from '../protocol/ter.js';
import type { RpcContext, RpcHandler } from './context.js';
import { requireAccount } from './params.js';
import { rpcError, rpcException } from './rpc-error.js';
import { renderMeta, renderTransaction, withDeliverMax } from './tx-json.js';

export const submit: RpcHandler = (ctx) => {
  if (ctx.node.readOnly) throw rpcError('notSupported', 'This sandbox node serves a saved ledger read-only; it accepts no transactions.');
  const blob = ctx.params.tx_blob;
  if (blob === undefined) {
    if (ctx.params.tx_json !== undefined) throw rpcError('notSupported', 'Signing on the server is not supported; submit a signed tx_blob.');
    throw rpcError('invalidParams', "Missing field 'tx_blob'.");
  }
  if (typeof blob !== 'string' || blob.length === 0 || blob.length % 2 !== 0 || !/^[0-9A-Fa-f]+$/.test(blob)) {
    throw rpcError('invalidParams');
  }
  const { node } = ctx;
  const failHard = ctx.params.fail_hard === true;
  const outcome = node.submit(blob.toUpperCase(), failHard);
  if (outcome.kind === 'invalid') throw rpcException('invalidTransaction', `fails local checks: ${outcome.reason}`);
  const { ter, tx, hash } = outcome;
  const applied = outcome.record !== undefined;
  // NetworkOPs::apply: local submissions are kept; ter/tel/tef (but not tefPAST_SEQ) are held for retry.
  const kept = !(failHard && ter !== 'tesSUCCESS');
  const retriable = /^(ter|tel|tef)/.test(ter) && ter !== 'tefPAST_SEQ';
  if (!applied && retriable && !failHard) node.hold(blob.toUpperCase());
  const root = node.chain.openReader().get(accountKey(tx.account));
  const sequence = typeof root?.Sequence === 'number' ? root.Sequence : 0;
  return {
    accepted: applied || kept,
    account_sequence_available: sequence,
    account_sequence_next: sequence,
    applied,
    broadcast: applied,
    engine_result: ter,
    engine_result_code: terCode(ter),
    engine_result_message: terMessage(ter),
    kept,
    open_ledger_cost: node.chain.fees.base.toString(),
    queued: false,
    tx_blob: blob.toUpperCase(),
    tx_json: { ...withDeliverMax(structuredClone(tx.fields), ctx.apiVersion), hash },
    validated_ledger_index: node.chain.latestClosed.ledgerIndex,
  };
};

function renderRecord(ctx: RpcContext, record: TxRecord): JsonObject {
  const { chain } = ctx.node;
  const validated = chain.isValidated(record);
  return renderTransaction(ctx.node, record, {
    apiVersion: ctx.apiVersion,
    ledger: validated ? chain.ledger(record.ledgerIndex) : undefined,
    validated,
  });
}

function renderBinary(ctx: RpcContext, record: TxRecord): JsonObject {
  const { chain } = ctx.node;
  const validated = chain.isValidated(record);
  const out: JsonObject = { hash: record.hash, tx_blob: record.blob, validated };
  if (validated) {
    out[ctx.apiVersion > 1 ? 'meta_blob' : 'meta'] = encode(record.meta);
    out.ledger_index = record.ledgerIndex;
  }
  return out;
}

export const tx: RpcHandler = (ctx) => {
  const { params } = ctx;
  if (params.transaction !== undefined && params.ctid !== undefined) throw rpcError('invalidParams');
  const { chain } = ctx.node;
  let record: TxRecord | undefined;
  if (typeof params.transaction === 'string') {
    if (!/^[0-9A-Fa-f]{64}$/.test(params.transaction)) throw rpcError('notImpl');
    record = chain.transaction(params.transaction);
  } else if (typeof params.ctid === 'string' && /^C[0-9A-Fa-f]{15}$/i.test(params.ctid)) {
    const value = BigInt(`0x${params.ctid}`);
    const ledgerSeq = Number((value >> 32n) & 0x0fffffffn);
    const txIndex = Number((value >> 16n) & 0xffffn);
    const hash = chain.ledger(ledgerSeq)?.txHashes[txIndex];
    record = hash === undefined ? undefined : chain.transaction(hash);
  } else {
    throw rpcError('invalidParams');
  }
  if (record === undefined) throw rpcError('txnNotFound');
  return params.binary === true ? renderBinary(ctx, record) : renderRecord(ctx, record);
};

function intParam(value: Json | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  throw rpcError('invalidParams');
}

export const accountTx: RpcHandler = (ctx) => {
  const account = requireAccount(ctx.params);
  const { chain } = ctx.node;
  const latest = chain.latestClosed.ledgerIndex;
  const earliest = Number(chain.completeLedgers.split('-')[0] ?? '1');
  let min = intParam(ctx.params.ledger_index_min, -1);
  let max = intParam(ctx.params.ledger_index_max, -1);
  const single = ctx.params.ledger_index ?? ctx.params.ledger_hash;
  if (single !== undefined) {
    const seq =
      typeof ctx.params.ledger_hash === 'string'
        ? chain.ledgerByHash(ctx.params.ledger_hash)?.ledgerIndex
        : ctx.params.ledger_index === 'validated' || ctx.params.ledger_index === 'closed' || ctx.params.ledger_index === 'current'
          ? latest
          : intParam(ctx.params.ledger_index, latest);
    if (seq === undefined) throw rpcError('lgrNotFound', 'ledgerNotFound');
    min = seq;
    max = seq;
  }
  if (min === -1) min = earliest;
  if (max === -1) max = latest;
  if (max < min) throw rpcError('invalidLgrRange');
  max = Math.min(max, latest);

  const hashes = chain.accountTransactions(account);
  if (hashes.length === 0 && chain.openReader().get(accountKey(account)) === undefined) {
    throw rpcError('actNotFound');
  }
  const forward = ctx.params.forward === true;
  const limit = Math.min(Math.max(intParam(ctx.params.limit, 200), 10), 400);
  let records = hashes
    .map((hash) => chain.transaction(hash))
    .filter((record): record is TxRecord => record !== undefined)
    .filter((record) => record.ledgerIndex >= min && record.ledgerIndex <= max && chain.isValidated(record));
  if (!forward) records = records.reverse();
  const marker = ctx.params.marker;
  if (isJsonObject(marker) && typeof marker.ledger === 'number' && typeof marker.seq === 'number') {
    const at = records.findIndex((record) => record.ledgerIndex === marker.ledger && record.txIndex === marker.seq);
    records = at < 0 ? [] : records.slice(at);
  }
  const page = records.slice(0, limit);
  const next = records[limit];
  const binary = ctx.params.binary === true;
  const transactions = page.map((record): JsonObject => {
    if (binary) {
      return {
        ledger_index: record.ledgerIndex,
        meta: encode(record.meta),
        tx_blob: record.blob,
        validated: true,
      };
    }
    const rendered = renderRecord(ctx, record);
    if (ctx.apiVersion > 1) return rendered;
    const { meta, validated, ...txFields } = rendered;
    return { meta: meta ?? renderMeta(record), tx: txFields, validated: validated ?? true };
  });
  const result: JsonObject = {
    account,
    ledger_index_max: max,
    ledger_index_min: min,
    limit,
    transactions,
    validated: true,
  };
  if (next !== undefined) result.marker = { ledger: next.ledgerIndex, seq: next.txIndex };
  return result;
};
