import { subscribe, unsubscribe } from '../server/subscriptions.js';
import { accountInfo, accountLines, accountNfts, accountObjects, gatewayBalances } from './accounts.js';
import { ammInfo } from './amm-info.js';
import { bookOffers } from './book-offers.js';
import type { RpcHandler } from './context.js';
import { ledger, ledgerAccept, ledgerClosed, ledgerCurrent, ledgerEntry } from './ledger.js';
import { fee, ping, random, serverInfo, serverState } from './server-info.js';
import { accountTx, submit, tx } from './transactions.js';

export const handlers: Readonly<Record<string, RpcHandler>> = {
  account_info: accountInfo,
  account_lines: accountLines,
  account_nfts: accountNfts,
  account_objects: accountObjects,
  account_tx: accountTx,
  amm_info: ammInfo,
  book_offers: bookOffers,
  fee,
  gateway_balances: gatewayBalances,
  ledger,
  ledger_accept: ledgerAccept,
  ledger_closed: ledgerClosed,
  ledger_current: ledgerCurrent,
  ledger_entry: ledgerEntry,
  ping,
  random,
  server_info: serverInfo,
  server_state: serverState,
  submit,
  subscribe,
  tx,
  unsubscribe,
};
