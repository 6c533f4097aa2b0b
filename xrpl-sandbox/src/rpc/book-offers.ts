import { issueFromJson } from '../protocol/amount.js';
import type { RpcHandler } from './context.js';
import { lookupLedger } from './ledger-lookup.js';
import { rpcError } from './rpc-error.js';

/** The sandbox has no order books (OfferCreate is not supported), so every book is empty. */
export const bookOffers: RpcHandler = (ctx) => {
  const ledger = lookupLedger(ctx);
  if (issueFromJson(ctx.params.taker_gets) === undefined || issueFromJson(ctx.params.taker_pays) === undefined) {
    throw rpcError('invalidParams');
  }
  return { offers: [], ...ledger.fields, validated: ledger.validated };
};
