import { ownerDirEntries } from '../ledger/directory.js';
import type { Sle } from '../ledger/sle.js';
import type { ReadView } from '../ledger/view.js';
import type { IouAmount } from '../protocol/amount.js';
import { isValidAddress } from '../protocol/accounts.js';
import { lsf } from '../protocol/flags.js';
import type { JsonObject } from '../protocol/json.js';
import { isJsonObject } from '../protocol/json.js';
import { Num } from '../protocol/number.js';
import { accountKey } from '../protocol/keylets.js';
import { ownerPages } from '../tx/nft/nft-pages.js';
import { parseNFTokenId } from '../tx/nft/nftoken-id.js';
import { lineBalance, lineLimit, lineNoRipple } from '../tx/trust-lines.js';
import type { RpcContext, RpcHandler } from './context.js';
import { lookupLedger } from './ledger-lookup.js';
import type { LookedUpLedger } from './ledger-lookup.js';
import { limitParam, requireAccount } from './params.js';
import { rpcError } from './rpc-error.js';

function entryJson(sle: Sle): JsonObject {
  return { ...structuredClone(sle.fields), index: sle.key };
}

/** Looks up the ledger and the account root, failing like rippled when the account is missing. */
function accountContext(ctx: RpcContext): { account: string; ledger: LookedUpLedger; root: Sle } {
  const account = requireAccount(ctx.params);
  const ledger = lookupLedger(ctx);
  const root = ledger.view.read(accountKey(account));
  if (root === undefined) {
    throw rpcError('actNotFound', undefined, { account, ...ledger.fields, validated: ledger.validated });
  }
  return { account, ledger, root };
}

const ACCOUNT_FLAGS: Array<[string, number]> = [
  ['defaultRipple', lsf.defaultRipple],
  ['depositAuth', lsf.depositAuth],
  ['disableMasterKey', lsf.disableMaster],
  ['disallowIncomingXRP', lsf.disallowXRP],
  ['globalFreeze', lsf.globalFreeze],
  ['noFreeze', lsf.noFreeze],
  ['passwordSpent', lsf.passwordSpent],
  ['requireAuthorization', lsf.requireAuth],
  ['requireDestinationTag', lsf.requireDestTag],
  ['disallowIncomingNFTokenOffer', lsf.disallowIncomingNFTokenOffer],
  ['disallowIncomingCheck', lsf.disallowIncomingCheck],
  ['disallowIncomingPayChan', lsf.disallowIncomingPayChan],
  ['disallowIncomingTrustline', lsf.disallowIncomingTrustline],
  ['allowTrustLineClawback', lsf.allowTrustLineClawback],
];

export const accountInfo: RpcHandler = (ctx) => {
  const { ledger, root } = accountContext(ctx);
  const accountData = entryJson(root);
  const result: JsonObject = {
    account_data: accountData,
    account_flags: Object.fromEntries(ACCOUNT_FLAGS.map(([name, flag]) => [name, root.isFlag(flag)])),
    ...ledger.fields,
    validated: ledger.validated,
  };
  if (ctx.params.signer_lists === true) {
    if (ctx.apiVersion > 1) result.signer_lists = [];
    else accountData.signer_lists = [];
  }
  if (ctx.params.queue === true && ledger.closed === undefined) {
    result.queue_data = { txn_count: 0 };
  }
  return result;
};

function paginate<T>(items: T[], ctx: RpcContext, fallback: number, max: number): { page: T[]; marker?: string; limit?: number } {
  const limit = limitParam(ctx.params.limit, fallback, 10, max);
  const marker = ctx.params.marker;
  const start = typeof marker === 'string' && /^\d+$/.test(marker) ? Number(marker) : 0;
  const page = items.slice(start, start + limit);
  const out: { page: T[]; marker?: string; limit?: number } = { page };
  if (start + limit < items.length) out.marker = String(start + limit);
  if (ctx.params.limit !== undefined) out.limit = limit;
  return out;
}

