import { randomUUID } from 'node:crypto';
import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { IssuanceProjectType, Position, Role } from '@carbon-ledger/contracts';
import { Wallet, xrpToDrops } from 'xrpl';
import { RegisterUserCommand } from '../auth/commands/register-user.handler.js';
import { generatePassword } from '../auth/password-hashing.js';
import { IssueCreditsCommand } from '../credits/commands/issue-credits.handler.js';
import { RetireCreditsCommand } from '../credits/commands/retire-credits.handler.js';
import { TradeCreditsCommand } from '../credits/commands/trade-credits.handler.js';
import { XrplConnection } from '../infrastructure/xrpl/xrpl-connection.js';
import type { XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../infrastructure/xrpl/xrpl.tokens.js';
import { StartKycCommand } from '../kyc/commands/start-kyc.handler.js';
import { VerifyKycCommand } from '../kyc/commands/verify-kyc.handler.js';
import { PlaceOrderCommand } from '../orders/commands/place-order.handler.js';
import { ProjectionHost } from '../projections/projection-host.js';
import type { CommandContext } from '../shared/command-context.js';

/** Every demo name carries this mark, so nobody takes demo data for real records. */
export const DEMO_MARK = 'Demo';
export const DEMO_EMAIL_DOMAIN = 'demo.carbon-ledger.local';

interface DemoUser {
  readonly key: string;
  readonly name: string;
  readonly roles: readonly Role[];
  readonly legalName: string;
  readonly country: string;
}

const users: readonly DemoUser[] = [
  { key: 'issuer', name: `${DEMO_MARK} · Verdant Energy Co. (issuer)`, roles: ['issuer', 'trader'], legalName: 'Verdant Energy Company', country: 'GB' },
  { key: 'trader', name: `${DEMO_MARK} · Northwind Logistics (trader)`, roles: ['trader'], legalName: 'Northwind Logistics Limited', country: 'DE' },
  { key: 'fund', name: `${DEMO_MARK} · Bluewater Climate Fund (trader)`, roles: ['trader'], legalName: 'Bluewater Climate Fund', country: 'US' },
  { key: 'compliance', name: `${DEMO_MARK} · Compliance Officer`, roles: ['compliance', 'auditor'], legalName: 'Compliance Officer', country: 'GB' },
];

const projects: readonly { id: string; name: string; projectType: IssuanceProjectType; description: string; scopes: [number, number, number, number, number] }[] = [
  { id: 'DEMO-SOL-001', name: `${DEMO_MARK} · Sunfield Solar Park, Rajasthan`, projectType: 'Solar Energy', description: '50 MW grid-connected photovoltaic plant displacing coal power.', scopes: [5500, 550, 0, 0, 0] },
  { id: 'DEMO-WND-002', name: `${DEMO_MARK} · Cape Breeze Wind Farm`, projectType: 'Wind Energy', description: 'Twelve onshore turbines feeding the regional grid.', scopes: [5500, 0, 0, 0, 0] },
  { id: 'DEMO-REF-003', name: `${DEMO_MARK} · Mata Atlântica Reforestation`, projectType: 'Reforestation', description: 'Native species planting on degraded pasture land.', scopes: [550, 550, 550, 0, 0] },
  { id: 'DEMO-EFF-004', name: `${DEMO_MARK} · Efficient Cookstoves Kenya`, projectType: 'Energy Efficiency', description: 'Improved cookstoves cutting household wood use.', scopes: [550, 50, 0, 0, 0] },
];

function contextFor(userId: string, role: Role): CommandContext {
  const commandId = randomUUID();
  return { commandId, correlationId: commandId, causationId: commandId, actor: { userId, role }, now: new Date() };
}

/**
 * Seeds a clearly marked demo organisation through the real command path (the
 * same command handlers the API uses): users per role, KYC-verified addresses,
 * four issued batches, direct transfers, resting and matched orders, and
 * retirements. The demo users get random passwords nobody is shown: they are
 * counterparties; the administrator also receives a small holding so the
 * dashboard's portfolio has something true to show. Sandbox network only.
 */
export async function seedDemoData(app: INestApplicationContext, adminUserId: string, log: (line: string) => void): Promise<void> {
  const commands = app.get(CommandBus);
  const projections = app.get(ProjectionHost);
  const gateway = app.get<XrplGateway>(XRPL_GATEWAY);
  // The platform wallets must be funded (sandbox provisioning) before the market maker pays anyone.
  await app.get(XrplConnection).ready;
  await gateway.connect();
  const ids = new Map<string, string>();
  const addresses = new Map<string, string>();
  let last: Position | undefined;

  for (const user of users) {
    const registered = await commands.execute(
      new RegisterUserCommand(
        { email: `${user.key}@${DEMO_EMAIL_DOMAIN}`, name: user.name, password: generatePassword(), roles: user.roles },
        contextFor('system', 'admin'),
      ),
    );
    ids.set(user.key, registered.userId);
    if (user.key === 'compliance') continue;
    const wallet = Wallet.generate();
    await gateway.submitAsPlatform('market_maker', { TransactionType: 'Payment', Account: '', Destination: wallet.address, Amount: xrpToDrops(40) }, `demo account for ${user.name}`);
    const started = await commands.execute(new StartKycCommand({ xrplAddress: wallet.address, jurisdiction: 'UK', kycLevel: 'enhanced' }, false, contextFor(registered.userId, user.roles[0]!)));
    const verified = await commands.execute(
      new VerifyKycCommand(
        { xrplAddress: wallet.address, inquiryId: started.inquiry.inquiryId, legalName: user.legalName, dateOfBirth: '1985-06-15', country: user.country as never, documentNumber: `DEMO${user.key.toUpperCase()}1` },
        false,
        contextFor(registered.userId, user.roles[0]!),
      ),
    );
    last = verified.position;
    addresses.set(user.key, wallet.address);
  }
  if (last) await projections.waitFor(['kyc-status', 'users'], last, 30_000);

  const issuerId = ids.get('issuer')!;
  const traderId = ids.get('trader')!;
  const fundId = ids.get('fund')!;
  const tokens: string[] = [];
  for (const project of projects) {
    const [scope1, scope2, scope3, scope4, scope5] = project.scopes;
    const issued = await commands.execute(
      new IssueCreditsCommand(
        { id: project.id, name: project.name, projectType: project.projectType, description: project.description, scope1, scope2, scope3, scope4, scope5, xrplAddress: addresses.get('issuer')! },
        contextFor(issuerId, 'issuer'),
      ),
    );
    tokens.push(issued.tokenId);
  }
  const [solar, wind, reforestation, cookstoves] = tokens as [string, string, string, string];
  const vintage = new Date().getUTCFullYear();

  await commands.execute(new TradeCreditsCommand({ tokenId: solar, amount: 200, buyerAccountId: traderId, price: '42.50' }, contextFor(issuerId, 'issuer')));
  await commands.execute(new TradeCreditsCommand({ tokenId: reforestation, amount: 60, buyerAccountId: adminUserId, price: '18.75' }, contextFor(issuerId, 'issuer')));
  await commands.execute(new TradeCreditsCommand({ tokenId: cookstoves, amount: 40, buyerAccountId: fundId, price: '9.80' }, contextFor(issuerId, 'issuer')));

  const order = (userId: string, type: 'buy' | 'sell', amount: number, price: string, projectType: IssuanceProjectType) =>
    commands.execute(new PlaceOrderCommand({ type, amount, price, projectType, vintage }, contextFor(userId, 'trader')));
  await order(issuerId, 'sell', 300, '41.00', 'Solar Energy');
  await order(issuerId, 'sell', 200, '43.50', 'Solar Energy');
  await order(traderId, 'buy', 120, '42.00', 'Solar Energy');
  await order(fundId, 'buy', 100, '40.00', 'Solar Energy');
  await order(traderId, 'sell', 50, '44.00', 'Solar Energy');
  await order(issuerId, 'sell', 150, '18.50', 'Wind Energy');
  await order(fundId, 'buy', 60, '19.00', 'Wind Energy');
  await order(fundId, 'buy', 80, '17.25', 'Wind Energy');
  // The issuer keeps 80 of the 120 cookstove credits after the transfer above.
  await order(issuerId, 'sell', 60, '9.90', 'Energy Efficiency');

  await commands.execute(
    new RetireCreditsCommand(
      { tokenId: solar, amount: 40, beneficiary: `${DEMO_MARK} · Northwind Logistics`, purpose: 'Offsetting FY2026 fleet emissions', standard: 'Gold Standard', offsetType: 'compensation' },
      contextFor(traderId, 'trader'),
    ),
  );
  await commands.execute(
    new RetireCreditsCommand(
      { tokenId: reforestation, amount: 150, beneficiary: `${DEMO_MARK} · Verdant Energy Co.`, purpose: 'Corporate net-zero commitment 2026', standard: 'Verra VCS', offsetType: 'reduction' },
      contextFor(issuerId, 'issuer'),
    ),
  );
  await commands.execute(
    new RetireCreditsCommand(
      { tokenId: wind, amount: 75, beneficiary: `${DEMO_MARK} · Verdant Energy Co.`, purpose: 'Data centre electricity 2026', standard: 'Gold Standard', offsetType: 'compensation' },
      contextFor(issuerId, 'issuer'),
    ),
  );
  log(`  Demo data: 4 demo users (names start with "${DEMO_MARK} ·"), ${tokens.length} batches, trades, orders and retirements were seeded.`);
  log('  Start with --no-demo on a fresh data directory to skip it.');
}
