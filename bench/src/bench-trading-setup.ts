import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import { CommandBus } from '@nestjs/cqrs';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Wallet } from 'xrpl';
import {
  type ClusterClient,
  type CommandContext,
  CREDIT_MARKETS,
  type CreditMarketStore,
  fundWithTestUsd,
  HASH_CONCURRENCY,
  ProjectionHost,
  RegisterUserCommand,
  signIn,
  verifyKyc,
} from '@carbon-ledger/ledger-service/bench';

const VINTAGE = 2026;
const BATCH_ID = 'SOLAR-2026-BE4C0001';
const PRICE = '10.00';
/** Asks placed at once while laying the book down. */
const ASKS_PER_ROUND = 1000;

export interface TradingBenchOptions {
  /** Names the users: `<prefix>-seller`, `<prefix>-buyer-<n>`, at `<prefix>.test`. */
  readonly prefix: string;
  /** Resting one-credit asks. */
  readonly asks: number;
  readonly buyers: number;
  /** How long the read models may take to apply the asks. */
  readonly asksProjectedWithinMs: number;
  /** Markets (vintages 2026, 2025, …) with asks; unset: 1. The first has `asks`, the others `otherMarketAsks`. */
  readonly markets?: number;
  readonly otherMarketAsks?: number;
}

/** One market of the set-up: its batch (issued to the seller, serials 1 … quantity) and its resting asks. */
export interface TradingBenchMarket {
  readonly projectType: 'Solar Energy';
  readonly vintage: number;
  readonly batchId: string;
  readonly quantity: number;
  readonly asks: number;
  readonly askPriceCents: number;
  /** What a buy POSTs in this market. */
  readonly buyOrderBody: string;
}

export interface TradingBench {
  /** Holds the asks; signed in, it can watch newTrade. */
  readonly seller: ClusterClient;
  /** Signed in, KYC-verified and funded. */
  readonly buyers: readonly ClusterClient[];
  /** What every buy POSTs: one credit at the asks' price, so each is exactly one matched trade (the first market). */
  readonly buyOrderBody: string;
  readonly markets: readonly TradingBenchMarket[];
}

function context(userId: string): CommandContext {
  const commandId = randomUUID();
  return { commandId, correlationId: commandId, causationId: commandId, actor: { userId, role: 'trader' }, now: new Date() };
}

/**
 * The set-up (not measured) of bench:trading and bench:cluster, through the service `app` serving
 * at `baseUrl`: a seller with one batch resting `asks` one-credit asks, and `buyers` buyers, each
 * signed in, KYC-verified (trading needs it) and funded with test USD (buy orders are paid
 * for, docs/funds.md).
 */
export async function setUpTradingBench(app: NestExpressApplication, baseUrl: string, options: TradingBenchOptions): Promise<TradingBench> {
  const commands = app.get(CommandBus);
  const projections = app.get(ProjectionHost);
  const markets_ = app.get<CreditMarketStore>(CREDIT_MARKETS);
  const register = async (name: string): Promise<ClusterClient> => {
    // Nothing of the email in it: the password policy refuses a password holding a word of the address ("bench").
    const password = `pw-${randomUUID()}`;
    const email = `${name}-${randomUUID().slice(0, 8)}@${options.prefix}.test`;
    const registered = await commands.execute(new RegisterUserCommand({ email, name, password, roles: ['trader', 'issuer'] }, context('system')));
    await projections.waitFor(['users'], registered.position, 10_000);
    return signIn(baseUrl, email, password);
  };

  const seller = await register(`${options.prefix}-seller`);
  const markets: TradingBenchMarket[] = Array.from({ length: options.markets ?? 1 }, (_, index) => {
    const vintage = VINTAGE - index;
    const asks = index === 0 ? options.asks : (options.otherMarketAsks ?? options.asks);
    return {
      projectType: 'Solar Energy',
      vintage,
      batchId: index === 0 ? BATCH_ID : `SOLAR-${vintage}-BE4C000${index + 1}`,
      quantity: asks,
      asks,
      askPriceCents: 1_000,
      buyOrderBody: JSON.stringify({ type: 'buy', amount: 1, price: PRICE, projectType: 'Solar Energy', vintage }),
    };
  });
  let last;
  for (const market of markets) {
    await markets_.execute(
      market.projectType,
      market.vintage,
      {
        type: 'IssueCredits',
        batch: {
          batchId: market.batchId,
          projectId: 'BENCH',
          projectName: 'Bench batch',
          projectType: market.projectType,
          description: '',
          vintage: market.vintage,
          standard: 'Gold Standard',
          methodology: 'bench',
          scopes: { scope1: 0, scope2: 0, scope3: 0, scope4: 0, scope5: 0 },
          quantity: market.quantity,
          serialPrefix: `NXCC-${market.batchId}`,
          accountId: seller.userId,
          issuedBy: seller.userId,
          xrplAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
          source: 'xrpl',
        },
      },
      context(seller.userId),
      () => undefined,
    );
    for (let placed = 0; placed < market.asks; placed += ASKS_PER_ROUND) {
      const results = await Promise.all(
        Array.from({ length: Math.min(ASKS_PER_ROUND, market.asks - placed) }, () =>
          markets_.execute(
            market.projectType,
            market.vintage,
            {
              type: 'PlaceOrder',
              orderId: randomUUID(),
              ownerId: seller.userId,
              order: { type: 'sell', amount: 1, price: PRICE, projectType: market.projectType, vintage: market.vintage },
            },
            context(seller.userId),
            () => undefined,
          ),
        ),
      );
      last = results.at(-1)?.position;
    }
  }
  if (last) await projections.waitFor(['order-book', 'credit-registry', 'credit-trades'], last, options.asksProjectedWithinMs);

  // No more sign-ups at once than the service hashes at once: past its queue it refuses them (busy signing people in).
  const signUps = pLimit(HASH_CONCURRENCY);
  const buyers = await Promise.all(Array.from({ length: options.buyers }, (_, n) => signUps(() => register(`${options.prefix}-buyer-${n}`))));
  for (const buyer of buyers) await verifyKyc(baseUrl, buyer, Wallet.generate());
  for (const buyer of buyers) await fundWithTestUsd(baseUrl, buyer);
  return {
    seller,
    buyers,
    buyOrderBody: markets[0]!.buyOrderBody,
    markets,
  };
}
