import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { CREDIT_CURRENCY_CODE, platformWalletRoles, type WalletBalance, type WalletBalanceResponse, type XrplNetwork } from '@carbon-ledger/contracts';
import { dropsToXrpText, trimDecimal } from '../ledger-amounts.js';
import type { XrplGateway } from '../../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../../infrastructure/xrpl/xrpl.tokens.js';

export class GetWalletBalancesQuery extends Query<WalletBalanceResponse> {}

const FUNDING: Record<XrplNetwork, string[]> = {
  sandbox: [
    'The local sandbox ledger funds the platform wallets from its genesis account on the first start.',
    'If a wallet shows as unfunded, restart the service; funding and the XRP/NXCC pool are set up again where missing.',
  ],
  testnet: [
    'Open the XRPL Testnet faucet (https://xrpl.org/resources/dev-tools/xrp-faucets) and fund each unfunded address below.',
    'Each wallet needs the 1 XRP base reserve plus 0.2 XRP per trust line or other object, and a little for fees.',
  ],
  devnet: [
    'Open the XRPL Devnet faucet (https://xrpl.org/resources/dev-tools/xrp-faucets) and fund each unfunded address below.',
    'Each wallet needs the 1 XRP base reserve plus 0.2 XRP per trust line or other object, and a little for fees.',
  ],
  mainnet: [
    'Send XRP from an exchange or a wallet you control to each unfunded address below.',
    'Each wallet needs the 1 XRP base reserve plus 0.2 XRP per trust line or other object, and a little for fees.',
  ],
};

function isMissingAccount(error: unknown): boolean {
  return error instanceof Error && /actNotFound|Account not found/.test(error.message);
}

@QueryHandler(GetWalletBalancesQuery)
export class GetWalletBalancesHandler implements IQueryHandler<GetWalletBalancesQuery> {
  constructor(@Inject(XRPL_GATEWAY) private readonly gateway: XrplGateway) {}

  async execute(): Promise<WalletBalanceResponse> {
    const now = new Date().toISOString();
    const wallets = await Promise.all(
      platformWalletRoles.map(async (role): Promise<WalletBalance> => {
        const address = this.gateway.wallets[role].address;
        try {
          const info = await this.gateway.request({ command: 'account_info', account: address, ledger_index: 'validated' });
          const lines = await this.gateway.request({ command: 'account_lines', account: address, ledger_index: 'validated' });
          const credits = lines.result.lines
            .filter((line) => line.currency === CREDIT_CURRENCY_CODE)
            .reduce((sum, line) => sum + Math.abs(Number(line.balance)), 0);
          return {
            role,
            status: 'funded',
            address,
            balance: dropsToXrpText(info.result.account_data.Balance),
            creditBalance: trimDecimal(credits, 6),
            sequence: info.result.account_data.Sequence,
            error: null,
            lastUpdated: now,
          };
        } catch (error) {
          return {
            role,
            status: 'unfunded',
            address,
            balance: '0.00',
            sequence: null,
            error: isMissingAccount(error) ? 'Account not found on the ledger (not funded yet)' : error instanceof Error ? error.message : String(error),
            lastUpdated: now,
          };
        }
      }),
    );
    const funded = wallets.filter((wallet) => wallet.status === 'funded');
    const totalDrops = funded.reduce((sum, wallet) => sum + BigInt(Math.round(Number(wallet.balance) * 1_000_000)), 0n);
    return {
      wallets,
      summary: {
        totalBalance: dropsToXrpText(totalDrops),
        fundedWallets: funded.length,
        totalWallets: wallets.length,
        network: this.gateway.network,
        status: !this.gateway.connected ? 'disconnected' : funded.length < wallets.length ? 'needs_funding' : 'operational',
      },
      funding: {
        instructions: FUNDING[this.gateway.network],
        note: 'Wallet seeds stay inside the service; the console and the API never receive them.',
      },
    };
  }
}
