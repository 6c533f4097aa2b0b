import type { ClosedLedger, TxRecord } from '../ledger/ledger-chain.js';
import { isValidAddress } from '../protocol/accounts.js';
import type { JsonObject } from '../protocol/json.js';
import { terCode, terMessage } from '../protocol/ter.js';
import { isoFromRippleTime } from '../protocol/time.js';
import type { RpcContext, RpcHandler } from '../rpc/context.js';
import { rpcError } from '../rpc/rpc-error.js';
import { encodeCtid, renderMeta, withDeliverMax } from '../rpc/tx-json.js';
import type { SandboxNode } from './sandbox-node.js';

const STREAMS = new Set(['ledger', 'transactions', 'transactions_proposed', 'validations', 'server', 'manifests', 'peer_status', 'consensus', 'book_changes']);

/** One connection's subscriptions to rippled's ledger/transaction streams. */
export class Subscriptions {
  readonly streams = new Set<string>();
  readonly accounts = new Set<string>();
  apiVersion = 1;

  constructor(private readonly send: (message: JsonObject) => void) {}

  ledgerClosed(node: SandboxNode, ledger: ClosedLedger, txs: TxRecord[]): void {
    if (this.streams.has('ledger')) this.send({ type: 'ledgerClosed', ...ledgerStreamFields(node, ledger), txn_count: txs.length });
    const everything = this.streams.has('transactions') || this.streams.has('transactions_proposed');
    for (const record of txs) {
      if (everything || record.accounts.some((account) => this.accounts.has(account))) {
        this.send(transactionMessage(node, ledger, record, this.apiVersion));
      }
    }
  }
}

function ledgerStreamFields(node: SandboxNode, ledger: ClosedLedger): JsonObject {
  const fields: JsonObject = {
    fee_base: Number(node.chain.fees.base),
    ledger_hash: ledger.ledgerHash,
    ledger_index: ledger.ledgerIndex,
    ledger_time: ledger.closeTime,
    reserve_base: Number(node.chain.fees.reserve),
    reserve_inc: Number(node.chain.fees.increment),
    validated_ledgers: node.chain.completeLedgers,
  };
  if (node.networkId !== undefined) fields.network_id = node.networkId;
  return fields;
}

function transactionMessage(node: SandboxNode, ledger: ClosedLedger, record: TxRecord, apiVersion: number): JsonObject {
  const txJson = withDeliverMax(structuredClone(record.tx), apiVersion);
  const message: JsonObject = {
    type: 'transaction',
    close_time_iso: isoFromRippleTime(ledger.closeTime),
    engine_result: record.result,
    engine_result_code: terCode(record.result),
    engine_result_message: terMessage(record.result),
    hash: record.hash,
    ledger_hash: ledger.ledgerHash,
    ledger_index: ledger.ledgerIndex,
    meta: renderMeta(record),
    status: 'closed',
    validated: true,
  };
  if (apiVersion > 1) message.tx_json = txJson;
  else message.transaction = { ...txJson, hash: record.hash };
  const ctid = encodeCtid(record.ledgerIndex, record.txIndex, node.networkId ?? 0);
  if (ctid !== undefined) message.ctid = ctid;
  return message;
}

function listParam(ctx: RpcContext, name: string): string[] {
  const value = ctx.params[name];
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw rpcError('invalidParams');
  return value.map((item) => {
    if (typeof item !== 'string') throw rpcError(name === 'streams' ? 'malformedStream' : 'actMalformed');
    return item;
  });
}

function requireSubscriptions(ctx: RpcContext): Subscriptions {
  if (ctx.subscriptions === undefined) throw rpcError('notSupported');
  return ctx.subscriptions;
}

export const subscribe: RpcHandler = (ctx) => {
  const subscriptions = requireSubscriptions(ctx);
  const streams = listParam(ctx, 'streams');
  const accounts = [...listParam(ctx, 'accounts'), ...listParam(ctx, 'accounts_proposed')];
  if (streams.some((stream) => !STREAMS.has(stream))) throw rpcError('malformedStream');
  if (accounts.some((account) => !isValidAddress(account))) throw rpcError('actMalformed');
  subscriptions.apiVersion = ctx.apiVersion;
  for (const stream of streams) subscriptions.streams.add(stream);
  for (const account of accounts) subscriptions.accounts.add(account);
  if (streams.includes('ledger')) return ledgerStreamFields(ctx.node, ctx.node.chain.latestClosed);
  return {};
};

export const unsubscribe: RpcHandler = (ctx) => {
  const subscriptions = requireSubscriptions(ctx);
  for (const stream of listParam(ctx, 'streams')) subscriptions.streams.delete(stream);
  for (const account of [...listParam(ctx, 'accounts'), ...listParam(ctx, 'accounts_proposed')]) {
    subscriptions.accounts.delete(account);
  }
  return {};
};
