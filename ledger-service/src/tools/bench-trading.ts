import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { CommandBus } from '@nestjs/cqrs';
import { CpuMeter, type CpuUse, formatInt, machineFacts, renderTable, round, runBench, summarize } from '@carbon-ledger/bench-kit';
import { addressChallengeResponse, challengeMessageHex, CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, startVerificationResponse } from '@carbon-ledger/contracts';
import { sign } from 'ripple-keypairs';
import { Wallet } from 'xrpl';
import { RegisterUserCommand } from '../auth/commands/register-user.handler.js';
import { CREDIT_MARKETS } from '../credit-market/credit-market.module.js';
import type { CreditMarketStore } from '../credit-market/credit-market.store.js';
import { ProjectionHost } from '../infrastructure/projections/projection-host.js';
import type { CommandContext } from '../shared/command-context.js';
import { withBenchService } from './bench-service.js';
import type { TradingClientsInput, TradingClientsMessage, TradingClientsResult } from './bench-trading-clients.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP_SECONDS = 3;
/**
 * Resting asks laid down before the run: one credit each, so every buy POST is exactly one matched trade.
 * Enough for warm-up + window at well over 2,000 trades/s (30,000 ran out at ~1,300 trades/s, and every
 * POST after that rested unfilled).
 */
const ASKS = Number(process.env.BENCH_ASKS ?? 100_000);
const VINTAGE = 2026;

function context(userId: string): CommandContext {
  const commandId = randomUUID();
  return { commandId, correlationId: commandId, causationId: commandId, actor: { userId, role: 'trader' }, now: new Date() };
}

function cookieValue(setCookies: string[], name: string): string {
  for (const cookie of setCookies) {
    const [pair] = cookie.split(';');
    const [key, ...value] = (pair ?? '').split('=');
    if (key === name) return value.join('=');
  }
  return '';
}

/**
 * bench:trading — matched trades per second through the HTTP API (POST
 * /api/orders, each buy crossing one resting ask), with 16 concurrent clients,
 * the POST latency (which includes the read-your-writes wait on the order
 * book), and the time from the POST to the newTrade message at a signed-in
 * socket.io client, as the console receives it. The clients and that socket
 * run on a worker thread, so this thread's event loop is the service's alone.
 */
