import { Logger } from '@nestjs/common';
import { CREDIT_CURRENCY_CODE } from '@carbon-ledger/contracts';
import { AccountSetAsfFlags, type Payment, Wallet, xrpToDrops } from 'xrpl';
import type { PlatformSubmissions } from '../../shared/platform-submissions.js';
import type { XrplGateway } from './xrpl-gateway.js';

/** Starting state of the sandbox market: 1 NXCC ≈ 12 XRP, 0.5% trading fee. */
export const SANDBOX_POOL = { xrp: 1_200_000, credits: 100_000, tradingFee: 500 } as const;
const FUNDING_XRP = { issuer: 10_000, market_maker: 1_500_000, kyc_issuer: 10_000, audit_anchor: 10_000, deposit: 10_000 } as const;
const LSF_DEFAULT_RIPPLE = 0x0080_0000;
/** The cause of the issuer's payment of the pool's opening NXCC: the credits capability backs it with registry credits in the vault. */
export const poolDepositKey = (marketMaker: string): string => `sandbox:pool-credits:${marketMaker}`;

/** The sandbox's settlement token: USD issued by the platform issuer. */
export const SANDBOX_SETTLEMENT_CURRENCY = 'USD';

async function accountExists(gateway: XrplGateway, address: string): Promise<{ exists: boolean; flags: number }> {
  try {
    const info = await gateway.request({ command: 'account_info', account: address, ledger_index: 'validated' });
    return { exists: true, flags: info.result.account_data.Flags };
  } catch (error) {
    if (error instanceof Error && /actNotFound|Account not found/.test(error.message)) return { exists: false, flags: 0 };
    throw error;
  }
}

export async function ammExists(gateway: XrplGateway): Promise<boolean> {
  try {
    await gateway.request({
      command: 'amm_info',
      asset: { currency: 'XRP' },
      asset2: { currency: CREDIT_CURRENCY_CODE, issuer: gateway.wallets.issuer.address },
      ledger_index: 'validated',
    });
    return true;
  } catch (error) {
    if (error instanceof Error && /actNotFound|Account not found/.test(error.message)) return false;
    throw error;
  }
}

/**
 * First start in the sandbox: fund the platform wallets from the genesis
 * account, let the issuer ripple, issue NXCC to the market maker and open the
 * XRP/NXCC pool. Each step checks the ledger first, so it can run on every start.
 */
export async function provisionSandbox(gateway: XrplGateway, submissions: PlatformSubmissions, genesisSeed: string): Promise<void> {
  const logger = new Logger('XRPL');
  const genesis = Wallet.fromSeed(genesisSeed);
  const { wallets } = gateway;

  for (const [role, xrp] of Object.entries(FUNDING_XRP) as [keyof typeof FUNDING_XRP, number][]) {
    const wallet = wallets[role];
    if ((await accountExists(gateway, wallet.address)).exists) continue;
    const payment = await gateway.autofill<Payment>({
      TransactionType: 'Payment',
      Account: genesis.address,
      Destination: wallet.address,
      Amount: xrpToDrops(xrp),
    });
    const outcome = await gateway.submitSigned(genesis.sign(payment).tx_blob, payment.LastLedgerSequence);
    if (outcome.result !== 'tesSUCCESS') throw new Error(`funding the ${role} wallet failed: ${outcome.result}`);
    logger.log(`funded the ${role} wallet with ${xrp} XRP from the sandbox genesis account`);
  }

  const issuer = await accountExists(gateway, wallets.issuer.address);
  if ((issuer.flags & LSF_DEFAULT_RIPPLE) === 0) {
    await submissions.submit({
      key: `sandbox:default-ripple:${wallets.issuer.address}`,
      role: 'issuer',
      transaction: { TransactionType: 'AccountSet', Account: wallets.issuer.address, SetFlag: AccountSetAsfFlags.asfDefaultRipple },
      purpose: 'Let NXCC ripple between holders',
    });
  }
  // The deposit address holds the platform's settlement USD (docs/funds.md): a trust line to the issuer.
  const depositLines = await gateway.request({ command: 'account_lines', account: wallets.deposit.address, peer: wallets.issuer.address });
  if (!depositLines.result.lines.some((line) => line.currency === SANDBOX_SETTLEMENT_CURRENCY)) {
    await submissions.submit({
      key: `sandbox:deposit-trust-line:${wallets.deposit.address}`,
      role: 'deposit',
      transaction: {
        TransactionType: 'TrustSet',
        Account: wallets.deposit.address,
        LimitAmount: { currency: SANDBOX_SETTLEMENT_CURRENCY, issuer: wallets.issuer.address, value: '1000000000000000000000' },
      },
      purpose: 'Receive the settlement USD that users deposit',
    });
  }
  if (await ammExists(gateway)) return;

  const lines = await gateway.request({ command: 'account_lines', account: wallets.market_maker.address, peer: wallets.issuer.address });
  if (!lines.result.lines.some((line) => line.currency === CREDIT_CURRENCY_CODE)) {
    await submissions.submit({
      key: `sandbox:pool-trust-line:${wallets.market_maker.address}`,
      role: 'market_maker',
      transaction: {
        TransactionType: 'TrustSet',
        Account: wallets.market_maker.address,
        LimitAmount: { currency: CREDIT_CURRENCY_CODE, issuer: wallets.issuer.address, value: '1000000000' },
      },
      purpose: 'Hold NXCC for the AMM pool',
    });
  }
  await submissions.submit({
    key: poolDepositKey(wallets.market_maker.address),
    role: 'issuer',
    transaction: {
      TransactionType: 'Payment',
      Account: wallets.issuer.address,
      Destination: wallets.market_maker.address,
      Amount: { currency: CREDIT_CURRENCY_CODE, issuer: wallets.issuer.address, value: String(SANDBOX_POOL.credits) },
    },
    purpose: 'Issue NXCC for the AMM pool liquidity',
  });
  await submissions.submit({
    key: `sandbox:pool:${wallets.market_maker.address}`,
    role: 'market_maker',
    transaction: {
      TransactionType: 'AMMCreate',
      Account: wallets.market_maker.address,
      Amount: xrpToDrops(SANDBOX_POOL.xrp),
      Amount2: { currency: CREDIT_CURRENCY_CODE, issuer: wallets.issuer.address, value: String(SANDBOX_POOL.credits) },
      TradingFee: SANDBOX_POOL.tradingFee,
    },
    purpose: 'Open the XRP/NXCC pool',
  });
  logger.log(`opened the XRP/NXCC pool with ${SANDBOX_POOL.xrp} XRP and ${SANDBOX_POOL.credits} NXCC`);
}
