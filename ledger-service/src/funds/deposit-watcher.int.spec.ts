import { randomUUID } from 'node:crypto';
import {
  complianceReport,
  fundsStatementResponse,
  fundsView,
  heldDepositStreamId,
  type HeldDepositView,
  heldDepositsResponse,
  heldDepositView,
} from '@carbon-ledger/contracts';
import { Client, type Payment, Wallet, xrpToDrops } from 'xrpl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppConfig, APP_CONFIG } from '../config/config.js';
import { XrplConnection } from '../infrastructure/xrpl/xrpl-connection.js';
import type { XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../infrastructure/xrpl/xrpl.tokens.js';
import { PlatformSubmissions } from '../shared/platform-submissions.js';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { handleCommand } from '../shared/handle-command.js';
import { DepositRecorder } from './deposit-recorder.js';
import { heldDepositDecider } from './held-deposits.decider.js';
import { DepositWatcher } from './deposits/deposit-watcher.js';

/** Nobody's tag: each user's tag is one of 2^32 − 1 derived from the user id, so a handful of test users never take this one. */
const UNCLAIMED_TAG = 4_294_967_295;
const PARTIAL_PAYMENT = 0x0002_0000;

describe('the deposit watcher: payments from users’ own wallets, credited once, held when no user is named', () => {
  const service = serviceForSuite({ ...WITHOUT_BACKGROUND_JOBS, DEPOSIT_WATCH_INTERVAL_MS: '200' });
  let trader: SignedInClient;
  let other: SignedInClient;
  let compliance: SignedInClient;
  let auditor: SignedInClient;
  let gateway: XrplGateway;
  let ledger: Client;
  let wallet: Wallet;
  let depositAddress: string;
  let tag: number;
  /** Watchers this test starts beside the service's own (a restart); shut down at the end. */
  const started: DepositWatcher[] = [];

  const funds = async (client: SignedInClient) => fundsView.parse(await (await client.request('GET', '/api/funds')).json());

  const newWatcher = (config: Partial<AppConfig> = {}): DepositWatcher => {
    const { app } = service;
    const watcher = new DepositWatcher(
      app.get<XrplGateway>(XRPL_GATEWAY),
      { ...app.get<AppConfig>(APP_CONFIG), ...config },
      service.runtime.readModels,
      service.runtime,
      app.get(DepositRecorder),
      app.get(XrplConnection),
    );
    started.push(watcher);
    return watcher;
  };

  /** Signs and submits a payment from the user's own wallet, as a user's wallet app does; its validated hash and ledger. */
  async function pay(fields: Partial<Payment>): Promise<{ hash: string; ledgerIndex: number; result: string }> {
    const { result } = await ledger.submitAndWait(
      { TransactionType: 'Payment', Account: wallet.address, Destination: depositAddress, Amount: xrpToDrops(1), ...fields } as Payment,
      { wallet },
    );
    const meta = result.meta;
    return { hash: result.hash, ledgerIndex: result.ledger_index ?? 0, result: typeof meta === 'object' ? meta.TransactionResult : 'unknown' };
  }

  const usd = (value: string) => ({ currency: 'USD', issuer: gateway.wallets.issuer.address, value });

  /** Where the watcher has read the deposit address up to (every payment at or before it is recorded). */
  async function checkpoint(): Promise<number> {
    const result = await service.runtime.pool.query<{ ledger_index: string }>('select ledger_index from funds_deposit_watch where address = $1', [
      depositAddress,
    ]);
    return Number(result.rows[0]?.ledger_index ?? 0);
  }

  async function watchedPast(ledgerIndex: number): Promise<void> {
    await expect.poll(checkpoint, { timeout: 30_000 }).toBeGreaterThanOrEqual(ledgerIndex);
  }

  async function depositsOf(txHash: string): Promise<number> {
    const result = await service.runtime.pool.query<{ count: string }>(`select count(*) from events where type = 'FundsDeposited' and data->>'txHash' = $1`, [
      txHash,
    ]);
    return Number(result.rows[0]?.count);
  }

  async function heldList(client: SignedInClient, query = ''): Promise<HeldDepositView[]> {
    const response = await client.request('GET', `/api/funds/held-deposits${query}`);
    expect(response.status).toBe(200);
    return heldDepositsResponse.parse(await response.json()).deposits;
  }

  beforeAll(async () => {
    await service.app.get(XrplConnection).ready;
    gateway = service.app.get<XrplGateway>(XRPL_GATEWAY);
    [trader, other, compliance, auditor] = await Promise.all([
      service.signIn(['trader']),
      service.signIn(['trader']),
      service.signIn(['compliance']),
      service.signIn(['auditor']),
    ]);
    ({ depositAddress, destinationTag: tag } = await funds(trader));
    await funds(other);

    // The user's own wallet: XRP from the sandbox's genesis account, a trust line to the platform's USD, and 1,000 USD from the issuer.
    ledger = new Client(service.sandbox.url);
    await ledger.connect();
    wallet = Wallet.generate();
    const genesis = Wallet.fromSeed(service.sandbox.genesis.seed);
    await ledger.submitAndWait(
      { TransactionType: 'Payment', Account: genesis.address, Destination: wallet.address, Amount: xrpToDrops(100) },
      { wallet: genesis },
    );
    await ledger.submitAndWait({ TransactionType: 'TrustSet', Account: wallet.address, LimitAmount: usd('1000000') }, { wallet });
    await service.app.get(PlatformSubmissions).submit({
      key: `test-usd:${randomUUID()}`,
      role: 'issuer',
      transaction: { TransactionType: 'Payment', Account: gateway.wallets.issuer.address, Destination: wallet.address, Amount: usd('1000') },
      purpose: 'USD for a user wallet in a test',
    });
  });
  afterAll(async () => {
    for (const watcher of started) await watcher.onApplicationShutdown();
    await ledger?.disconnect();
  });

  it('credits a payment the user signs in their own wallet with their tag, once; a watcher restarted from scratch sees it again and credits nothing more', async () => {
    const paid = await pay({ Amount: usd('120'), DestinationTag: tag });
    expect(paid.result).toBe('tesSUCCESS');
    await expect.poll(async () => (await funds(trader)).available, { timeout: 30_000 }).toBe('120.00');

    // A new process's watcher with no memory, and no checkpoint: it reads the whole history again.
    await service.runtime.pool.query('delete from funds_deposit_watch');
    const pass = await newWatcher().watchNow();
    expect(pass.outcomes.get(paid.hash)).toBe('credited');
    expect(pass.checkpoint).toBeGreaterThanOrEqual(paid.ledgerIndex);
    expect(await depositsOf(paid.hash)).toBe(1);
    expect((await funds(trader)).available).toBe('120.00');
    const statement = fundsStatementResponse.parse(await (await trader.request('GET', '/api/funds/statement')).json());
    expect(statement.transfers.filter((transfer) => transfer.reference === paid.hash)).toEqual([
      expect.objectContaining({ kind: 'deposit', amount: '120.00', status: 'posted' }),
    ]);
  });

  it('takes over after the running watcher stops (the advisory lock), credits what was paid meanwhile from its checkpoint, and is woken by its account subscription', async () => {
    // A successor that polls once an hour: what it credits after its first pass, the subscription woke it for.
    const successor = newWatcher({ DEPOSIT_WATCH_INTERVAL_MS: 3_600_000 });
    successor.onApplicationBootstrap();
    // The service's watcher holds the job; the successor waits.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(successor.watching).toBe(false);

    await service.app.get(DepositWatcher).onApplicationShutdown();
    const meanwhile = await pay({ Amount: usd('10'), DestinationTag: tag });
    await expect.poll(() => successor.watching, { timeout: 10_000 }).toBe(true);
    await expect.poll(async () => (await funds(trader)).available, { timeout: 30_000 }).toBe('130.00');
    expect(await depositsOf(meanwhile.hash)).toBe(1);

    const woken = await pay({ Amount: usd('0.50'), DestinationTag: tag });
    await expect.poll(async () => (await funds(trader)).available, { timeout: 15_000 }).toBe('130.50');
    expect(await depositsOf(woken.hash)).toBe(1);
  });

  it('credits a partial payment by what it delivered, not by its Amount', async () => {
    const paid = await pay({ Amount: usd('5000'), SendMax: usd('30'), Flags: PARTIAL_PAYMENT, DestinationTag: tag });
    expect(paid.result).toBe('tesSUCCESS');
    await expect.poll(async () => (await funds(trader)).available, { timeout: 30_000 }).toBe('160.50');
    await watchedPast(paid.ledgerIndex);
    expect((await funds(trader)).available).toBe('160.50');
  });

  it('ignores a payment of another currency (XRP) with the user’s tag: not credited, not held', async () => {
    const paid = await pay({ Amount: xrpToDrops(5), DestinationTag: tag });
    expect(paid.result).toBe('tesSUCCESS');
    await watchedPast(paid.ledgerIndex);
    expect((await funds(trader)).available).toBe('160.50');
    expect(await depositsOf(paid.hash)).toBe(0);
    expect((await heldList(compliance, '?status=all')).map((deposit) => deposit.txHash)).not.toContain(paid.hash);
  });

  it('holds payments with an unknown or missing tag for compliance review, lists them to compliance and auditors, and refuses a trader', async () => {
    const unknown = await pay({ Amount: usd('40'), DestinationTag: UNCLAIMED_TAG });
    const untagged = await pay({ Amount: usd('7.25') });
    await watchedPast(untagged.ledgerIndex);

    const held = await heldList(compliance);
    expect(held.find((deposit) => deposit.txHash === unknown.hash)).toMatchObject({
      sender: wallet.address,
      destinationTag: UNCLAIMED_TAG,
      amount: '40.00',
      currency: 'USD',
      issuer: gateway.wallets.issuer.address,
      reason: 'unknown-tag',
      status: 'held',
      assignedTo: null,
    });
    expect(held.find((deposit) => deposit.txHash === untagged.hash)).toMatchObject({ destinationTag: null, amount: '7.25', reason: 'missing-tag' });
    // Newest first.
    expect(held.map((deposit) => deposit.txHash)).toEqual([untagged.hash, unknown.hash]);
    expect(await heldList(auditor)).toHaveLength(2);
    expect(await depositsOf(unknown.hash)).toBe(0);

    const refused = await trader.request('GET', '/api/funds/held-deposits');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: 'Forbidden' });
    const badQuery = await compliance.request('GET', '/api/funds/held-deposits?status=lost');
    expect(badQuery.status).toBe(400);
    expect(await badQuery.json()).toMatchObject({ error: 'ValidationFailed', details: [expect.objectContaining({ path: 'status' })] });
  });

  it('lets compliance assign a held deposit to a user once: credited, the same again answered alike, another user 409; refuses bad input and other roles', async () => {
    const [untagged, unknown] = await heldList(compliance);
    const path = `/api/funds/held-deposits/${unknown!.txHash}/assign`;

    expect((await trader.request('POST', path, { userId: trader.userId })).status).toBe(403);
    expect((await auditor.request('POST', path, { userId: other.userId })).status).toBe(403);
    const badHash = await compliance.request('POST', '/api/funds/held-deposits/not-a-hash/assign', { userId: other.userId });
    expect(badHash.status).toBe(400);
    expect(await badHash.json()).toMatchObject({ error: 'ValidationFailed', message: expect.stringContaining('txHash') });
    const badUser = await compliance.request('POST', path, { userId: 'nobody; drop table users' });
    expect(badUser.status).toBe(400);
    expect(await badUser.json()).toMatchObject({ error: 'ValidationFailed', details: [expect.objectContaining({ path: 'userId' })] });
    expect((await compliance.request('POST', path, { userId: randomUUID() })).status).toBe(404);
    expect((await compliance.request('POST', `/api/funds/held-deposits/${'0'.repeat(64)}/assign`, { userId: other.userId })).status).toBe(404);

    const key = randomUUID();
    const assigned = await compliance.request('POST', path, { userId: other.userId }, { 'Idempotency-Key': key });
    expect(assigned.status).toBe(200);
    expect(heldDepositView.parse(await assigned.json())).toMatchObject({
      status: 'assigned',
      assignedTo: other.userId,
      assignedBy: compliance.userId,
      amount: '40.00',
    });
    expect((await funds(other)).available).toBe('40.00');

    // The same assignment again (a retry without its key, a second officer agreeing) credits nothing more.
    const again = await compliance.request('POST', path.replace(unknown!.txHash, unknown!.txHash.toLowerCase()), { userId: other.userId });
    expect(again.status).toBe(200);
    const elsewhere = await compliance.request('POST', path, { userId: trader.userId });
    expect(elsewhere.status).toBe(409);
    expect(await elsewhere.json()).toMatchObject({ error: 'Conflict', details: { assignedTo: other.userId } });
    expect(await depositsOf(unknown!.txHash)).toBe(1);
    expect((await funds(other)).available).toBe('40.00');
    expect((await funds(trader)).available).toBe('160.50');

    expect((await heldList(compliance)).map((deposit) => deposit.txHash)).toEqual([untagged!.txHash]);
    expect((await heldList(compliance, '?status=assigned')).map((deposit) => deposit.txHash)).toEqual([unknown!.txHash]);
  });

  it('credits the faucet’s payment once, though the watcher sees it on the ledger too', async () => {
    const response = await trader.request('POST', '/api/funds/faucet', { amount: '75.00' });
    expect(response.status).toBe(200);
    expect(fundsView.parse(await response.json()).available).toBe('235.50');
    const statement = fundsStatementResponse.parse(await (await trader.request('GET', '/api/funds/statement?limit=1')).json());
    const faucetHash = statement.transfers[0]!.reference;
    const found = await ledger.request({ command: 'tx', transaction: faucetHash });
    await watchedPast(found.result.ledger_index ?? 0);
    expect(await depositsOf(faucetHash)).toBe(1);
    expect((await funds(trader)).available).toBe('235.50');
  });

  it('an auditor’s full export lists the deposits, the held payment and its assignment; the CSRD report counts the cash', async () => {
    // The offline verification of such a file is the compliance capability's test (evidence-export.int.spec.ts).
    const exported = await auditor.request('POST', '/api/export/evidence', { exportType: 'full', format: 'json' });
    expect(exported.status).toBe(200);
    const text = await exported.text();
    const types = new Set([...text.matchAll(/"type":"(\w+)"/g)].map((match) => match[1]));
    for (const type of ['FundsDeposited', 'DepositHeld', 'HeldDepositAssigned', 'DepositTagClaimed']) expect(types).toContain(type);

    const report = await auditor.request('POST', '/api/compliance/reports', { framework: 'csrd' });
    expect(report.status).toBe(200);
    const csrd = complianceReport.parse(await report.json());
    // 120 + 10 + 0.50 + 30 by the user's wallet, 40 assigned, 75 from the faucet; 40 + 7.25 held.
    expect(csrd.cash).toMatchObject({ deposits: { count: 6, amount: '275.50' }, heldDeposits: { count: 2, amount: '47.25' } });
    expect(csrd.disclosure.notes.at(-1)).toContain('Deposits 275.50 USD');
  });

  /** The user wallet's balance of the platform's USD, as the ledger says. */
  async function walletUsd(): Promise<number> {
    const lines = await ledger.request({ command: 'account_lines', account: wallet.address, peer: gateway.wallets.issuer.address });
    return Number(lines.result.lines.find((line) => line.currency === 'USD')?.balance ?? 0);
  }

  it('sends a held deposit back to its sender once: paid on the ledger, listed as refunded, no longer assignable; refuses other roles and an assigned deposit', async () => {
    const all = await heldList(compliance, '?status=all');
    const untagged = all.find((deposit) => deposit.status === 'held')!;
    const assigned = all.find((deposit) => deposit.status === 'assigned')!;
    const path = `/api/funds/held-deposits/${untagged.txHash}/refund`;

    expect((await trader.request('POST', path)).status).toBe(403);
    expect((await auditor.request('POST', path)).status).toBe(403);
    const badHash = await compliance.request('POST', '/api/funds/held-deposits/G00D/refund');
    expect(badHash.status).toBe(400);
    expect(await badHash.json()).toMatchObject({ error: 'ValidationFailed', message: expect.stringContaining('txHash') });
    expect((await compliance.request('POST', `/api/funds/held-deposits/${'A'.repeat(64)}/refund`)).status).toBe(404);
    const credited = await compliance.request('POST', `/api/funds/held-deposits/${assigned.txHash}/refund`);
    expect(credited.status).toBe(409);
    expect(await credited.json()).toMatchObject({ error: 'Conflict', details: { assignedTo: other.userId } });

    const before = await walletUsd();
    const response = await compliance.request('POST', path, undefined, { 'Idempotency-Key': randomUUID() });
    expect(response.status).toBe(200);
    const refunded = heldDepositView.parse(await response.json());
    expect(refunded).toMatchObject({ status: 'refunded', amount: '7.25', refundRequestedBy: compliance.userId, refundFailure: null, assignedTo: null });
    expect(refunded.refundTxHash).toMatch(/^[0-9A-F]{64}$/);
    expect(await walletUsd()).toBeCloseTo(before + 7.25, 6);
    const onLedger = await ledger.request({ command: 'tx', transaction: refunded.refundTxHash! });
    expect(onLedger.result.tx_json).toMatchObject({ TransactionType: 'Payment', Account: depositAddress, Destination: wallet.address });

    // Asked again (a retry without its key, a second officer): the same refund, not a second payment.
    const again = await compliance.request('POST', path.replace(untagged.txHash, untagged.txHash.toLowerCase()));
    expect(again.status).toBe(200);
    expect(heldDepositView.parse(await again.json()).refundTxHash).toBe(refunded.refundTxHash);
    expect(await walletUsd()).toBeCloseTo(before + 7.25, 6);
    const assign = await compliance.request('POST', `/api/funds/held-deposits/${untagged.txHash}/assign`, { userId: other.userId });
    expect(assign.status).toBe(409);
    expect(await assign.json()).toMatchObject({ error: 'Conflict', details: { refundTxHash: refunded.refundTxHash } });

    expect((await heldList(compliance, '?status=refunded')).map((deposit) => deposit.txHash)).toEqual([untagged.txHash]);
    expect(await heldList(compliance)).toEqual([]);
    // The payment back leaves the deposit address: the watcher neither credits nor holds it.
    await watchedPast(onLedger.result.ledger_index ?? 0);
    expect(await depositsOf(refunded.refundTxHash!)).toBe(0);
    expect((await heldList(compliance, '?status=all')).map((deposit) => deposit.txHash)).not.toContain(refunded.refundTxHash);
  });

  it('keeps a deposit held, with the reason, when the ledger refuses its refund; a later attempt pays once the sender can receive', async () => {
    const payment = await pay({ Amount: usd('3') });
    await watchedPast(payment.ledgerIndex);
    const path = `/api/funds/held-deposits/${payment.hash}/refund`;
    // The sender's account now requires a destination tag, which a refund does not carry.
    const REQUIRE_DEST = 1;
    await ledger.submitAndWait({ TransactionType: 'AccountSet', Account: wallet.address, SetFlag: REQUIRE_DEST }, { wallet });
    const refused = await compliance.request('POST', path);
    expect(refused.status).toBe(200);
    expect(heldDepositView.parse(await refused.json())).toMatchObject({
      status: 'held',
      refundTxHash: null,
      refundFailure: 'the payment failed on the ledger: tecDST_TAG_NEEDED',
    });
    expect((await heldList(compliance)).find((deposit) => deposit.txHash === payment.hash)).toMatchObject({
      status: 'held',
      refundFailure: expect.stringContaining('tecDST_TAG_NEEDED'),
    });

    await ledger.submitAndWait({ TransactionType: 'AccountSet', Account: wallet.address, ClearFlag: REQUIRE_DEST }, { wallet });
    const before = await walletUsd();
    const paid = await compliance.request('POST', path);
    expect(paid.status).toBe(200);
    expect(heldDepositView.parse(await paid.json())).toMatchObject({ status: 'refunded', refundFailure: null });
    expect(await walletUsd()).toBeCloseTo(before + 3, 6);
  });

  it('pays once when two officers return the same deposit at the same moment, each with a key of their own', async () => {
    const payment = await pay({ Amount: usd('4') });
    await watchedPast(payment.ledgerIndex);
    const before = await walletUsd();
    const path = `/api/funds/held-deposits/${payment.hash}/refund`;
    const answers = await Promise.all(
      [compliance, compliance, compliance].map((client) => client.request('POST', path, undefined, { 'Idempotency-Key': randomUUID() })),
    );
    const bodies = await Promise.all(answers.map(async (answer) => ({ status: answer.status, body: heldDepositView.parse(await answer.json()) })));
    for (const { status, body } of bodies) expect({ status, deposit: body.status }).toEqual({ status: 200, deposit: 'refunded' });
    expect(new Set(bodies.map(({ body }) => body.refundTxHash)).size).toBe(1);
    expect(await walletUsd()).toBeCloseTo(before + 4, 6);
  });

  it('settles from the log a refund whose request died before paying (the recovery reaction), once', async () => {
    const payment = await pay({ Amount: usd('2') });
    await watchedPast(payment.ledgerIndex);
    const before = await walletUsd();
    // What a request that died right after recording its decision leaves behind.
    const commandId = randomUUID();
    await handleCommand(service.runtime.eventStore, heldDepositStreamId(payment.hash), heldDepositDecider, {
      command: { type: 'RefundHeldDeposit', txHash: payment.hash, requestedBy: compliance.userId },
      context: { commandId, correlationId: commandId, causationId: commandId, actor: { userId: compliance.userId, role: 'compliance' }, now: new Date() },
    });
    await expect
      .poll(async () => (await heldList(compliance, '?status=all')).find((deposit) => deposit.txHash === payment.hash)?.status, { timeout: 30_000 })
      .toBe('refunded');
    expect(await walletUsd()).toBeCloseTo(before + 2, 6);
    // The request coming back finds it done and pays nothing more.
    const again = await compliance.request('POST', `/api/funds/held-deposits/${payment.hash}/refund`);
    expect(heldDepositView.parse(await again.json())).toMatchObject({ status: 'refunded' });
    expect(await walletUsd()).toBeCloseTo(before + 2, 6);

    const report = await auditor.request('POST', '/api/compliance/reports', { framework: 'csrd' });
    const csrd = complianceReport.parse(await report.json());
    // 7.25, then 3 (on the second attempt), 4 (asked three times at once) and 2 returned; the refused attempt moved nothing.
    expect(csrd.cash.refundedDeposits).toEqual({ count: 4, amount: '16.25' });
    expect(csrd.disclosure.notes.at(-1)).toContain('returned to their senders 16.25 USD');
  });
});
