import type { ApplyView } from '../../ledger/apply-view.js';
import { dirInsert } from '../../ledger/directory.js';
import { Sle } from '../../ledger/sle.js';
import type { ReadView } from '../../ledger/view.js';
import { xrp } from '../../protocol/amount.js';
import type { Amount, Issue } from '../../protocol/amount.js';
import { amountToNum, compareIssues, iou, issueEquals, issueOf, issueToJson, isXrpIssue } from '../../protocol/amount.js';
import { lsf } from '../../protocol/flags.js';
import type { JsonObject } from '../../protocol/json.js';
import { accountKey, ammKey, trustLineKey } from '../../protocol/keylets.js';
import type { Ter } from '../../protocol/ter.js';
import type { Transactor } from '../transactor.js';
import { accountHolds, accountSend, xrpLiquid } from '../trust-lines.js';
import { AUCTION_SLOT_SECONDS, invalidAmmAmount, MAX_TRADING_FEE, optionalAmount, VOTE_WEIGHT_SCALE } from './amm-common.js';
import { initialLpTokens } from './amm-math.js';
import { lpTokenIssue, pseudoAccountCandidate } from './amm-pool.js';

const MAX_ACCOUNT_ATTEMPTS = 256;

/** initializeFeeAuctionVote: the creator holds the only vote and a free auction slot. */
export function initializeFeeAuctionVote(amm: Sle, account: string, lptIssue: Issue, tradingFee: number, parentCloseTime: number): void {
  const vote: JsonObject = { Account: account, VoteWeight: VOTE_WEIGHT_SCALE };
  if (tradingFee !== 0) vote.TradingFee = tradingFee;
  amm.set('VoteSlots', [{ VoteEntry: vote }]);
  const slot: JsonObject = {
    Account: account,
    Expiration: parentCloseTime + AUCTION_SLOT_SECONDS,
    Price: { currency: lptIssue.currency, issuer: lptIssue.issuer, value: '0' },
  };
  const discounted = Math.floor(tradingFee / 10);
  if (discounted !== 0) slot.DiscountedFee = discounted;
  amm.set('AuctionSlot', slot);
  if (tradingFee !== 0) amm.setU32('TradingFee', tradingFee);
  else amm.remove('TradingFee');
}

function insufficient(view: ReadView, account: string, amount: Amount, liquid: bigint): boolean {
  if (amount.kind === 'xrp') return liquid < amount.drops;
  if (account === amount.issuer) return false;
  return amountToNum(accountHolds(view, account, issueOf(amount))).lt(amount.value);
}

function createPseudoAccount(view: ApplyView, ammId: string): Sle | undefined {
  for (let attempt = 0; attempt < MAX_ACCOUNT_ATTEMPTS; attempt += 1) {
    const address = pseudoAccountCandidate(attempt, view.info.parentHash, ammId);
    if (view.exists(accountKey(address))) continue;
    const root = Sle.create('AccountRoot', accountKey(address));
    root.set('Account', address);
    root.setAmount('Balance', xrp(0n));
    root.setU32('OwnerCount', 0);
    root.setU32('Sequence', view.info.seq);
    root.flags = (lsf.disableMaster | lsf.defaultRipple | lsf.depositAuth) >>> 0;
    root.set('AMMID', ammId);
    view.insert(root);
    return root;
  }
  return undefined;
}

export const ammCreate: Transactor = {
  allowedFlags: 0,

  baseFee: (view) => view.fees.increment,

  preflight(tx) {
    const amount = optionalAmount(tx, 'Amount');
    const amount2 = optionalAmount(tx, 'Amount2');
    if (amount !== undefined && amount2 !== undefined && issueEquals(issueOf(amount), issueOf(amount2))) {
      return 'temBAD_AMM_TOKENS';
    }
    const invalid = invalidAmmAmount(amount) ?? invalidAmmAmount(amount2);
    if (invalid !== undefined) return invalid;
    if (tx.getU32('TradingFee') > MAX_TRADING_FEE) return 'temBAD_FEE';
    return 'tesSUCCESS';
  },

  preclaim({ view, tx }) {
    const amount = optionalAmount(tx, 'Amount');
    const amount2 = optionalAmount(tx, 'Amount2');
    if (amount === undefined || amount2 === undefined) return 'temMALFORMED';
    if (view.read(ammKey(issueOf(amount), issueOf(amount2))) !== undefined) return 'tecDUPLICATE';
    for (const value of [amount, amount2]) {
      if (value.kind === 'iou' && view.read(accountKey(value.issuer))?.isFlag(lsf.defaultRipple) !== true) {
        return 'terNO_RIPPLE';
      }
    }
    const liquid = xrpLiquid(view, tx.account, 1);
    if (liquid <= 0n) return 'tecINSUF_RESERVE_LINE';
    if (insufficient(view, tx.account, amount, liquid) || insufficient(view, tx.account, amount2, liquid)) {
      return 'tecUNFUNDED_AMM';
    }
    for (const value of [amount, amount2]) {
      if (value.kind === 'iou' && view.read(accountKey(value.issuer))?.has('AMMID') === true) return 'tecAMM_INVALID_TOKENS';
    }
    return 'tesSUCCESS';
  },

  doApply({ view, tx, account }): Ter {
    const amount = optionalAmount(tx, 'Amount');
    const amount2 = optionalAmount(tx, 'Amount2');
    if (amount === undefined || amount2 === undefined) return 'temMALFORMED';
    const id = ammKey(issueOf(amount), issueOf(amount2));
    const root = createPseudoAccount(view, id);
    if (root === undefined) return 'tecDUPLICATE';
    const ammAccount = root.getAccount('Account');
    const lptIssue = lpTokenIssue(issueOf(amount), issueOf(amount2), ammAccount);
    if (view.exists(trustLineKey(ammAccount, account, lptIssue.currency))) return 'tecDUPLICATE';

    const lpTokens = iou(lptIssue, initialLpTokens(amountToNum(amount), amountToNum(amount2)));
    const amm = Sle.create('AMM', id);
    amm.set('Account', ammAccount);
    amm.setAmount('LPTokenBalance', lpTokens);
    const [first, second] = [issueOf(amount), issueOf(amount2)].sort(compareIssues);
    amm.set('Asset', issueToJson(first ?? issueOf(amount)));
    amm.set('Asset2', issueToJson(second ?? issueOf(amount2)));
    initializeFeeAuctionVote(amm, account, lptIssue, tx.getU32('TradingFee'), view.info.parentCloseTime);
    const page = dirInsert(view, ammAccount, id);
    if (page === undefined) return 'tecDIR_FULL';
    amm.setU64('OwnerNode', page);
    view.insert(amm);

    let ter = accountSend(view, ammAccount, account, lpTokens);
    for (const value of [amount, amount2]) {
      if (ter !== 'tesSUCCESS') break;
      ter = accountSend(view, account, ammAccount, value);
      if (ter === 'tesSUCCESS' && !isXrpIssue(issueOf(value)) && value.kind === 'iou') {
        const line = view.peek(trustLineKey(ammAccount, value.issuer, value.currency));
        if (line === undefined) return 'tecINTERNAL';
        line.setFlag(lsf.ammNode);
        view.update(line);
      }
    }
    return ter;
  },
};
