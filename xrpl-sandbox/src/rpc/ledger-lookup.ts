import type { ClosedLedger } from '../ledger/ledger-chain.js';
import { StateView } from '../ledger/view.js';
import type { ReadView } from '../ledger/view.js';
import type { JsonObject } from '../protocol/json.js';
import type { RpcContext } from './context.js';
import { rpcError } from './rpc-error.js';

export interface LookedUpLedger {
  view: ReadView;
  /** Undefined for the open ledger. */
  closed: ClosedLedger | undefined;
  validated: boolean;
  /** ledger_current_index, or ledger_hash + ledger_index, as lookupLedger adds them. */
  fields: JsonObject;
}

type Selector = 'current' | 'closed' | 'validated' | number;

function selectorFrom(params: JsonObject, fallback: 'current' | 'validated'): Selector {
  const index = params.ledger_index ?? params.ledger;
  if (index === undefined || index === null || index === '') return fallback;
  if (typeof index === 'number' && Number.isInteger(index) && index >= 0) return index;
  if (typeof index === 'string') {
    if (index === 'current' || index === 'closed' || index === 'validated') return index;
    if (/^\d+$/.test(index)) return Number(index);
  }
  throw rpcError('invalidParams', 'ledgerIndexMalformed');
}

/** RPC::lookupLedger: ledger_hash or ledger_index ('current' when neither is given). */
export function lookupLedger(ctx: RpcContext, fallback: 'current' | 'validated' = 'current', needState = true): LookedUpLedger {
  const { chain } = ctx.node;
  const hash = ctx.params.ledger_hash;
  let closed: ClosedLedger | undefined;
  if (hash !== undefined) {
    if (typeof hash !== 'string' || !/^[0-9A-Fa-f]{64}$/.test(hash)) {
      throw rpcError('invalidParams', 'ledgerHashMalformed');
    }
    closed = chain.ledgerByHash(hash);
    if (closed === undefined) throw rpcError('lgrNotFound', 'ledgerNotFound');
  } else {
    const selector = selectorFrom(ctx.params, fallback);
    if (selector === 'current' || selector === chain.openLedgerSeq) {
      return {
        view: new StateView(chain.openReader(), chain.openInfo, chain.fees),
        closed: undefined,
        validated: false,
        fields: { ledger_current_index: chain.openLedgerSeq },
      };
    }
    closed = typeof selector === 'number' ? chain.ledger(selector) : chain.latestClosed;
    if (closed === undefined) throw rpcError('lgrNotFound', 'ledgerNotFound');
  }
  // Old ledgers keep their header but not their state.
  const reader = chain.closedReader(closed.ledgerIndex) ?? (needState ? undefined : { get: () => undefined });
  if (reader === undefined) throw rpcError('lgrNotFound', 'ledgerNotFound');
  const info = { seq: closed.ledgerIndex, parentHash: closed.parentHash, parentCloseTime: closed.parentCloseTime };
  return {
    view: new StateView(reader, info, chain.fees),
    closed,
    validated: true,
    fields: { ledger_hash: closed.ledgerHash, ledger_index: closed.ledgerIndex },
  };
}