async function main(): Promise<void> {
  const announce = (): string =>
    `bench:trading — ${CLIENTS} clients, ${SECONDS} s (+${WARMUP_SECONDS} s warm-up); starting the service on a fresh embedded PostgreSQL…\n`;
  await withBenchService('bench-trading', announce, async ({ app, config, baseUrl }) => {
    const commands = app.get(CommandBus);
    const projections = app.get(ProjectionHost);
    const markets = app.get<CreditMarketStore>(CREDIT_MARKETS);

    const register = async (name: string) => {
      // Nothing of the email in it: the password policy refuses a password holding a word of the address ("bench").
      const password = `pw-${randomUUID()}`;
      const email = `${name}-${randomUUID().slice(0, 8)}@bench.test`;
      const registered = await commands.execute(new RegisterUserCommand({ email, name, password, roles: ['trader', 'issuer'] }, context('system')));
      await projections.waitFor(['users'], registered.position, 10_000);
      const login = await fetch(`${baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
      const setCookies = login.headers.getSetCookie();
      const session = cookieValue(setCookies, SESSION_COOKIE);
      const csrf = cookieValue(setCookies, CSRF_COOKIE);
      return { userId: registered.userId, cookie: `${SESSION_COOKIE}=${session}; ${CSRF_COOKIE}=${csrf}`, csrf: decodeURIComponent(csrf) };
    };

    // Set-up (not measured): a seller with one big batch and ASKS resting one-credit asks.
    const seller = await register('bench-seller');
    const batchId = 'SOLAR-2026-BE4C0001';
    await markets.execute(
      'Solar Energy',
      VINTAGE,
      {
        type: 'IssueCredits',
        batch: {
          batchId,
          projectId: 'BENCH',
          projectName: 'Bench batch',
          projectType: 'Solar Energy',
          description: '',
          vintage: VINTAGE,
          standard: 'Gold Standard',
          methodology: 'bench',
          scopes: { scope1: 0, scope2: 0, scope3: 0, scope4: 0, scope5: 0 },
          quantity: ASKS,
          serialPrefix: `NXCC-${batchId}`,
          accountId: seller.userId,
          issuedBy: seller.userId,
          xrplAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
          source: 'xrpl',
        },
      },
      context(seller.userId),
      () => undefined,
    );
    let last;
    for (let placed = 0; placed < ASKS; placed += 1000) {
      const results = await Promise.all(
        Array.from({ length: Math.min(1000, ASKS - placed) }, () =>
          markets.execute(
            'Solar Energy',
            VINTAGE,
            {
              type: 'PlaceOrder',
              orderId: randomUUID(),
              ownerId: seller.userId,
              order: { type: 'sell', amount: 1, price: '10.00', projectType: 'Solar Energy', vintage: VINTAGE },
            },
            context(seller.userId),
            () => undefined,
          ),
        ),
      );
      last = results.at(-1)?.position;
    }
    if (last) await projections.waitFor(['order-book', 'credit-registry', 'credit-trades'], last, 120_000);
    const buyers = await Promise.all(Array.from({ length: CLIENTS }, (_, n) => register(`bench-buyer-${n}`)));
    // Trading needs KYC verified (spec 6): each buyer takes an address through the sandbox provider's flow.
    for (const buyer of buyers) await verifyKyc(baseUrl, buyer);
    // Buy orders are paid for (docs/funds.md): each buyer deposits test USD through the sandbox faucet first.
    for (const buyer of buyers) await fundBuyer(baseUrl, buyer);

    // The clients run on a thread of their own (bench-trading-clients.ts); this thread is the service's.
    const input: TradingClientsInput = {
      baseUrl,
      buyers: buyers.map(({ userId, cookie, csrf }) => ({ userId, cookie, csrf })),
      watcherCookie: seller.cookie,
      body: JSON.stringify({ type: 'buy', amount: 1, price: '10.00', projectType: 'Solar Energy', vintage: VINTAGE }),
      warmupSeconds: WARMUP_SECONDS,
      seconds: SECONDS,
    };
    const clients = new Worker(new URL('./bench-trading-clients.js', import.meta.url), { workerData: input });
    const cpu = new CpuMeter(join(config.DATA_DIR, 'postgres'));
    let stopCpu: (() => CpuUse | undefined) | undefined;
    let used: CpuUse | undefined;
    const { seconds, trades, failures, latencies, pushLatencies, clientCores } = await new Promise<TradingClientsResult>((resolve, reject) => {
      clients.on('message', (message: TradingClientsMessage) => {
        if (message.type === 'measuring') stopCpu = cpu.start();
        else {
          used = stopCpu?.();
          resolve(message.result);
        }
      });
      clients.once('error', reject);
      clients.once('exit', (code) => reject(new Error(`the client thread exited with ${code}`)));
    });
    await clients.terminate();

    const post = summarize(latencies);
    const push = summarize(pushLatencies);
    const facts = machineFacts();
    process.stdout.write(
      [
        '',
        `machine: ${facts.nproc} cores (${facts.cpu}), ${facts.memoryGiB} GiB; node ${facts.node}`,
        renderTable(
          ['measure', 'value', 'target'],
          [
            ['matched trades/s (HTTP, 16 clients)', formatInt(trades / seconds), '>= 500'],
            ['POST /api/orders p50 ms', String(post.p50), ''],
            ['POST /api/orders p99 ms', String(post.p99), '< 100'],
            ['POST -> newTrade at socket p50 ms', String(push.p50), ''],
            ['POST -> newTrade at socket p99 ms', String(push.p99), '< 150'],
            ['trades measured / pushes matched', `${trades} / ${pushLatencies.length}`, ''],
            ['refused or unfilled POSTs', String(failures), '0'],
            ['CPU cores: ours / kernel / others', used ? `${used.ours} / ${used.kernel} / ${used.others}` : 'n/a', ''],
            [
              '  of ours: service / clients / PostgreSQL',
              used ? `${round(used.ours - used.postgres - clientCores, 2)} / ${round(clientCores, 2)} / ${used.postgres}` : 'n/a',
              '',
            ],
          ],
        ),
        '',
      ].join('\n'),
    );
  });
}

runBench(import.meta.url, 'bench:trading', main);

async function verifyKyc(baseUrl: string, client: { cookie: string; csrf: string }): Promise<void> {
  const wallet = Wallet.generate();
  const xrplAddress = wallet.classicAddress;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: client.cookie, [CSRF_HEADER]: client.csrf },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<unknown>;
  };
  // The address's key signs the server's challenge, as the console does in the browser.
  const challenge = addressChallengeResponse.parse(await post('/api/kyc/address-challenge', { xrplAddress }));
  const proof = { challengeId: challenge.challengeId, publicKey: wallet.publicKey, signature: sign(challengeMessageHex(challenge.message), wallet.privateKey) };
  const { inquiryId } = startVerificationResponse.parse(
    await post('/api/kyc/start-verification', { xrplAddress, proof, jurisdiction: 'UK', kycLevel: 'basic' }),
  );
  await post('/api/kyc/verify', { xrplAddress, inquiryId, legalName: 'Bench Buyer', dateOfBirth: '1990-01-01', country: 'GB', documentNumber: 'P1234567' });
  const deadline = Date.now() + 15_000;
  for (;;) {
    const status = (await (await fetch(`${baseUrl}/api/kyc/status?address=${xrplAddress}`, { headers: { cookie: client.cookie } })).json()) as {
      kycStatus?: string;
    };
    if (status.kycStatus === 'verified') return;
    if (Date.now() > deadline) throw new Error(`KYC of ${xrplAddress} is ${status.kycStatus}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function fundBuyer(baseUrl: string, client: { cookie: string; csrf: string }): Promise<void> {
  const response = await fetch(`${baseUrl}/api/funds/faucet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: client.cookie, [CSRF_HEADER]: client.csrf },
    body: JSON.stringify({ amount: '1000000.00' }),
  });
  if (!response.ok) throw new Error(`/api/funds/faucet answered ${response.status}: ${await response.text()}`);
}