/** The account's trust lines, each with its low side's limit and the account at the other end. */
function* trustLines(view: ReadView, account: string): Generator<{ line: Sle; low: IouAmount; peer: string }> {
  for (const key of ownerDirEntries(view, account)) {
    const line = view.read(key);
    if (line === undefined || line.type !== 'RippleState') continue;
    const low = line.getAmount('LowLimit');
    const high = line.getAmount('HighLimit');
    if (low.kind !== 'iou' || high.kind !== 'iou') continue;
    yield { line, low, peer: low.issuer === account ? high.issuer : low.issuer };
  }
}

/** One page of an account's trust lines or objects under `field`, with the marker of the next page and the limit asked for. */
function accountPage(ctx: RpcContext, account: string, ledger: LookedUpLedger, field: string, items: JsonObject[]): JsonObject {
  const { page, marker, limit } = paginate(items, ctx, 200, 400);
  const result: JsonObject = { account, [field]: page, ...ledger.fields, validated: ledger.validated };
  if (marker !== undefined) result.marker = marker;
  if (limit !== undefined) result.limit = limit;
  return result;
}

export const accountLines: RpcHandler = (ctx) => {
  const { account, ledger, root } = accountContext(ctx);
  const peerFilter = ctx.params.peer;
  if (peerFilter !== undefined && !isValidAddress(peerFilter)) throw rpcError('actMalformed');
  const defaultRipple = root.isFlag(lsf.defaultRipple);
  const lines: JsonObject[] = [];
  for (const { line, low, peer } of trustLines(ledger.view, account)) {
    if (peerFilter !== undefined && peer !== peerFilter) continue;
    const isLow = low.issuer === account;
    const entry: JsonObject = {
      account: peer,
      balance: lineBalance(line, account, peer).toText(),
      currency: low.currency,
      limit: lineLimit(line, account, peer).toText(),
      limit_peer: lineLimit(line, peer, account).toText(),
      quality_in: line.getU32(isLow ? 'LowQualityIn' : 'HighQualityIn'),
      quality_out: line.getU32(isLow ? 'LowQualityOut' : 'HighQualityOut'),
    };
    if (line.isFlag(isLow ? lsf.lowAuth : lsf.highAuth)) entry.authorized = true;
    if (line.isFlag(isLow ? lsf.highAuth : lsf.lowAuth)) entry.peer_authorized = true;
    const noRipple = lineNoRipple(line, account, peer);
    const noRipplePeer = lineNoRipple(line, peer, account);
    if (noRipple || !defaultRipple) entry.no_ripple = noRipple;
    if (noRipplePeer || !defaultRipple) entry.no_ripple_peer = noRipplePeer;
    if (line.isFlag(isLow ? lsf.lowFreeze : lsf.highFreeze)) entry.freeze = true;
    if (line.isFlag(isLow ? lsf.highFreeze : lsf.lowFreeze)) entry.freeze_peer = true;
    lines.push(entry);
  }
  return accountPage(ctx, account, ledger, 'lines', lines);
};

export const accountNfts: RpcHandler = (ctx) => {
  const { account, ledger } = accountContext(ctx);
  const nfts: JsonObject[] = [];
  for (const page of ownerPages(ledger.view, account)) {
    for (const wrapper of page.getObjectArray('NFTokens')) {
      const token = wrapper.NFToken;
      if (!isJsonObject(token) || typeof token.NFTokenID !== 'string') continue;
      const parts = parseNFTokenId(token.NFTokenID);
      const entry: JsonObject = {
        Flags: parts.flags,
        Issuer: parts.issuer,
        NFTokenID: token.NFTokenID,
        NFTokenTaxon: parts.taxon,
        nft_serial: parts.serial,
      };
      if (typeof token.URI === 'string') entry.URI = token.URI;
      if (parts.transferFee !== 0) entry.TransferFee = parts.transferFee;
      nfts.push(entry);
    }
  }
  const { page, marker } = paginate(nfts, ctx, 100, 400);
  const result: JsonObject = {
    account,
    account_nfts: page,
    ...ledger.fields,
    limit: limitParam(ctx.params.limit, 100, 20, 400),
    validated: ledger.validated,
  };
  if (marker !== undefined) result.marker = marker;
  return result;
};

