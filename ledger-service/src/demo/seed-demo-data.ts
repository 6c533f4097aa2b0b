import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  bufferSharePercent,
  challengeMessageHex,
  estimatedCredits,
  comparePositions,
  type CreditLabel,
  type EventStore,
  type IssuanceProjectType,
  marketOfTokenId,
  type Position,
  type Role,
} from '@carbon-ledger/contracts';
import type { Kysely } from 'kysely';
import { sign } from 'ripple-keypairs';
import { Wallet, xrpToDrops } from 'xrpl';
import type { AuthDatabase } from '../auth/auth-database.js';
import { AUTH_DB } from '../auth/auth.tokens.js';
import { RegisterUserCommand } from '../auth/commands/register-user.handler.js';
import { FIRST_ADMIN_EMAIL } from '../auth/first-admin.js';
import { generatePassword } from '../auth/password-hashing.js';
import { RetireCreditsCommand } from '../credits/commands/retire-credits.handler.js';
import { CREDIT_MARKETS } from '../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../credit-market/credit-market.store.js';
import type { ReadModels } from '../infrastructure/postgres/database.js';
import { EVENT_STORE, READ_MODELS } from '../infrastructure/tokens.js';
import { XrplConnection } from '../infrastructure/xrpl/xrpl-connection.js';
import type { XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../infrastructure/xrpl/xrpl.tokens.js';
import { AddressChallenges } from '../kyc/address-control/address-challenges.js';
import { StartKycCommand } from '../kyc/commands/start-kyc.handler.js';
import { VerifyKycCommand } from '../kyc/commands/verify-kyc.handler.js';
import { ClaimTestUsdCommand } from '../funds/commands/claim-test-usd.handler.js';
import { PlaceOrderCommand } from '../orders/commands/place-order.handler.js';
import { CreatePortfolioCommand } from '../portfolio/commands/create-portfolio.handler.js';
import { ProjectionHost } from '../infrastructure/projections/projection-host.js';
import { type CommandContext, deriveId } from '../shared/command-context.js';
import { PlatformSubmissions } from '../shared/platform-submissions.js';
import { FileIssuanceRequestCommand } from '../projects/commands/file-issuance-request.handler.js';
import { ProjectParties } from '../projects/project-parties.js';
import { type DemoProject, DemoRegistry, type DemoStage } from './demo-registry.js';
import { CancelCreditsCommand } from '../credits/commands/cancel-credits.handler.js';

/** Every demo name carries this mark, so nobody takes demo data for real records. */
export const DEMO_MARK = 'Demo';
export const DEMO_EMAIL_DOMAIN = 'demo.carbon-ledger.local';

interface DemoUser {
  readonly key: string;
  readonly name: string;
  readonly roles: readonly Role[];
  readonly legalName: string;
  readonly country: string;
  readonly organisation: string;
}

const users: readonly DemoUser[] = [
  {
    key: 'issuer',
    name: `${DEMO_MARK} · Verdant Energy Co. (issuer)`,
    roles: ['issuer', 'trader'],
    legalName: 'Verdant Energy Company',
    country: 'GB',
    organisation: `${DEMO_MARK} · Verdant Energy Co.`,
  },
  {
    key: 'trader',
    name: `${DEMO_MARK} · Northwind Logistics (trader)`,
    roles: ['trader'],
    legalName: 'Northwind Logistics Limited',
    country: 'DE',
    organisation: `${DEMO_MARK} · Northwind Logistics`,
  },
  {
    key: 'fund',
    name: `${DEMO_MARK} · Bluewater Climate Fund (trader)`,
    roles: ['trader'],
    legalName: 'Bluewater Climate Fund',
    country: 'US',
    organisation: `${DEMO_MARK} · Bluewater Climate Fund`,
  },
  {
    key: 'compliance',
    name: `${DEMO_MARK} · Compliance Officer`,
    roles: ['compliance', 'auditor'],
    legalName: 'Compliance Officer',
    country: 'GB',
    organisation: `${DEMO_MARK} · Verdant Energy Co.`,
  },
  {
    key: 'verifier',
    name: `${DEMO_MARK} · Terra Assurance (verifier)`,
    roles: ['verifier'],
    legalName: 'Terra Assurance Limited',
    country: 'NL',
    organisation: `${DEMO_MARK} · Terra Assurance`,
  },
  {
    key: 'registry',
    name: `${DEMO_MARK} · Registry Operator`,
    roles: ['registry'],
    legalName: 'Registry Operator',
    country: 'CH',
    organisation: `${DEMO_MARK} · Carbon Registry`,
  },
];

/** Users who act with an XRPL address and so pass KYC; the compliance officer, verifier and registry operator do not. */
const actsOnLedger = (user: DemoUser): boolean => user.roles.includes('trader') || user.roles.includes('issuer');

/** The demo's issued projects: each drafted, validated, registered, reported, verified and approved. */
const projects: readonly (DemoProject & { projectType: IssuanceProjectType; scopes: [number, number, number, number, number] })[] = [
  {
    id: 'DEMO-SOL-001',
    name: `${DEMO_MARK} · Sunfield Solar Park, Rajasthan`,
    projectType: 'Solar Energy',
    hostCountry: 'IN',
    location: 'Jodhpur district, Rajasthan',
    description: '50 MW grid-connected photovoltaic plant displacing coal power.',
    expectedAnnualQuantity: 1210,
    scopes: [5500, 550, 0, 0, 0],
  },
  {
    id: 'DEMO-WND-002',
    name: `${DEMO_MARK} · Cape Breeze Wind Farm`,
    projectType: 'Wind Energy',
    hostCountry: 'ZA',
    location: 'Eastern Cape',
    description: 'Twelve onshore turbines feeding the regional grid.',
    expectedAnnualQuantity: 1100,
    scopes: [5500, 0, 0, 0, 0],
  },
  {
    id: 'DEMO-REF-003',
    name: `${DEMO_MARK} · Mata Atlântica Reforestation`,
    projectType: 'Reforestation',
    hostCountry: 'BR',
    location: 'Serra do Mar, São Paulo',
    description: 'Native species planting on degraded pasture land.',
    expectedAnnualQuantity: 330,
    scopes: [550, 550, 550, 0, 0],
  },
  {
    id: 'DEMO-EFF-004',
    name: `${DEMO_MARK} · Efficient Cookstoves Kenya`,
    projectType: 'Energy Efficiency',
    hostCountry: 'KE',
    location: 'Kisumu county',
    description: 'Improved cookstoves cutting household wood use.',
    expectedAnnualQuantity: 120,
    scopes: [550, 50, 0, 0, 0],
  },
];

/** Projects that wait at each stage of the lifecycle, so every queue has something to show. */
const pipeline: readonly (DemoProject & { stage: DemoStage; projectType: IssuanceProjectType })[] = [
  {
    id: 'DEMO-WND-005',
    name: `${DEMO_MARK} · Altiplano Wind (draft)`,
    projectType: 'Wind Energy',
    hostCountry: 'BO',
    location: 'Oruro',
    description: 'A planned 30 MW wind farm; its design document is being completed.',
    expectedAnnualQuantity: 800,
    stage: 'draft',
  },
  {
    id: 'DEMO-REF-006',
    name: `${DEMO_MARK} · Borneo Peatland Restoration`,
    projectType: 'Reforestation',
    hostCountry: 'ID',
    location: 'Central Kalimantan',
    description: 'Rewetting and replanting drained peat swamp forest.',
    expectedAnnualQuantity: 2400,
    stage: 'under_validation',
  },
  {
    id: 'DEMO-SOL-007',
    name: `${DEMO_MARK} · Atacama Solar`,
    projectType: 'Solar Energy',
    hostCountry: 'CL',
    location: 'Antofagasta',
    description: 'A 100 MW photovoltaic plant; validated, awaiting registration.',
    expectedAnnualQuantity: 5000,
    stage: 'validated',
  },
  {
    id: 'DEMO-EFF-008',
    name: `${DEMO_MARK} · Dhaka Efficient Lighting`,
    projectType: 'Energy Efficiency',
    hostCountry: 'BD',
    location: 'Dhaka',
    description: 'LED replacement in public buildings; its first report awaits verification.',
    expectedAnnualQuantity: 600,
    stage: 'report_filed',
  },
  {
    id: 'DEMO-SOL-009',
    name: `${DEMO_MARK} · Sahel Solar Mini-grids`,
    projectType: 'Solar Energy',
    hostCountry: 'SN',
    location: 'Tambacounda',
    description: 'Village mini-grids replacing diesel; its first report awaits the registry.',
    expectedAnnualQuantity: 300,
    stage: 'report_verified',
  },
];

/** Command ids of the demo come from this namespace and the step, so a later start that resumes the seeding replays what is done. */
const DEMO_COMMANDS = 'demo-organisation/1';

function demoEmail(user: DemoUser): string {
  return `${user.key}@${DEMO_EMAIL_DOMAIN}`;
}

function demoContext(step: string, userId: string, role: Role): CommandContext {
  const commandId = deriveId(DEMO_COMMANDS, step);
  return { commandId, correlationId: commandId, causationId: commandId, actor: { userId, role }, now: new Date() };
}

/** How a run of the demo seeding went: steps in the plan, and those that recorded something new (the rest were already done). */
export interface DemoSeedOutcome {
  readonly steps: number;
  readonly recorded: number;
}

/** The plan's last step: when it is recorded, every step before it is too. */
const LAST_STEP = 'retire:wind';

/**
 * Whether an earlier start began seeding the demo organisation (its first demo user exists)
 * and did not finish (the last step's retirement is not recorded). Undefined when the read
 * models could not catch up with the log in time to tell.
 */
/** What each demo buyer deposits: enough for its demo buy orders with their fee. */
const DEMO_DEPOSIT_CENTS = 10_000_00;

export async function demoSeedingUnfinished(app: INestApplicationContext): Promise<boolean | undefined> {
  const authDb = app.get<Kysely<AuthDatabase>>(AUTH_DB);
  const issuer = await authDb.selectFrom('auth_credentials').select('user_id').where('email', '=', demoEmail(users[0]!)).executeTakeFirst();
  if (!issuer) return false;
  const head = await app.get<EventStore>(EVENT_STORE).headPosition();
  if (!(await app.get(ProjectionHost).waitFor(['credit-retirements'], head, 30_000))) return undefined;
  const lastRetirement = deriveId(deriveId(DEMO_COMMANDS, LAST_STEP), 'retirement');
  const recorded = await app
    .get<ReadModels>(READ_MODELS)
    .selectFrom('credit_retirements')
    .select('retirement_id')
    .where('retirement_id', '=', lastRetirement)
    .executeTakeFirst();
  return recorded === undefined;
}

/**
 * Seeds a clearly marked demo organisation through the real command path (the
 * same command handlers the API uses): users per role, KYC-verified addresses,
 * four issued batches, direct transfers, resting and matched orders, and
 * retirements, and a portfolio for each holder. The demo users get random passwords nobody is shown: they are
 * counterparties; the administrator also receives a small holding so the
 * dashboard's portfolio has something true to show. Sandbox network only.
 *
 * Every command has an id derived from its step, so running the plan again replays
 * what is done and records only what is missing: a start that was stopped while
 * seeding is completed by the next one (main runs the plan again when demoSeedingUnfinished).
 * `signal` stops it between steps; `onStep` hears each finished step.
 */
export async function seedDemoData(
  app: INestApplicationContext,
  options: { readonly log: (line: string) => void; readonly signal?: AbortSignal; readonly onStep?: (step: string) => void },
): Promise<DemoSeedOutcome> {
  const commands = app.get(CommandBus);
  const projections = app.get(ProjectionHost);
  const eventStore = app.get<EventStore>(EVENT_STORE);
  const readModels = app.get<ReadModels>(READ_MODELS);
  const authDb = app.get<Kysely<AuthDatabase>>(AUTH_DB);
  const challenges = app.get(AddressChallenges);
  const start = await eventStore.headPosition();
  let steps = 0;
  let recorded = 0;
  let xrplReady: Promise<XrplGateway> | undefined;
  const gateway = (): Promise<XrplGateway> => {
    // The platform wallets must be funded (sandbox provisioning) before the market maker pays anyone.
    xrplReady ??= (async () => {
      await app.get(XrplConnection).ready;
      const connected = app.get<XrplGateway>(XRPL_GATEWAY);
      await connected.connect();
      return connected;
    })();
    return xrplReady;
  };
  /** Runs one step as `actor`, under the command id its name derives. */
  const step = async <Result extends { readonly position: Position }>(
    name: string,
    actor: { readonly userId: string; readonly role: Role },
    run: (context: CommandContext) => Promise<Result>,
  ): Promise<Result> => {
    options.signal?.throwIfAborted();
    const result = await run(demoContext(name, actor.userId, actor.role));
    steps += 1;
    // A step that says whether it was a replay is believed; for the others, a position past the log's head when
    // the run began (a head read while a long transaction holds the horizon back can trail, so this is the fallback).
    const replayed = (result as { readonly replayed?: unknown }).replayed;
    if (typeof replayed === 'boolean' ? !replayed : comparePositions(result.position, start) > 0) recorded += 1;
    options.onStep?.(name);
    return result;
  };

  // Users first: registering takes no ledger, and once the first exists a later start knows to resume.
  const ids = new Map<string, string>();
  for (const user of users) {
    const registered = await step(`register:${user.key}`, { userId: 'system', role: 'admin' }, (context) =>
      commands.execute(
        new RegisterUserCommand(
          {
            email: demoEmail(user),
            name: user.name,
            password: generatePassword({ email: demoEmail(user), name: user.name }),
            roles: user.roles,
            organisation: user.organisation,
          },
          context,
        ),
      ),
    );
    ids.set(user.key, registered.userId);
  }
  // What an earlier run recorded about KYC (the address a user verified or started with).
  await projections.waitFor(['kyc-status', 'users'], await eventStore.headPosition(), 30_000);
  const addresses = new Map<string, string>();
  let last: Position | undefined;
  for (const user of users) {
    if (!actsOnLedger(user)) continue;
    const userId = ids.get(user.key)!;
    const role = user.roles[0]!;
    const earlier = await readModels
      .selectFrom('kyc_status')
      .select(['address', 'kyc_status', 'inquiry_id'])
      .where('owner_id', '=', userId)
      .orderBy('started_at', 'desc')
      .executeTakeFirst();
    if (earlier?.kyc_status === 'verified') {
      addresses.set(user.key, earlier.address);
      continue;
    }
    let xrplAddress = earlier?.address;
    let inquiryId = earlier?.inquiry_id;
    if (!xrplAddress || !inquiryId) {
      const wallet = Wallet.generate();
      options.signal?.throwIfAborted();
      await gateway();
      await app.get(PlatformSubmissions).submit({
        key: `demo-account:${wallet.address}`,
        role: 'market_maker',
        transaction: { TransactionType: 'Payment', Account: '', Destination: wallet.address, Amount: xrpToDrops(40) },
        purpose: `demo account for ${user.name}`,
      });
      const address = wallet.address;
      // The demo user proves its address as a user does in the browser: the wallet signs the server's challenge.
      const challenge = await challenges.issue(userId, address);
      const proof = {
        challengeId: challenge.challengeId,
        publicKey: wallet.publicKey,
        signature: sign(challengeMessageHex(challenge.message), wallet.privateKey),
      };
      const started = await step(`kyc-start:${user.key}`, { userId, role }, (context) =>
        commands.execute(new StartKycCommand({ xrplAddress: address, proof, jurisdiction: 'UK', kycLevel: 'enhanced' }, false, context)),
      );
      xrplAddress = address;
      inquiryId = started.inquiry.inquiryId;
    }
    const verifying = { xrplAddress, inquiryId };
    const verified = await step(`kyc-verify:${user.key}`, { userId, role }, (context) =>
      commands.execute(
        new VerifyKycCommand(
          {
            ...verifying,
            legalName: user.legalName,
            dateOfBirth: '1985-06-15',
            country: user.country as never,
            documentNumber: `DEMO${user.key.toUpperCase()}1`,
          },
          false,
          context,
        ),
      ),
    );
    last = verified.position;
    addresses.set(user.key, xrplAddress);
  }
  if (last) await projections.waitFor(['kyc-status', 'users'], last, 30_000);

  const issuerId = ids.get('issuer')!;
  const traderId = ids.get('trader')!;
  const fundId = ids.get('fund')!;
  // Credits exist only once a verifier verified a registered project's report and the registry approved it.
  const registry = new DemoRegistry(app, step, { proponent: issuerId, verifier: ids.get('verifier')!, registry: ids.get('registry')! });
  await registry.accreditVerifier();
  const fileRequest = (project: DemoProject & { projectType: IssuanceProjectType }, scopes: readonly number[]) =>
    step(`issue:${project.id}`, { userId: issuerId, role: 'issuer' }, async (context) => {
      const [scope1 = 0, scope2 = 0, scope3 = 0, scope4 = 0, scope5 = 0] = scopes;
      const request = { id: project.id, name: project.name, projectType: project.projectType, description: project.description };
      const proponent = await app.get(ProjectParties).party(issuerId);
      return commands.execute(
        new FileIssuanceRequestCommand(
          { ...request, scope1, scope2, scope3, scope4, scope5, xrplAddress: addresses.get('issuer')! },
          proponent,
          bufferSharePercent[project.projectType],
          context,
        ),
      );
    });
  const tokens: string[] = [];
  for (const project of projects) {
    await registry.register(project, 'issued');
    const filed = await fileRequest(project, project.scopes);
    await registry.verifyAndApprove(project, filed.reportId, estimatedCredits(project.scopes), 'issued');
    tokens.push(filed.tokenId);
  }
  for (const project of pipeline) {
    await registry.register(project, project.stage);
    if (project.stage !== 'report_filed' && project.stage !== 'report_verified') continue;
    const filed = await fileRequest(project, [550, 0, 0, 0, 0]);
    await registry.verifyAndApprove(project, filed.reportId, estimatedCredits([550]), project.stage);
  }
  // The issuance reaction issues the approved batches; the transfers below need them in the registry.
  await waitForBatches(app.get<CreditMarketStore>(CREDIT_MARKETS), tokens);
  const [solar, wind, reforestation, cookstoves] = tokens as [string, string, string, string];
  // What the credits may count for (docs/credit-use.md): the reforestation batch is authorized for other
  // international mitigation purposes with its adjustment pending (CCP-approved and CORSIA eligible), the
  // wind batch for use towards an NDC with its adjustment applied; solar and cookstoves stay plain.
  await registry.authorize(projects[2]!, reforestation, 'oimp', 'pending');
  await registry.authorize(projects[1]!, wind, 'ndc', 'applied');
  const vintage = new Date().getUTCFullYear();

  // The demo's holdings are registry transfers between demo parties at a recorded price, no cash: a direct
  // trade through /api/trade is an offer the buyer accepts and pays for with a KYC-verified address, and the
  // administrator who receives a holding here has none.
  const markets = app.get<CreditMarketStore>(CREDIT_MARKETS);
  const transfer = (name: string, tokenId: string, amount: number, buyerAccountId: string, price: string) =>
    step(`transfer:${name}`, { userId: issuerId, role: 'issuer' }, (context) => {
      const market = marketOfTokenId(tokenId)!;
      const command = {
        type: 'TransferCredits',
        tradeId: deriveId(context.commandId, 'trade'),
        batchId: tokenId,
        sellerAccountId: issuerId,
        buyerAccountId,
        quantity: amount,
        price,
      } as const;
      return markets.execute(market.projectType, market.vintage, command, context, () => undefined);
    });
  await transfer('solar-to-trader', solar, 200, traderId, '42.50');
  const adminId = await firstAdminId(authDb);
  if (adminId) await transfer('reforestation-to-admin', reforestation, 60, adminId, '18.75');
  else options.log(`  Demo data: no account has the email ${FIRST_ADMIN_EMAIL} any more; the administrator's demo holding is left out.`);
  await transfer('cookstoves-to-fund', cookstoves, 40, fundId, '9.80');

  // Buy orders are paid for (docs/funds.md): the buyers deposit test USD through the sandbox faucet, a real XRPL payment.
  const funded = (await gateway()).network === 'sandbox';
  for (const [key, userId] of [
    ['trader', traderId],
    ['fund', fundId],
  ] as const) {
    if (funded) await step(`fund:${key}`, { userId, role: 'trader' }, (context) => commands.execute(new ClaimTestUsdCommand(DEMO_DEPOSIT_CENTS, context)));
  }
  if (!funded) options.log('  Demo data: test USD is given on the sandbox only; the demo buy orders are left out.');

  let orders = 0;
  const order = (userId: string, type: 'buy' | 'sell', amount: number, price: string, projectType: IssuanceProjectType, labels?: CreditLabel[]) => {
    orders += 1;
    if (type === 'buy' && !funded) return Promise.resolve();
    return step(`order:${orders}`, { userId, role: 'trader' }, (context) =>
      commands.execute(new PlaceOrderCommand({ type, amount, price, projectType, vintage, ...(labels ? { labels } : {}) }, context)),
    );
  };
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
  // A bid for labelled credits (docs/credit-use.md): it rests until an ask carries both labels.
  await order(fundId, 'buy', 25, '17.00', 'Reforestation', ['CCP-approved', 'CORSIA eligible']);

  // A portfolio per demo holder (and the administrator, who can sign in), so /portfolio starts filled.
  const portfolio = (key: string, ownerId: string, role: Role, name: string, riskProfile: 'conservative' | 'moderate' | 'aggressive', description: string) =>
    step(`portfolio:${key}`, { userId: ownerId, role }, (context) =>
      commands.execute(new CreatePortfolioCommand({ name: `${DEMO_MARK} · ${name}`, description, riskProfile }, ownerId, context)),
    );
  await portfolio('issuer', issuerId, 'issuer', 'Issuer inventory', 'conservative', 'Credits kept from our own projects before they are sold or retired.');
  await portfolio('trader', traderId, 'trader', 'Fleet offsets', 'moderate', 'Credits bought to offset fleet emissions.');
  await portfolio('fund', fundId, 'trader', 'Climate fund book', 'aggressive', 'A fund book across project types.');
  if (adminId) await portfolio('admin', adminId, 'admin', 'Nature-based removals', 'moderate', 'The administrator’s demo holding of reforestation credits.');

  const retire = (name: string, userId: string, role: Role, request: ConstructorParameters<typeof RetireCreditsCommand>[0]) =>
    step(`retire:${name}`, { userId, role }, (context) => commands.execute(new RetireCreditsCommand(request, context)));
  await retire('solar', traderId, 'trader', {
    tokenId: solar,
    amount: 40,
    beneficiary: `${DEMO_MARK} · Northwind Logistics`,
    purpose: 'Offsetting FY2026 fleet emissions',
    standard: 'Gold Standard',
    offsetType: 'compensation',
    use: 'voluntary',
  });
  await retire('reforestation', issuerId, 'issuer', {
    tokenId: reforestation,
    amount: 150,
    beneficiary: `${DEMO_MARK} · Verdant Energy Co.`,
    purpose: 'Corporate net-zero commitment 2026',
    standard: 'Verra VCS',
    offsetType: 'reduction',
    use: 'voluntary',
  });
  await retire('reforestation-corsia', issuerId, 'issuer', {
    tokenId: reforestation,
    amount: 20,
    beneficiary: `${DEMO_MARK} · Andes Air`,
    purpose: 'CORSIA offsetting requirements, first phase',
    standard: 'Verra VCS',
    offsetType: 'compensation',
    use: 'corsia',
  });
  // A voluntary cancellation without a claim (never a retirement), and a reversal the buffer pool covers.
  await step('cancel:solar', { userId: traderId, role: 'trader' }, (context) =>
    commands.execute(
      new CancelCreditsCommand({ tokenId: solar, amount: 10, reason: 'voluntary', note: 'Taken off the market, no claim made' }, context, false),
    ),
  );
  await registry.recordReversal(projects[2]!, 30, 'Wildfire burned 6 ha of the 2025 planting');
  // LAST_STEP: keep it last.
  await retire('wind', issuerId, 'issuer', {
    tokenId: wind,
    amount: 75,
    beneficiary: `${DEMO_MARK} · Verdant Energy Co.`,
    purpose: 'Data centre electricity 2026',
    standard: 'Gold Standard',
    offsetType: 'compensation',
    use: 'voluntary',
  });
  return { steps, recorded };
}

async function firstAdminId(db: Kysely<AuthDatabase>): Promise<string | undefined> {
  const admin = await db.selectFrom('auth_credentials').select('user_id').where('email', '=', FIRST_ADMIN_EMAIL).executeTakeFirst();
  return admin?.user_id;
}

/** Waits until the market of each batch holds it (the issuance reaction runs from the log), up to a minute. */
async function waitForBatches(markets: CreditMarketStore, batchIds: readonly string[]): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (const batchId of batchIds) {
    const market = marketOfTokenId(batchId)!;
    while (!(await markets.read(market.projectType, market.vintage, (state) => state.batches.has(batchId)))) {
      if (Date.now() > deadline) throw new Error(`the approved batch ${batchId} was not issued within a minute`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
