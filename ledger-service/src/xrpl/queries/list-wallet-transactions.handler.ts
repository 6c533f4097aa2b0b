import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { platformWalletRoles, type WalletTransaction, type WalletTransactionsResponse } from '@carbon-ledger/contracts';
import { dropsToXrpText, formatAmount } from '../ledger-amounts.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';
import { accountTransactions } from './read-ledger.js';

export class ListWalletTransactionsQuery extends Query<WalletTransactionsResponse> {}

const PER_WALLET = 20;
const SHOWN = 50;

function isMissingAccount(error: unknown): boolean {
  return error instanceof Error && /actNotFound|Account not found/.test(error.message);
}

/** The platform wallets' recent transactions, straight from the ledger, newest first. */
@QueryHandler(ListWalletTransactionsQuery)
export class ListWalletTransactionsHandler implements IQueryHandler<ListWalletTransactionsQuery> {
  constructor(@Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway) {}

  async execute(): Promise<WalletTransactionsResponse> {
    const platformAddresses = new Set(platformWalletRoles.map((role) => this.gateway.wallets[role].address));
    const perWallet = await Promise.all(
      platformWalletRoles.map(async (role) => {
        const address = this.gateway.wallets[role].address;
        const entries = await accountTransactions(this.gateway, address, PER_WALLET).catch((error: unknown) => {
          if (isMissingAccount(error)) return [];
          throw error;
        });
        // A transaction between two platform wallets is listed once, under its sender.
        const mine = entries.filter((entry) => entry.account === address || !platformAddresses.has(entry.account));
        return mine.map((entry): WalletTransaction => ({
          type: entry.type,
          walletRole: role,
          status: entry.result,
          hash: entry.hash,
          amount: formatAmount(entry.deliveredAmount ?? entry.amount),
          fee: dropsToXrpText(entry.fee),
          sequence: entry.sequence,
          timestamp: entry.timestamp,
          destination: entry.destination,
        }));
      }),
    );
    const transactions = perWallet
      .flat()
      .sort((a, b) => b.timestamp.localeCompare(a.timestamp) || b.sequence - a.sequence)
      .slice(0, SHOWN);
    return { transactions };
  }
}
