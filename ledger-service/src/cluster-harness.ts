import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  addressChallengeResponse,
  challengeMessageHex,
  CSRF_COOKIE,
  CSRF_HEADER,
  buyReservationCents,
  centsToPrice,
  creditProjectTypes,
  issueCreditsResponse,
  listCreditsResponse,
  type PlatformWalletRole,
  platformWalletRoles,
  SESSION_COOKIE,
  startVerificationResponse,
  tradeCreditsResponse,
  userResponse,
} from '@carbon-ledger/contracts';
import { sign } from 'ripple-keypairs';
import { Client, type Payment, Wallet, xrpToDrops } from 'xrpl';
import { SEED_VARIABLES } from './infrastructure/xrpl/platform-wallets.js';
import { freePorts } from './shared/free-port.js';

/** The built service, as `npm start` runs it. */
// From src (tests) and from dist (the benchmarks) alike.
export const SERVICE_MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** One service process of a cluster. */
export interface Instance {
  readonly name: string;
  readonly baseUrl: string;
  readonly pid: number;
  /** What the process printed (stdout and stderr). */
  output(): string;
  /** Lines of its output that contain `text`. */
  count(text: string): number;
  /** kill -9: no shutdown, its connections just close. */
  kill(): void;
  /** A clean stop (SIGTERM), resolved once it exited. */
  stop(): Promise<void>;
  readonly exited: Promise<number | null>;
}

/**
 * Starts one service process (`node ledger-service/dist/main.js`) with `env` on a free port and
 * resolves once it serves. It must be built (`npm run build`, or `tsc -b`). No demo data unless `demo`.
 */
