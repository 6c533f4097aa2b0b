import { randomUUID } from 'node:crypto';
import {
  CREDIT_CURRENCY_CODE,
  creditMarketStreamId,
  type EventStore,
  issueCreditsResponse,
  type IssueCreditsResponse,
  marketOfTokenId,
  retireCreditsResponse,
  START,
  xrplSubmissionStreamId,
} from '@carbon-ledger/contracts';
import { type TrustSet, type Wallet } from 'xrpl';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReactionHost } from '../../infrastructure/reactions/reaction-host.js';
import { EVENT_STORE } from '../../infrastructure/tokens.js';
import { serviceOnLedgerForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../../test-support/service-under-test.js';
import { verifiedAddress } from '../../test-support/verified-address.js';
import { tokenizationPaymentKey } from '../../shared/vault-payments.js';
import { SettleOnXrpl } from './settle-on-xrpl.handler.js';
import { tokenize } from '../../test-support/vault-actions.js';
import { projectForm } from '../../test-support/project-form.js';
import { issueThroughRegistry } from '../../test-support/registry-issuance.js';
import { sampleEvent } from '../../test-support/sample-events.js';

const project = projectForm('PRJ-EO', 'Exactly Once Wind', 'Wind Energy', { description: 'Onshore wind' });
const REACTION = 'settle-credits-on-xrpl';

describe('XRPL settlement of registry issuances, tokenizations and retirements: exactly once', () => {
  const service = serviceOnLedgerForSuite(WITHOUT_BACKGROUND_JOBS);
  let eventStore: EventStore;
  let issuer: SignedInClient;
  let wallet: Wallet;

  beforeAll(async () => {
    eventStore = service.app.get<EventStore>(EVENT_STORE);
    issuer = await service.signIn(['issuer']);
    wallet = await verifiedAddress(service, issuer);
    // The issuer's address opts in to NXCC, so the platform's tokenization payments apply without a signed trust line.
    await service.ledger.submitAndWait(
      {
        TransactionType: 'TrustSet',
        Account: wallet.address,
        LimitAmount: { currency: CREDIT_CURRENCY_CODE, issuer: service.gateway.wallets.issuer.address, value: '1000000' },
      } satisfies TrustSet,
      { wallet },
    );
  });
  afterAll(async () => {
    vi.restoreAllMocks();
  });

  // One monitoring report a project a day: each batch under a project of its own.
  let issues = 0;
  async function issue(): Promise<IssueCreditsResponse> {
    issues += 1;
    const response = await issueThroughRegistry(service, issuer, { ...project, id: `${project.id}-${issues}`, xrplAddress: wallet.address });
    expect(response.status).toBe(201);
    return issueCreditsResponse.parse(await response.json());
  }

  async function settlementOf(tokenId: string, subjectId: string): Promise<{ status: string; transactions: { purpose: string; hash: string }[] }> {
    const market = marketOfTokenId(tokenId)!;
    const deadline = Date.now() + 30_000;
    for (;;) {
      const stream = await eventStore.readStream(creditMarketStreamId(market.projectType, market.vintage));
      const found = stream.find((event) => event.type === 'XrplSettlementRecorded' && (event.data as { subjectId: string }).subjectId === subjectId);
      if (found) return found.data as { status: string; transactions: { purpose: string; hash: string }[] };
      if (Date.now() > deadline) throw new Error(`no settlement of ${subjectId}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function nxccBalance(address: string): Promise<number> {
    const lines = await service.ledger.request({ command: 'account_lines', account: address, peer: service.gateway.wallets.issuer.address });
    return Number(lines.result.lines.find((line) => line.currency === CREDIT_CURRENCY_CODE)?.balance ?? 0);
  }

  /** Every transaction the platform issuer has sent, as the ledger lists them. */
  async function issuerTransactions(): Promise<{ hash: string; type: string }[]> {
    const history = await service.ledger.request({
      command: 'account_tx',
      account: service.gateway.wallets.issuer.address,
      ledger_index_min: -1,
      ledger_index_max: -1,
      limit: 1000,
    });
    return history.result.transactions
      .map((entry) => ({ hash: String(entry.hash), tx: entry.tx_json as { TransactionType?: string; Account?: string } | undefined }))
      .filter(({ tx }) => tx?.Account === service.gateway.wallets.issuer.address)
      .map(({ hash, tx }) => ({ hash, type: String(tx?.TransactionType) }));
  }

  it('mints the batch NFT of a registry issuance and pays no NXCC: NXCC exist only for credits in the vault', async () => {
    const before = await nxccBalance(wallet.address);
    const issued = await issue();
    const settlement = await settlementOf(issued.tokenId, issued.tokenId);
    expect(settlement).toMatchObject({ status: 'settled', transactions: [{ purpose: 'mint' }] });
    expect(settlement.transactions).toHaveLength(1);
    expect(await nxccBalance(wallet.address)).toBe(before);
  });

  it('pays a tokenization once when the settlement record fails after the payment was submitted, and the reaction runs again', async () => {
    const issued = await issue();
    await settlementOf(issued.tokenId, issued.tokenId);
    const before = await nxccBalance(wallet.address);
    // The crash: the first tokenization settlement record (after the payment went out) fails.
    const append = eventStore.appendToStream.bind(eventStore);
    let crashed = 0;
    const spy = vi.spyOn(eventStore, 'appendToStream').mockImplementation(async (streamId, events, options) => {
      const settlesTokenization = events.some(
        (event) => event.type === 'XrplSettlementRecorded' && (event.data as { subject: string }).subject === 'tokenization',
      );
      if (crashed === 0 && streamId.startsWith('credit-market-') && settlesTokenization) {
        crashed += 1;
        throw new Error('the process died between submit and record');
      }
      return append(streamId, events, options);
    });
    try {
      const tokenized = await tokenize(issuer, wallet, issued.tokenId, 12);
      expect(tokenized.paymentResult).toBe('tesSUCCESS');
      const settlement = await settlementOf(issued.tokenId, tokenized.tokenizationId);
      expect(crashed).toBe(1);
      // The issuer's obligations to the holder are the tokenized credits, paid in one transaction.
      expect(await nxccBalance(wallet.address)).toBe(before + 12);
      expect(settlement).toMatchObject({ status: 'settled', transactions: [{ purpose: 'payment', hash: tokenized.paymentTxHash }] });
      const sent = await issuerTransactions();
      expect(sent.filter((transaction) => transaction.type === 'Payment' && transaction.hash === tokenized.paymentTxHash)).toHaveLength(1);
      const claims = await eventStore.readStream(xrplSubmissionStreamId(tokenizationPaymentKey(tokenized.tokenizationId)));
      expect(claims.map((event) => event.type)).toEqual(['XrplSubmissionClaimed']);
      expect(claims[0]?.data).toMatchObject({ hash: tokenized.paymentTxHash, walletRole: 'issuer' });
      const mints = await service.ledger.request({ command: 'account_nfts', account: service.gateway.wallets.issuer.address, limit: 400 });
      expect(mints.result.account_nfts.length).toBe(sent.filter((transaction) => transaction.type === 'NFTokenMint').length);
    } finally {
      spy.mockRestore();
    }
  });

  it('settles retirements spread over 5,000 events of other types together, and reads no lag once they are settled', async () => {
    const issued = await issue();
    await settlementOf(issued.tokenId, issued.tokenId);
    const noise = (events: number): Promise<unknown> =>
      Promise.all(
        Array.from({ length: events / 100 }, () =>
          eventStore.appendToStream(
            `test-noise-${randomUUID()}`,
            Array.from({ length: 100 }, () => ({ ...sampleEvent(0), type: 'TestNoise', data: {} })),
            { expected: 'no_stream' },
          ),
        ),
      );
    // The reaction is down while the log grows: one retirement per 500 other events, more than a batch apart.
    const reactions = service.app.get(ReactionHost);
    await reactions.onApplicationShutdown();
    const settle = service.app.get(SettleOnXrpl);
    const handled: string[][] = [];
    const handleBatch = settle.handleBatch.bind(settle);
    const spy = vi.spyOn(settle, 'handleBatch').mockImplementation((events) => {
      handled.push(events.map((event) => event.type));
      return handleBatch(events);
    });
    const retirementIds: string[] = [];
    try {
      for (let n = 0; n < 10; n += 1) {
        await noise(500);
        const response = await issuer.request('POST', '/api/retire', { tokenId: issued.tokenId, amount: 1, beneficiary: 'Spread Ltd', purpose: 'spread out' });
        expect(response.status).toBe(201);
        retirementIds.push(retireCreditsResponse.parse(await response.json()).retirementId);
      }
      await noise(500);
    } finally {
      reactions.onApplicationBootstrap();
    }
    const started = Date.now();
    for (const retirementId of retirementIds) expect(await settlementOf(issued.tokenId, retirementId)).toMatchObject({ status: 'settled' });
    const tookMs = Date.now() - started;
    // One batch of the ten, one ledger round; batches of the log's 200 events held one retirement each (ten rounds).
    const retiringBatches = handled.filter((types) => types.includes('CreditsRetired'));
    expect(retiringBatches, `${tookMs} ms`).toHaveLength(1);
    expect(tookMs).toBeLessThan(10_000);

    // Nothing of its types pending, and its checkpoint past the other types that followed.
    await noise(3_000);
    const deadline = Date.now() + 5_000;
    let health = (await reactions.health()).find((follower) => follower.name === `reaction:${REACTION}`);
    while (health?.lagEvents !== 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      health = (await reactions.health()).find((follower) => follower.name === `reaction:${REACTION}`);
    }
    expect(health).toMatchObject({ lagEvents: 0, pendingEvents: 0, pendingMs: 0, status: 'running' });
    spy.mockRestore();
  });

  it('submits nothing twice when the settlement reaction is replayed from the start of the log', async () => {
    const issued = await issue();
    await settlementOf(issued.tokenId, issued.tokenId);
    const tokenized = await tokenize(issuer, wallet, issued.tokenId, 5);
    expect(await settlementOf(issued.tokenId, tokenized.tokenizationId)).toMatchObject({ status: 'settled' });
    const retirements = [];
    for (const amount of [3, 4]) {
      const response = await issuer.request('POST', '/api/retire', { tokenId: issued.tokenId, amount, beneficiary: 'Replay Ltd', purpose: 'replay check' });
      expect(response.status).toBe(201);
      retirements.push(retireCreditsResponse.parse(await response.json()));
    }
    for (const retired of retirements) expect(await settlementOf(issued.tokenId, retired.retirementId)).toMatchObject({ status: 'settled' });
    const sentBefore = await issuerTransactions();
    const balanceBefore = await nxccBalance(wallet.address);

    // The reaction starts over from an empty checkpoint, as after a lost checkpoint table.
    const reactions = service.app.get(ReactionHost);
    await reactions.onApplicationShutdown();
    await service.runtime.readModels
      .updateTable('projection_checkpoints')
      .set({ commit_position: START.commit.toString(), prepare_position: START.prepare.toString() })
      .where('name', '=', `reaction:${REACTION}`)
      .execute();
    reactions.onApplicationBootstrap();
    const head = await eventStore.headPosition();
    expect(await reactions.waitFor(REACTION, head, 60_000)).toBe(true);
    // A ledger or two for anything that was (wrongly) submitted to show up.
    await new Promise((resolve) => setTimeout(resolve, 500));

    expect(await issuerTransactions()).toEqual(sentBefore);
    expect(await nxccBalance(wallet.address)).toBe(balanceBefore);
  });
});
