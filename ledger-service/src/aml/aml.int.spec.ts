import {
  AML_ALERT_SOCKET_EVENT,
  amlAlertMessage,
  type AmlAlertView,
  complianceDashboardResponse,
  listAmlAlertsResponse,
  parsePosition,
  placeOrderResponse,
  type PlaceOrderResponse,
  startVerificationResponse,
  verifyKycResponse,
  withdrawFundsResponse,
} from '@carbon-ledger/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Wallet } from 'xrpl';
import { ReactionHost } from '../infrastructure/reactions/reaction-host.js';
import { ProjectionHost } from '../infrastructure/projections/projection-host.js';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { fundWithTestUsd } from '../test-support/test-usd.js';
import { startVerification, verifiedAddress } from '../test-support/verified-address.js';
import { ScreenTransactionWhenRecorded } from './reactions/screen-transaction-when-recorded.handler.js';

describe('AML screening of orders, alerts over HTTP and socket, and the compliance dashboard', () => {
  const service = serviceForSuite({
    ...WITHOUT_BACKGROUND_JOBS,
    AML_VELOCITY_MAX: '5',
    // Panama on top of the defaults, so a verified identity can carry a high-risk jurisdiction.
    AML_HIGH_RISK_JURISDICTIONS: 'KP,IR,MM,PA',
  });
  let socket: Socket;
  let compliance: SignedInClient;
  let heavyTrader: SignedInClient;
  let fastTrader: SignedInClient;
  let panamaTrader: SignedInClient;
  const pushed: unknown[] = [];

  beforeAll(async () => {
    // Few users, signed in up front and in parallel: password hashing makes each sign-in slow.
    [compliance, heavyTrader, fastTrader, panamaTrader] = await Promise.all([
      service.signIn(['compliance']),
      service.signIn(['trader']),
      service.signIn(['trader']),
      service.signIn(['trader']),
    ]);
    // Trading needs a KYC-verified address; one at a time, each funds its wallet from the genesis account.
    await verifiedAddress(service, heavyTrader);
    await verifiedAddress(service, fastTrader);
    // Buy orders are paid for (docs/funds.md).
    await Promise.all([fundWithTestUsd(heavyTrader, '100000000.00'), fundWithTestUsd(fastTrader, '100000000.00')]);
    // Deposits are screened too (a critical alert each, see below): screened and listed before the compliance
    // socket connects, so it receives only the alerts the tests raise.
    const deposited = await service.runtime.eventStore.headPosition();
    expect(await service.app.get(ReactionHost).waitFor('screen-transaction-when-recorded', deposited, 15_000)).toBe(true);
    expect(await service.app.get(ProjectionHost).waitFor(['aml-alerts'], await service.runtime.eventStore.headPosition(), 15_000)).toBe(true);
    // The compliance officer's session: alerts go to compliance, auditor and admin sockets only.
    socket = io(service.baseUrl, { transports: ['websocket'], forceNew: true, extraHeaders: { cookie: compliance.cookie } });
    socket.on(AML_ALERT_SOCKET_EVENT, (message: unknown) => pushed.push(message));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
  });
  afterAll(async () => {
    socket?.close();
  });

  async function placeOrder(user: SignedInClient, amount: number, price: string): Promise<PlaceOrderResponse> {
    const response = await user.request('POST', '/api/orders', { type: 'buy', amount, price, projectType: 'Forestry', vintage: 2025 });
    expect(response.status).toBe(201);
    return placeOrderResponse.parse(await response.json());
  }

  async function alerts(): Promise<AmlAlertView[]> {
    const response = await compliance.request('GET', '/api/aml/alerts?limit=100');
    expect(response.status).toBe(200);
    return listAmlAlertsResponse.parse(await response.json()).alerts;
  }

  async function alertFor(transactionId: string, timeoutMs = 15_000): Promise<AmlAlertView | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await alerts()).find((alert) => alert.transactionId === transactionId);
      if (found || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('screens deposits: cash that enters the platform above $50,000 raises a critical alert on its depositor', async () => {
    const deposits = (await alerts()).filter((alert) => alert.transactionType === 'deposit');
    expect(deposits.map((alert) => alert.userId).sort()).toEqual([heavyTrader.userId, fastTrader.userId].sort());
    for (const alert of deposits) {
      expect(alert).toMatchObject({ priority: 'critical', riskScore: 90, amount: 100_000_000, riskFlags: ['critical_amount'], requiresReview: true });
      expect(alert.reasons[0]).toBe('Amount $100,000,000.00 is at or above the critical threshold of $50,000.00');
    }
  });

  it('raises a high alert for a large order and a critical one above $50,000, lists them and pushes aml-alert', async () => {
    const trader = heavyTrader;
    const large = await placeOrder(trader, 1_000, '12.50');
    expect(await alertFor(large.id)).toMatchObject({
      priority: 'high',
      transactionType: 'order',
      riskScore: 60,
      amount: 12_500,
      userId: trader.userId,
      riskFlags: ['large_amount'],
      requiresReview: true,
    });

    const critical = await placeOrder(trader, 5_000, '12.00');
    const alert = await alertFor(critical.id);
    expect(alert).toMatchObject({ priority: 'critical', riskScore: 90, amount: 60_000, riskFlags: ['critical_amount'] });
    expect(alert?.reasons[0]).toBe('Amount $60,000.00 is at or above the critical threshold of $50,000.00');

    const listed = await alerts();
    expect(listed[0]?.transactionId).toBe(critical.id);

    const deadline = Date.now() + 5_000;
    while (pushed.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    const messages = pushed.map((message) => amlAlertMessage.parse(message));
    expect(messages.map((message) => message.transactionId)).toEqual([large.id, critical.id]);
    expect(messages[1]).toMatchObject({ alertId: alert?.alertId, priority: 'critical', userId: trader.userId, projection: 'aml-alerts' });
    expect(messages[1]?.position).toMatch(/^\d+:\d+$/);
  });

  it('lets small orders pass, and raises one velocity alert, on the order that exceeds AML_VELOCITY_MAX within an hour', async () => {
    const trader = fastTrader;
    const orders: PlaceOrderResponse[] = [];
    for (let n = 0; n < 7; n += 1) orders.push(await placeOrder(trader, 1, '1.00'));
    // The trader's deposit is a transaction of the hour too: the fifth order is its sixth.
    const sixth = await alertFor(orders[4]!.id);
    expect(sixth).toMatchObject({ priority: 'medium', riskScore: 55, riskFlags: ['velocity'], requiresReview: false, userId: trader.userId });
    expect(sixth?.reasons[0]).toBe('6 transactions by this user within one hour (more than 5)');
    // The seventh is screened too, and the burst already has its alert.
    const screened = await service.app.get(ReactionHost).waitFor('screen-transaction-when-recorded', parsePosition(orders[6]!.position), 15_000);
    expect(screened).toBe(true);
    // …and any alert it raised would be listed once the alerts projection reaches the head of the log.
    const head = await service.runtime.eventStore.headPosition();
    expect(await service.app.get(ProjectionHost).waitFor(['aml-alerts'], head, 15_000)).toBe(true);
    const listed = await alerts();
    for (const order of [...orders.slice(0, 4), ...orders.slice(5)]) expect(listed.some((alert) => alert.transactionId === order.id)).toBe(false);
  });

  it('raises a structuring alert on the third amount just below the threshold within a day', async () => {
    // The same user as the large orders: those are above the band and do not count.
    const trader = heavyTrader;
    const orders: PlaceOrderResponse[] = [];
    for (let n = 0; n < 3; n += 1) orders.push(await placeOrder(trader, 950, '10.00'));
    // Its deposit and the two large orders came first: the third $9,500 is also its sixth transaction of the hour.
    expect(await alertFor(orders[2]!.id)).toMatchObject({ priority: 'high', riskScore: 80, riskFlags: ['velocity', 'structuring'], requiresReview: true });
    const listed = await alerts();
    expect(listed.some((alert) => alert.transactionId === orders[0]!.id || alert.transactionId === orders[1]!.id)).toBe(false);
  });

  it('flags an order by a user whose verified identity is in a high-risk jurisdiction', async () => {
    const trader = panamaTrader;
    const wallet = Wallet.generate();
    const xrplAddress = wallet.address;
    const started = startVerificationResponse.parse(await (await startVerification(trader, wallet, { jurisdiction: 'US', kycLevel: 'basic' })).json());
    const verified = verifyKycResponse.parse(
      await (
        await trader.request('POST', '/api/kyc/verify', {
          xrplAddress,
          inquiryId: started.inquiryId,
          legalName: 'Bob Example',
          dateOfBirth: '1985-06-30',
          country: 'PA',
          documentNumber: 'PA-998877',
        })
      ).json(),
    );
    expect(verified).toMatchObject({ success: true, kycStatus: 'verified' });
    await fundWithTestUsd(trader);
    const order = await placeOrder(trader, 10, '5.00');
    expect(await alertFor(order.id)).toMatchObject({ priority: 'high', riskScore: 65, riskFlags: ['high_risk_jurisdiction'] });
  });

  it('raises an alert once: screening the same event again appends nothing', async () => {
    const { rows } = await service.runtime.pool.query<{ event_id: string }>(
      `select event_id from events where type = 'OrderPlaced' and data->>'amount' = '5000'`,
    );
    const events = await service.runtime.eventStore.readAll({ limit: 10_000 });
    const source = events.find((event) => event.eventId === rows[0]?.event_id)!;
    const before = await service.countEvents('aml-');
    await service.app.get(ScreenTransactionWhenRecorded).handle(source);
    expect(await service.countEvents('aml-')).toBe(before);
  });

  it('shows alerts and the dashboard to compliance roles only, and validates the limit', async () => {
    const trader = heavyTrader;
    expect((await trader.request('GET', '/api/aml/alerts')).status).toBe(403);
    expect((await trader.request('GET', '/api/kyc/dashboard')).status).toBe(403);
    const badLimit = await compliance.request('GET', '/api/aml/alerts?limit=0');
    expect(badLimit.status).toBe(400);
    expect(await badLimit.json()).toMatchObject({
      error: 'ValidationFailed',
      message: 'limit must be at least 1',
      details: expect.arrayContaining([{ path: 'limit', message: 'limit must be at least 1' }]),
    });
    const two = listAmlAlertsResponse.parse(await (await compliance.request('GET', '/api/aml/alerts?limit=2')).json());
    expect(two.alerts).toHaveLength(2);
    // Large, critical, velocity, structuring, jurisdiction; and the three deposits (two traders, the PA user).
    expect(two.totalAlerts).toBe(8);
  });

  it('adds it all up on the compliance dashboard', async () => {
    // One more KYC user, pending in the UAE; the PA user above is verified under US.
    await startVerification(compliance, Wallet.generate(), { jurisdiction: 'UAE', kycLevel: 'enhanced' });
    const { rows } = await service.runtime.pool.query<{ risk: number }>(`select risk_score as risk from kyc_status where aml_status <> 'not_started'`);
    const averageRisk = Math.round(rows.reduce((sum, row) => sum + row.risk, 0) / rows.length);

    const response = await compliance.request('GET', '/api/kyc/dashboard');
    expect(response.status).toBe(200);
    const dashboard = complianceDashboardResponse.parse(await response.json());
    expect(dashboard).toMatchObject({
      // The PA user, the two traders verified under UK to trade, and the pending UAE one.
      totalUsers: 4,
      verifiedUsers: 3,
      verificationRate: 75,
      // The critical (90) and structuring (75) alerts score 70 or more, and the three deposits' (critical).
      highRiskTransactions: 5,
      // Large, critical, structuring and jurisdiction alerts and the three deposits'; velocity alone is medium.
      transactionsRequiringReview: 7,
      highPriorityAlerts: 7,
      averageRiskScore: averageRisk,
      jurisdictionBreakdown: { UAE: 1, KSA: 0, UK: 2, US: 1, EU: 0 },
    });
    expect(rows).toHaveLength(3);
    // The newest 10 of 16 transactions (the traders' 2 deposits, 2 + 7 + 3 orders, the PA user's deposit and order): the
    // PA user's $1,000,000 deposit and the third $9,500 are high risk.
    expect(dashboard.recentActivity).toHaveLength(10);
    expect(dashboard.recentActivity[0]).toMatchObject({ type: 'order', amount: 50, isHighRisk: false });
    expect(dashboard.recentActivity[1]).toMatchObject({ type: 'deposit', amount: 1_000_000, isHighRisk: true });
    expect(dashboard.recentActivity.filter((activity) => activity.isHighRisk).map((activity) => activity.amount)).toEqual([1_000_000, 9_500]);
  });

  it('screens withdrawals: cash leaving for an XRPL address at or above $10,000 raises a high alert', async () => {
    // A trader of its own: its deposit and this withdrawal are its only transactions, so only the amount rule can hit.
    const trader = await service.signIn(['trader']);
    const wallet = await verifiedAddress(service, trader);
    await fundWithTestUsd(trader, '20000.00');
    const response = await trader.request('POST', '/api/funds/withdraw', { amount: '12000.00', xrplAddress: wallet.address });
    expect(response.status).toBe(200);
    const { withdrawalId } = withdrawFundsResponse.parse(await response.json());
    expect(await alertFor(withdrawalId)).toMatchObject({
      transactionType: 'withdrawal',
      priority: 'high',
      riskScore: 60,
      amount: 12_000,
      userId: trader.userId,
      riskFlags: ['large_amount'],
    });
  });
});