export async function startInstance(
  name: string,
  env: Record<string, string>,
  args: readonly string[] = [],
  options: { readonly demo?: boolean } = {},
): Promise<Instance> {
  const [port] = (await freePorts(1)) as [number];
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, [SERVICE_MAIN, ...(options.demo === true ? [] : ['--no-demo']), ...args], {
    env: { ...inherited, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  while (!output.includes('is running at')) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`instance ${name} exited while starting:\n${output}`);
    if (Date.now() - started > 90_000) {
      child.kill('SIGKILL');
      throw new Error(`instance ${name} did not start within 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    name,
    baseUrl,
    pid: child.pid ?? 0,
    output: () => output,
    count: (text) => output.split('\n').filter((line) => line.includes(text)).length,
    kill: () => void child.kill('SIGKILL'),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
    exited,
  };
}

/**
 * What service processes share by environment, as on several machines: the database, the sandbox
 * ledger node and every platform wallet's seed (fresh ones unless `seeds` gives them).
 */
export function sharedInstanceEnv(
  databaseUrl: string,
  xrplUrl: string,
  seeds: Partial<Record<PlatformWalletRole, string>> = Object.fromEntries(platformWalletRoles.map((role) => [role, Wallet.generate().seed])),
): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    XRPL_URL: xrplUrl,
    XRPL_NETWORK: 'sandbox',
    ...Object.fromEntries(platformWalletRoles.map((role) => [SEED_VARIABLES[role], seeds[role] ?? ''])),
  };
}

/** The first administrator's password, as the first instance printed it on a fresh database. */
export function firstAdminPassword(instance: Instance): string {
  const match = /password:\s+(\S+)/.exec(instance.output());
  if (!match?.[1]) throw new Error(`instance ${instance.name} printed no first administrator`);
  return match[1];
}

/** A signed-in user that may call any instance (sessions live in PostgreSQL). */
export interface ClusterClient {
  readonly userId: string;
  readonly email: string;
  readonly cookie: string;
  readonly csrf: string;
  request(baseUrl: string, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
}

/** What a browser sends after this sign-in answer: the Cookie header (session and CSRF cookies) and the CSRF header's value. */
export function sessionOf(login: Response): { readonly cookie: string; readonly csrf: string } {
  const setCookies = login.headers.getSetCookie();
  const cookieValue = (name: string): string => {
    for (const cookie of setCookies) {
      const [pair] = cookie.split(';');
      const [key, ...value] = (pair ?? '').split('=');
      if (key === name) return value.join('=');
    }
    return '';
  };
  const csrf = cookieValue(CSRF_COOKIE);
  return { cookie: `${SESSION_COOKIE}=${cookieValue(SESSION_COOKIE)}; ${CSRF_COOKIE}=${csrf}`, csrf: decodeURIComponent(csrf) };
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<ClusterClient> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`sign-in of ${email} answered ${login.status}: ${await login.text()}`);
  const { cookie, csrf } = sessionOf(login);
  const { user } = (await login.json()) as { user: { id: string } };
  return {
    userId: user.id,
    email,
    cookie,
    csrf,
    request: (base, method, path, body, headers = {}) =>
      fetch(`${base}${path}`, {
        method,
        headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), cookie, [CSRF_HEADER]: csrf, ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
  };
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** An administrator creates the user (POST /api/users) and the user signs in. */
export async function createUser(admin: ClusterClient, baseUrl: string, name: string, roles: readonly string[]): Promise<ClusterClient> {
  const password = `pw-${randomUUID()}`;
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomUUID().slice(0, 8)}@cluster.test`;
  userResponse.parse(
    await expectOk(
      await admin.request(baseUrl, 'POST', '/api/users', { email, name, password, roles }, { 'idempotency-key': randomUUID() }),
      'POST /api/users',
    ),
  );
  return signIn(baseUrl, email, password);
}

/** Funds fresh wallets on the sandbox ledger from its genesis account, the payments in flight together (consecutive sequence numbers). */
export async function fundedWallets(xrplUrl: string, genesisSeed: string, count: number): Promise<Wallet[]> {
  const ledger = new Client(xrplUrl);
  await ledger.connect();
  try {
    const genesis = Wallet.fromSeed(genesisSeed);
    const wallets = Array.from({ length: count }, () => Wallet.generate());
    const payment = (wallet: Wallet): Payment => ({
      TransactionType: 'Payment',
      Account: genesis.address,
      Destination: wallet.address,
      Amount: xrpToDrops(100),
    });
    const first = await ledger.autofill(payment(wallets[0]!));
    await Promise.all(
      wallets.map((wallet, index) =>
        ledger.submitAndWait(
          genesis.sign({ ...payment(wallet), Sequence: first.Sequence! + index, Fee: first.Fee, LastLedgerSequence: first.LastLedgerSequence! + 40 }).tx_blob,
        ),
      ),
    );
    return wallets;
  } finally {
    await ledger.disconnect();
  }
}

/** Takes the wallet's address through the real KYC flow (signed challenge, sandbox provider) and waits until it reads verified. */
export async function verifyKyc(baseUrl: string, client: ClusterClient, wallet: Wallet): Promise<void> {
  const xrplAddress = wallet.classicAddress;
  const post = (path: string, body: unknown): Promise<unknown> => client.request(baseUrl, 'POST', path, body).then((response) => expectOk(response, path));
  const challenge = addressChallengeResponse.parse(await post('/api/kyc/address-challenge', { xrplAddress }));
  const proof = { challengeId: challenge.challengeId, publicKey: wallet.publicKey, signature: sign(challengeMessageHex(challenge.message), wallet.privateKey) };
  const { inquiryId } = startVerificationResponse.parse(
    await post('/api/kyc/start-verification', { xrplAddress, proof, jurisdiction: 'UK', kycLevel: 'basic' }),
  );
  await post('/api/kyc/verify', { xrplAddress, inquiryId, legalName: 'Cluster Trader', dateOfBirth: '1990-01-01', country: 'GB', documentNumber: 'P1234567' });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const status = (await (await client.request(baseUrl, 'GET', `/api/kyc/status?address=${xrplAddress}`)).json()) as { kycStatus?: string };
    if (status.kycStatus === 'verified') return;
    if (Date.now() > deadline) throw new Error(`KYC of ${xrplAddress} is ${status.kycStatus}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const reviewers = new Map<string, Promise<{ verifier: ClusterClient; registry: ClusterClient }>>();

/** A verifier accredited for every project type and a registry operator, created once per administrator. */
function reviewersOf(admin: ClusterClient, baseUrl: string): Promise<{ verifier: ClusterClient; registry: ClusterClient }> {
  let found = reviewers.get(admin.userId);
  if (!found) {
    found = (async () => {
      const verifier = await createUser(admin, baseUrl, 'Cluster Verifier', ['verifier']);
      const registry = await createUser(admin, baseUrl, 'Cluster Registry', ['registry']);
      const accreditation = { projectTypes: [...creditProjectTypes] };
      await expectOk(await registry.request(baseUrl, 'POST', `/api/verifiers/${verifier.userId}/accreditation`, accreditation), 'accreditation');
      return { verifier, registry };
    })();
    reviewers.set(admin.userId, found);
  }
  return found;
}

/**
 * Issues a batch as a registry does (550, 5500 or 15000 credits of one emission scope): the issuer files the
 * request (POST /api/issue), a verifier validates the project and verifies the report, the registry registers
 * and approves; answers once the issuer holds the batch.
 */
export async function issueBatch(
  baseUrl: string,
  admin: ClusterClient,
  issuer: ClusterClient,
  wallet: Wallet,
  scope1: 550 | 5500 | 15000,
): Promise<{ tokenId: string; vintage: number }> {
  const issued = issueCreditsResponse.parse(
    await expectOk(
      await issuer.request(baseUrl, 'POST', '/api/issue', {
        id: `PRJ-${randomUUID().slice(0, 8)}`,
        name: 'Cluster Solar',
        projectType: 'Solar Energy',
        description: '',
        scope1,
        scope2: 0,
        scope3: 0,
        scope4: 0,
        scope5: 0,
        xrplAddress: wallet.classicAddress,
      }),
      'POST /api/issue',
    ),
  );
  const { verifier, registry } = await reviewersOf(admin, baseUrl);
  const project = `/api/projects/${encodeURIComponent(issued.projectId)}`;
  const report = `${project}/reports/${issued.reportId}`;
  await expectOk(await issuer.request(baseUrl, 'POST', `${project}/validation`, { verifierId: verifier.userId }), 'validation request');
  await expectOk(await verifier.request(baseUrl, 'POST', `${project}/validation/decision`, { decision: 'validated' }), 'validation');
  await expectOk(await registry.request(baseUrl, 'POST', `${project}/registration`, { decision: 'registered' }), 'registration');
  const verified = [{ vintage: issued.vintage, quantity: issued.claimedQuantity }];
  await expectOk(await verifier.request(baseUrl, 'POST', `${report}/verification`, { decision: 'verified', verified }), 'verification');
  await expectOk(await registry.request(baseUrl, 'POST', `${report}/review`, { decision: 'approved' }), 'approval');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const credits = listCreditsResponse.parse(await expectOk(await issuer.request(baseUrl, 'GET', '/api/credits'), 'GET /api/credits'));
    if (credits.holdings.some((holding) => holding.tokenId === issued.tokenId)) break;
    if (Date.now() > deadline) throw new Error(`batch ${issued.tokenId} was not issued within 30 s of its approval`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { tokenId: issued.tokenId, vintage: issued.vintage };
}

/** Buy orders are paid for (docs/funds.md): test USD through the sandbox faucet, credited before it answers. */
export async function fundWithTestUsd(baseUrl: string, client: ClusterClient, amount = '1000000.00'): Promise<void> {
  await expectOk(await client.request(baseUrl, 'POST', '/api/funds/faucet', { amount }), 'POST /api/funds/faucet');
}

/**
 * A direct trade from the issuer to `to` at 10.00 (docs/funds.md, "Direct trades"): the issuer's offer (POST /api/trade),
 * the cost and fee from the sandbox faucet, and `to`'s accept, which pays and moves the serials.
 */
export async function transfer(baseUrl: string, issuer: ClusterClient, tokenId: string, to: ClusterClient, amount: number): Promise<void> {
  const offer = tradeCreditsResponse.parse(
    await expectOk(await issuer.request(baseUrl, 'POST', '/api/trade', { tokenId, amount, buyerAccountId: to.userId, price: 10 }), 'POST /api/trade'),
  );
  await fundWithTestUsd(baseUrl, to, centsToPrice(buyReservationCents(amount, 1_000)));
  await expectOk(await to.request(baseUrl, 'POST', `/api/trade/offers/${offer.transactionId}/accept`), 'POST /api/trade/offers/:offerId/accept');
}