/** account_objects `type` filter names (RPC::chooseLedgerEntryType). */
const OBJECT_TYPES: Record<string, string> = {
  account: 'AccountRoot',
  amm: 'AMM',
  credential: 'Credential',
  directory: 'DirectoryNode',
  nft_page: 'NFTokenPage',
  state: 'RippleState',
};
const DELETION_BLOCKERS = new Set(['RippleState', 'NFTokenPage', 'Credential']);

export const accountObjects: RpcHandler = (ctx) => {
  const { account, ledger } = accountContext(ctx);
  const typeParam = ctx.params.type;
  let wanted: string | undefined;
  if (typeParam !== undefined) {
    wanted = typeof typeParam === 'string' ? OBJECT_TYPES[typeParam] : undefined;
    if (wanted === undefined) throw rpcError('invalidParams', "Invalid field 'type'.");
  }
  const blockersOnly = ctx.params.deletion_blockers_only === true;
  const entries: Sle[] = [...ownerPages(ledger.view, account)];
  for (const key of ownerDirEntries(ledger.view, account)) {
    const sle = ledger.view.read(key);
    if (sle !== undefined) entries.push(sle);
  }
  const objects = entries
    .filter((sle) => wanted === undefined || sle.type === wanted)
    .filter((sle) => !blockersOnly || DELETION_BLOCKERS.has(sle.type))
    .map(entryJson);
  return accountPage(ctx, account, ledger, 'account_objects', objects);
};

/**
 * What an issuer owes and holds, as rippled's gateway_balances answers it: every positive balance
 * other accounts hold on its trust lines is an obligation (summed per currency), except those of the
 * `hotwallet` accounts, listed under `balances`; a line where the issuer itself holds a positive
 * balance is an asset.
 */
export const gatewayBalances: RpcHandler = (ctx) => {
  const { account, ledger } = accountContext(ctx);
  const hotwalletParam = ctx.params.hotwallet;
  const hotwallets = new Set<string>();
  for (const wallet of hotwalletParam === undefined ? [] : Array.isArray(hotwalletParam) ? hotwalletParam : [hotwalletParam]) {
    if (!isValidAddress(wallet)) throw rpcError('invalidHotWallet');
    hotwallets.add(wallet);
  }
  const obligations = new Map<string, Num>();
  const balances = new Map<string, Map<string, Num>>();
  const assets = new Map<string, Map<string, Num>>();
  const addTo = (totals: Map<string, Num>, currency: string, value: Num): void => {
    totals.set(currency, (totals.get(currency) ?? Num.zero).add(value));
  };
  const addFor = (totals: Map<string, Map<string, Num>>, peer: string, currency: string, value: Num): void => {
    const byCurrency = totals.get(peer) ?? new Map<string, Num>();
    addTo(byCurrency, currency, value);
    totals.set(peer, byCurrency);
  };
  for (const { line, low, peer } of trustLines(ledger.view, account)) {
    // The issuer's side of the line: negative means the peer holds what the issuer owes.
    const balance = lineBalance(line, account, peer);
    if (balance.signum() < 0) {
      const owed = balance.negate();
      if (hotwallets.has(peer)) addFor(balances, peer, low.currency, owed);
      else addTo(obligations, low.currency, owed);
    } else if (balance.signum() > 0) {
      addFor(assets, peer, low.currency, balance);
    }
  }
  const perPeer = (totals: Map<string, Map<string, Num>>): JsonObject =>
    Object.fromEntries([...totals].map(([peer, byCurrency]) => [peer, [...byCurrency].map(([currency, value]) => ({ currency, value: value.toText() }))]));
  const result: JsonObject = { account, ...ledger.fields, validated: ledger.validated };
  if (obligations.size > 0) result.obligations = Object.fromEntries([...obligations].map(([currency, value]) => [currency, value.toText()]));
  if (balances.size > 0) result.balances = perPeer(balances);
  if (assets.size > 0) result.assets = perPeer(assets);
  return result;
};
