import type { ReadView } from '../ledger/view.js';
import type { Amount, Issue } from '../protocol/amount.js';
import { amountToJson, iou, issueFromJson } from '../protocol/amount.js';
import { isValidAddress } from '../protocol/accounts.js';
import { lsf } from '../protocol/flags.js';
import type { JsonObject } from '../protocol/json.js';
import { isJsonObject } from '../protocol/json.js';
import { accountKey, ammKey } from '../protocol/keylets.js';
import { iso8601OffsetFromRippleTime } from '../protocol/time.js';
import { ammAssets, ammHolds, lpHolds } from '../tx/amm/amm-pool.js';
import { readLine } from '../tx/trust-lines.js';
import type { RpcHandler } from './context.js';
import { lookupLedger } from './ledger-lookup.js';
import { rpcError } from './rpc-error.js';

const AUCTION_SLOT_SECONDS = 86_400;
const AUCTION_SLOT_INTERVALS = 20;

function issueParam(value: unknown): Issue {
  const issue = issueFromJson(value);
  if (issue === undefined) throw rpcError('issueMalformed');
  return issue;
}

function frozen(ledgerView: ReadView, ammAccount: string, issue: Issue): boolean {
  const issuer = ledgerView.read(accountKey(issue.issuer));
  if (issuer?.isFlag(lsf.globalFreeze) === true) return true;
  const line = readLine(ledgerView, ammAccount, issue.issuer, issue.currency);
  return line !== undefined && (line.isFlag(lsf.lowFreeze) || line.isFlag(lsf.highFreeze));
}

export const ammInfo: RpcHandler = (ctx) => {
  const ledger = lookupLedger(ctx);
  const { params } = ctx;
  const hasAsset = params.asset !== undefined;
  if (hasAsset !== (params.asset2 !== undefined) || hasAsset === (params.amm_account !== undefined)) {
    throw rpcError('invalidParams');
  }
  let key: string;
  let issues: [Issue, Issue] | undefined;
  if (hasAsset) {
    issues = [issueParam(params.asset), issueParam(params.asset2)];
    key = ammKey(issues[0], issues[1]);
  } else {
    if (!isValidAddress(params.amm_account)) throw rpcError('actMalformed');
    const root = ledger.view.read(accountKey(params.amm_account));
    if (root === undefined) throw rpcError('actMalformed');
    const id = root.getString('AMMID');
    if (id === undefined) throw rpcError('actNotFound');
    key = id;
  }
  if (params.account !== undefined) {
    if (!isValidAddress(params.account) || ledger.view.read(accountKey(params.account)) === undefined) {
      throw rpcError('actMalformed');
    }
  }
  const amm = ledger.view.read(key);
  if (amm === undefined) throw rpcError('actNotFound');
  const [issue1, issue2] = issues ?? ammAssets(amm) ?? [];
  if (issue1 === undefined || issue2 === undefined) throw rpcError('internal');
  const ammAccount = amm.getAccount('Account');
  const lpt = amm.getAmount('LPTokenBalance');
  const lpShown: Amount = typeof params.account === 'string' && lpt.kind === 'iou' ? iou(lpt, lpHolds(ledger.view, amm, params.account)) : lpt;

  const result: JsonObject = {
    account: ammAccount,
    amount: amountToJson(ammHolds(ledger.view, ammAccount, issue1)),
    amount2: amountToJson(ammHolds(ledger.view, ammAccount, issue2)),
    lp_token: amountToJson(lpShown),
    trading_fee: amm.getU32('TradingFee'),
  };
  const votes = amm.getObjectArray('VoteSlots').flatMap((wrapper) => {
    const vote = wrapper.VoteEntry;
    if (!isJsonObject(vote)) return [];
    return [{ account: vote.Account ?? '', trading_fee: vote.TradingFee ?? 0, vote_weight: vote.VoteWeight ?? 0 }];
  });
  if (votes.length > 0) result.vote_slots = votes;
  const slot = amm.getObject('AuctionSlot');
  if (slot !== undefined && typeof slot.Account === 'string') {
    const expiration = typeof slot.Expiration === 'number' ? slot.Expiration : 0;
    const start = expiration - AUCTION_SLOT_SECONDS;
    const now = ledger.view.info.parentCloseTime;
    const interval =
      expiration >= AUCTION_SLOT_SECONDS && now >= start && now - start < AUCTION_SLOT_SECONDS
        ? Math.floor((now - start) / (AUCTION_SLOT_SECONDS / AUCTION_SLOT_INTERVALS))
        : AUCTION_SLOT_INTERVALS;
    const auction: JsonObject = {
      account: slot.Account,
      discounted_fee: slot.DiscountedFee ?? 0,
      expiration: iso8601OffsetFromRippleTime(expiration),
      price: slot.Price ?? null,
      time_interval: interval,
    };
    if (Array.isArray(slot.AuthAccounts)) {
      auction.auth_accounts = slot.AuthAccounts.flatMap((entry) =>
        isJsonObject(entry) && isJsonObject(entry.AuthAccount) ? [{ account: entry.AuthAccount.Account ?? '' }] : [],
      );
    }
    result.auction_slot = auction;
  }
  if (issue1.currency !== 'XRP') result.asset_frozen = frozen(ledger.view, ammAccount, issue1);
  if (issue2.currency !== 'XRP') result.asset2_frozen = frozen(ledger.view, ammAccount, issue2);
  return { amm: result, ...ledger.fields, validated: ledger.validated };
};
