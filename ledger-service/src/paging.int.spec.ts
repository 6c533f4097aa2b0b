import { randomUUID } from 'node:crypto';
import {
  AML_ALERTS_MAX_LIMIT,
  type AmlEvent,
  amlAlertStreamId,
  type CreditEvent,
  creditMarketStreamId,
  encodeCursor,
  type FundsEvent,
  fundsStreamId,
  heldDepositStreamId,
  type OrderEvent,
  type ProjectEvent,
  projectStreamId,
  PAGE_MAX_LIMIT,
  type ProjectionName,
} from '@carbon-ledger/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appendAndProject,
  creditsIssued,
  getJson,
  minutesAgo,
  REFORESTATION_BATCH as TOKEN,
  reforestationOrder,
  reforestationTrade,
} from './test-support/read-side.js';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from './test-support/service-under-test.js';

const MARKET = creditMarketStreamId('Reforestation', 2023);
const WIND_TOKEN = 'WIND-2024-0000BBBB';
/** The seller's batches whose serials are cancelled, and offered to the buyer, one block per row. */
const CANCELLED_TOKEN = 'REFOREST-2023-0000CCCC';
const OFFERED_TOKEN = 'REFOREST-2023-0000DDDD';
const VIEWS: readonly ProjectionName[] = [
  'credit-registry',
  'credit-trades',
  'credit-retirements',
  'order-book',
  'aml-alerts',
  'direct-trade-offers',
  'cash-ledger',
  'held-deposits',
  'projects',
];
/** Several rows share one instant: the log position (or the id) breaks the tie at a page seam. */
const SHARED_INSTANT = minutesAgo(30);
const ROWS = 12;
const LIMIT = 5;

type Page = { nextCursor: string | null } & Record<string, unknown>;

interface PagedList {
  readonly name: string;
  /** The path without paging parameters, and the answer's array and each row's id in it. */
  readonly path: string;
  readonly field: string;
  readonly id: (row: Record<string, unknown>) => string;
  readonly client: () => SignedInClient;
  /** Appends rows while the list is being paged: one newer than every row, one older than the cursor. */
  readonly appendBetweenPages: (page: number) => Promise<void>;
  /** The largest page it answers (AML alerts keep their own, smaller bound). */
  readonly max?: number;
}

const withQuery = (path: string, query: string): string => `${path}${path.includes('?') ? '&' : '?'}${query}`;

describe('cursor paging of the lists that grow with the log', () => {
  const service = serviceForSuite(WITHOUT_BACKGROUND_JOBS);
  let seller: SignedInClient;
  let buyer: SignedInClient;
  let compliance: SignedInClient;
  let registry: SignedInClient;
  /** A verifier none of the paged projects is assigned to: their queue holds only their own. */
  let rival: SignedInClient;
  /** The registry's queue, in the order the projects were made to wait: validated at `at(i)`. */
  const validatedIds: { projectId: string; since: string }[] = [];
  const rivalIds: string[] = [];
  /** Serials 1 to 1000 move in trades, 1001 to 2000 are retired; each append takes the next block. */
  let nextTraded = 1;
  let nextRetired = 1001;
  let nextCancelled = 1;
  let nextOffered = 1;

  const append = (streamId: string, events: readonly (CreditEvent | OrderEvent | AmlEvent | FundsEvent | ProjectEvent)[]) =>
    appendAndProject(service, VIEWS, streamId, events);

  /**
   * A project of the seller drafted at `draftedAt`, past its draft (so the public registry lists it too),
   * waiting for its verifier (the buyer unless told), or validated at `validatedAt` and waiting for the registry.
   */
  async function project(draftedAt: string, { verifier = buyer, validatedAt }: { verifier?: SignedInClient; validatedAt?: string } = {}): Promise<string> {
    // Ends in a digit, as the cursor-tampering case edits the key's last digit.
    const projectId = `PRJ-PAGED-${randomUUID().slice(0, 8)}-1`;
    const validated: ProjectEvent[] =
      validatedAt === undefined
        ? []
        : [{ type: 'ProjectValidated', data: { projectId, verifierId: verifier.userId, comment: '', documents: [], validatedAt } }];
    await append(projectStreamId(projectId), [
      {
        type: 'ProjectDrafted',
        data: {
          projectId,
          proponentId: seller.userId,
          proponentOrganisation: null,
          name: 'Paged Reforestation',
          projectType: 'Reforestation',
          mitigation: 'removal',
          hostCountry: 'KE',
          standard: 'Gold Standard',
          methodology: 'AR-ACM0003',
          location: '',
          creditingPeriod: { start: '2024-01-01', end: '2033-12-31' },
          expectedAnnualQuantity: 1000,
          description: '',
          documents: [],
          draftedAt,
        },
      },
      {
        type: 'ValidationRequested',
        data: {
          projectId,
          verifierId: verifier.userId,
          verifierName: 'Test verifier',
          verifierOrganisation: null,
          requestedBy: seller.userId,
          requestedAt: draftedAt,
        },
      },
      ...validated,
    ]);
    return projectId;
  }

  /** An XRPL transaction hash of its own (64 hex digits, some of them decimal). */
  const aTxHash = (): string => `${randomUUID()}${randomUUID()}`.replaceAll('-', '').toUpperCase();

  /** A deposit to the seller's cash account: one more row of the seller's statement, the newest. */
  async function deposit(): Promise<void> {
    await append(fundsStreamId(seller.userId), [
      {
        type: 'FundsDeposited',
        data: { depositId: randomUUID(), userId: seller.userId, amountCents: 100, txHash: aTxHash(), depositedAt: new Date().toISOString() },
      },
    ]);
  }

  /** A payment to the deposit address that named no user: one more held deposit, the newest. */
  async function heldDeposit(): Promise<void> {
    const txHash = aTxHash();
    await append(heldDepositStreamId(txHash), [
      {
        type: 'DepositHeld',
        data: {
          txHash,
          sender: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
          amountCents: 725,
          currency: 'USD',
          issuer: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
          ledgerIndex: 1000,
          reason: 'missing-tag',
          heldAt: new Date().toISOString(),
        },
      },
    ]);
  }

  function retirement(retiredAt: string): CreditEvent {
    const start = nextRetired;
    nextRetired += 5;
    return {
      type: 'CreditsRetired',
      data: {
        retirementId: randomUUID(),
        batchId: TOKEN,
        accountId: seller.userId,
        quantity: 5,
        ranges: [{ batchId: TOKEN, start, end: start + 4 }],
        beneficiary: 'Acme Corp',
        purpose: 'FY2025 travel emissions',
        standard: 'Gold Standard',
        offsetType: 'compensation',
        retiredBy: seller.userId,
        retiredAt,
      },
    };
  }

  function trade(executedAt: string): CreditEvent {
    const event = reforestationTrade('direct', buyer.userId, seller.userId, 10, '11.00', nextTraded, 0, null);
    nextTraded += 10;
    return { ...event, data: { ...event.data, executedAt } } as CreditEvent;
  }

  function order(placedAt: string): OrderEvent {
    const event = reforestationOrder(randomUUID(), seller.userId, 'buy', 1, '1.00');
    return { ...event, data: { ...event.data, placedAt } } as OrderEvent;
  }

  async function alert(raisedAt: string): Promise<void> {
    const alertId = randomUUID();
    await append(amlAlertStreamId(alertId), [
      {
        type: 'AmlAlertRaised',
        data: {
          alertId,
          priority: 'high',
          transactionType: 'order',
          transactionId: randomUUID(),
          riskScore: 75,
          amount: 20_000,
          userId: seller.userId,
          riskFlags: ['large_amount'],
          reasons: ['Amount $20,000.00 is at or above the large threshold'],
          requiresReview: true,
          sourceEventId: randomUUID(),
          transactionAt: raisedAt,
          raisedAt,
        },
      },
    ]);
  }

  function cancellation(cancelledAt: string): CreditEvent {
    const start = nextCancelled;
    nextCancelled += 5;
    return {
      type: 'CreditsCancelled',
      data: {
        cancellationId: randomUUID(),
        batchId: CANCELLED_TOKEN,
        accountId: seller.userId,
        quantity: 5,
        ranges: [{ batchId: CANCELLED_TOKEN, start, end: start + 4 }],
        reason: 'correction',
        note: '',
        cancelledBy: seller.userId,
        byRegistry: false,
        cancelledAt,
      },
    };
  }

  function offer(offeredAt: string): CreditEvent {
    const start = nextOffered;
    nextOffered += 1;
    return {
      type: 'DirectTradeOffered',
      data: {
        offerId: randomUUID(),
        batchId: OFFERED_TOKEN,
        projectType: 'Reforestation',
        vintage: 2023,
        sellerAccountId: seller.userId,
        buyerAccountId: buyer.userId,
        quantity: 1,
        price: '10.00',
        ranges: [{ batchId: OFFERED_TOKEN, start, end: start }],
        offeredAt,
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    };
  }

  /** A batch of its own, issued at `issuedAt`. */
  function batch(issuedAt: string): CreditEvent {
    const event = creditsIssued(`REFOREST-2023-${randomUUID().slice(0, 7).toUpperCase()}1`, 10, seller.userId, 'Reforestation', 2023);
    return { ...event, data: { ...event.data, issuedAt } } as CreditEvent;
  }

  const at = (i: number): string => (i % 2 === 0 ? SHARED_INSTANT : minutesAgo(40 + i));

  beforeAll(async () => {
    [seller, buyer, compliance, registry, rival] = await Promise.all([
      service.signIn(['issuer', 'trader']),
      service.signIn(['trader', 'verifier']),
      service.signIn(['compliance']),
      service.signIn(['registry']),
      service.signIn(['verifier']),
    ]);
    await append(MARKET, [creditsIssued(TOKEN, 2000, seller.userId, 'Reforestation', 2023, 120)]);
    await append(creditMarketStreamId('Wind Energy', 2024), [creditsIssued(WIND_TOKEN, 50, buyer.userId, 'Wind Energy', 2024, 120)]);
    await append(MARKET, [
      creditsIssued(CANCELLED_TOKEN, 1000, seller.userId, 'Reforestation', 2023, 120),
      creditsIssued(OFFERED_TOKEN, 1000, seller.userId, 'Reforestation', 2023, 120),
    ]);
    for (let i = 0; i < ROWS; i++) {
      await append(MARKET, [retirement(at(i)), trade(at(i)), order(at(i)), cancellation(at(i)), offer(at(i)), batch(at(i))]);
      await alert(at(i));
      await deposit();
      await heldDeposit();
      await project(at(i));
      // Half as many waiting for the registry (the buyer's queue holds them after what waits for the buyer), and a few the rival verifies.
      if (i % 2 === 0) {
        const since = minutesAgo(60 - i);
        validatedIds.push({ projectId: await project(minutesAgo(45 + i), { validatedAt: since }), since });
      }
      if (i % 4 === 0) rivalIds.push(await project(at(i), { verifier: rival }));
    }
  });

  /** Between two pages: a row newer than every row, and one older than the cursor. */
  const appendingTo =
    (row: (at: string) => CreditEvent | OrderEvent) =>
    async (page: number): Promise<void> => {
      await append(MARKET, [row(new Date().toISOString()), row(minutesAgo(100 + page))]);
    };

  /** Between two pages: a project newer than every one, and one older than the cursor. */
  const appendingProjects = async (page: number): Promise<void> => {
    await project(new Date().toISOString());
    await project(minutesAgo(100 + page));
  };

  /** Between two pages of a work queue: besides those, one waiting for the registry since now (the last to wait). */
  const appendingToQueues = async (page: number): Promise<void> => {
    await appendingProjects(page);
    await project(minutesAgo(100 + page), { validatedAt: new Date().toISOString() });
  };

  const lists: PagedList[] = [
    {
      name: 'retirements',
      path: '/api/retirements',
      field: 'retirements',
      id: (row) => String(row.id),
      client: () => buyer,
      appendBetweenPages: appendingTo(retirement),
    },
    {
      name: 'trades',
      path: '/api/trades',
      field: 'trades',
      id: (row) => String(row.id),
      client: () => buyer,
      appendBetweenPages: appendingTo(trade),
    },
    {
      name: 'orders (mine)',
      path: '/api/orders',
      field: 'orders',
      id: (row) => String(row.id),
      client: () => seller,
      appendBetweenPages: appendingTo(order),
    },
    {
      name: 'orders (all)',
      path: '/api/orders?scope=all',
      field: 'orders',
      id: (row) => String(row.id),
      client: () => compliance,
      appendBetweenPages: appendingTo(order),
    },
    {
      name: 'AML alerts',
      path: '/api/aml/alerts',
      field: 'alerts',
      id: (row) => String(row.alertId),
      client: () => compliance,
      max: AML_ALERTS_MAX_LIMIT,
      appendBetweenPages: async (page) => {
        await alert(new Date().toISOString());
        await alert(minutesAgo(100 + page));
      },
    },
    {
      name: 'credits',
      path: '/api/credits',
      field: 'credits',
      id: (row) => String(row.tokenId),
      client: () => buyer,
      appendBetweenPages: appendingTo(batch),
    },
    {
      name: 'registry batches',
      path: '/api/registry/batches',
      field: 'batches',
      id: (row) => String(row.batchId),
      client: () => buyer,
      appendBetweenPages: appendingTo(batch),
    },
    {
      name: 'registry retirements',
      path: '/api/registry/retirements',
      field: 'retirements',
      id: (row) => String(row.retirementId),
      client: () => buyer,
      appendBetweenPages: appendingTo(retirement),
    },
    {
      name: 'registry cancellations',
      path: '/api/registry/cancellations',
      field: 'cancellations',
      id: (row) => String(row.cancellationId),
      client: () => buyer,
      appendBetweenPages: appendingTo(cancellation),
    },
    {
      name: 'direct trade offers',
      path: '/api/trade/offers',
      field: 'offers',
      id: (row) => String(row.offerId),
      client: () => buyer,
      appendBetweenPages: appendingTo(offer),
    },
    {
      name: 'funds statement',
      path: '/api/funds/statement',
      field: 'transfers',
      id: (row) => `${String(row.transferId)}:${String(row.status)}`,
      client: () => seller,
      // Transfers are in log order: the ones appended are newer than every row, on no later page.
      appendBetweenPages: deposit,
    },
    {
      name: 'held deposits',
      path: '/api/funds/held-deposits?status=all',
      field: 'deposits',
      id: (row) => String(row.txHash),
      client: () => compliance,
      appendBetweenPages: heldDeposit,
    },
    {
      name: 'my projects',
      path: '/api/projects/mine',
      field: 'projects',
      id: (row) => String(row.projectId),
      client: () => seller,
      appendBetweenPages: appendingProjects,
    },
    {
      name: 'registry projects',
      path: '/api/registry/projects',
      field: 'projects',
      id: (row) => String(row.projectId),
      client: () => buyer,
      appendBetweenPages: appendingProjects,
    },
    {
      name: 'review queue',
      path: '/api/projects/review-queue',
      field: 'projects',
      id: (row) => String(row.projectId),
      client: () => registry,
      appendBetweenPages: appendingToQueues,
    },
    {
      name: 'verification queue',
      path: '/api/projects/verification-queue',
      field: 'projects',
      id: (row) => String(row.projectId),
      client: () => buyer,
      appendBetweenPages: appendingToQueues,
    },
    {
      name: 'provenance',
      path: `/api/provenance/${TOKEN}`,
      field: 'entries',
      id: (row) => String(row.position),
      client: () => buyer,
      // A batch's history only grows at its end: the entries appended are answered on later pages.
      appendBetweenPages: async () => append(MARKET, [trade(new Date().toISOString()), retirement(new Date().toISOString())]).then(() => undefined),
    },
  ];

  const rowsOf = (list: PagedList, page: Page): string[] => (page[list.field] as Record<string, unknown>[]).map(list.id);

  const everything = (list: PagedList): string => `limit=${list.max ?? PAGE_MAX_LIMIT}`;

  async function page(list: PagedList, query: string): Promise<Page> {
    return (await getJson(list.client(), withQuery(list.path, query))) as Page;
  }

  async function refusal(list: PagedList, query: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await list.client().request('GET', withQuery(list.path, query));
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  for (const list of lists) {
    it(`pages through ${list.name} with a small limit: every row once, in order, while rows are appended`, async () => {
      const before = rowsOf(list, await page(list, everything(list)));
      expect(before.length).toBeGreaterThan(2 * LIMIT);
      const paged: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const answer: Page = await page(list, cursor ? `limit=${LIMIT}&cursor=${cursor}` : `limit=${LIMIT}`);
        const rows = rowsOf(list, answer);
        expect(rows.length).toBeLessThanOrEqual(LIMIT);
        paged.push(...rows);
        cursor = answer.nextCursor;
        if (cursor !== null) expect(rows).toHaveLength(LIMIT);
        await list.appendBetweenPages(pages);
        pages += 1;
        expect(pages).toBeLessThan(50);
      } while (cursor !== null);

      expect(new Set(paged).size, 'no row answered twice').toBe(paged.length);
      for (const id of before) expect(paged, 'no row skipped').toContain(id);
      // The pages, joined, keep the list's order: the rows that were there come in the order they were listed.
      expect(paged.filter((id) => before.includes(id))).toEqual(before);
      const after = rowsOf(list, await page(list, everything(list)));
      expect(after.filter((id) => paged.includes(id))).toEqual(paged);
    });

    it(`answers ${list.name}' last page with nextCursor null and refuses a bad cursor or limit with 400`, async () => {
      const whole = await page(list, everything(list));
      expect(whole.nextCursor).toBeNull();
      const first = await page(list, 'limit=1');
      expect(typeof first.nextCursor).toBe('string');

      const other = list.name === 'trades' ? lists[0]! : lists[1]!;
      const foreign = (await page(other, 'limit=1')).nextCursor!;
      const decoded = JSON.parse(Buffer.from(first.nextCursor!, 'base64url').toString()) as { p: string[]; c: string };
      const lastPart = decoded.p.at(-1)!;
      const tamperedPart = lastPart.replace(/\d(?=\D*$)/, (digit) => String((Number(digit) + 1) % 10));
      const tampered = Buffer.from(JSON.stringify({ ...decoded, p: [...decoded.p.slice(0, -1), tamperedPart] })).toString('base64url');
      for (const cursor of ['garbage', '%%%', foreign, tampered, `${first.nextCursor!}x`]) {
        const answer = await refusal(list, `cursor=${encodeURIComponent(cursor)}`);
        expect(answer.status, cursor).toBe(400);
        expect(answer.body).toMatchObject({ error: 'ValidationFailed', message: 'cursor is not a cursor of this list: start again without one' });
        expect(answer.body.details).toBeDefined();
      }
      for (const [limit, message] of [
        ['0', 'limit must be at least 1'],
        ['10000', `limit must be at most ${list.max ?? PAGE_MAX_LIMIT}`],
        ['two', 'limit must be a whole number'],
      ] as const) {
        expect(await refusal(list, `limit=${limit}`)).toMatchObject({ status: 400, body: { error: 'ValidationFailed', message } });
      }
    });
  }

  it("refuses a cursor of another batch's provenance", async () => {
    const wind = (await getJson(buyer, `/api/provenance/${WIND_TOKEN}`)) as Page & { entries: { position: string }[] };
    const windCursor = encodeCursor('provenance', [WIND_TOKEN, wind.entries[0]!.position, '-1']);
    const answer = await buyer.request('GET', `/api/provenance/${TOKEN}?cursor=${windCursor}`);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: 'ValidationFailed' });
  });

  type QueuedProject = { projectId: string; status: string; draftedAt: string; verifier: { id: string } | null };

  /** Every page of `path` for `client`, `limit` at a time. */
  async function allPages(client: SignedInClient, path: string, limit: number): Promise<QueuedProject[][]> {
    const pages: QueuedProject[][] = [];
    let cursor: string | null = null;
    do {
      const answer = (await getJson(client, withQuery(path, cursor ? `limit=${limit}&cursor=${cursor}` : `limit=${limit}`))) as Page & {
        projects: QueuedProject[];
      };
      pages.push(answer.projects);
      cursor = answer.nextCursor;
      expect(pages.length).toBeLessThan(100);
    } while (cursor !== null);
    return pages;
  }

  it('pages the registry queue with what waits longest first, then every other project newest drafted first', async () => {
    const projects = (await allPages(registry, '/api/projects/review-queue', 3)).flat();
    const waiting = projects.filter((project) => project.status === 'validated');
    const others = projects.slice(waiting.length);
    expect(projects.slice(0, waiting.length), 'the waiting come first').toEqual(waiting);
    expect(others.every((project) => project.status !== 'validated')).toBe(true);
    // Those validated before the pages were read wait longest, each after the one validated before it.
    const longest = [...validatedIds].sort((a, b) => a.since.localeCompare(b.since)).map((entry) => entry.projectId);
    expect(waiting.map((project) => project.projectId).filter((id) => longest.includes(id))).toEqual(longest);
    const drafted = others.map((project) => project.draftedAt);
    expect(drafted).toEqual([...drafted].sort().reverse());
  });

  it('answers a verifier only the projects assigned to them, on every page', async () => {
    const buyerPages = await allPages(buyer, '/api/projects/verification-queue', 4);
    expect(buyerPages.length).toBeGreaterThan(2);
    for (const projects of buyerPages) for (const project of projects) expect(project.verifier?.id).toBe(buyer.userId);
    const buyerIds = buyerPages.flat().map((project) => project.projectId);
    for (const id of rivalIds) expect(buyerIds).not.toContain(id);
    // What waits for the buyer (under validation) comes before what is validated.
    const statuses = buyerPages.flat().map((project) => project.status);
    expect(statuses.indexOf('validated')).toBeGreaterThan(statuses.lastIndexOf('under_validation'));

    const rivalPages = await allPages(rival, '/api/projects/verification-queue', 1);
    expect(
      rivalPages
        .flat()
        .map((project) => project.projectId)
        .sort(),
    ).toEqual([...rivalIds].sort());
    for (const projects of rivalPages) for (const project of projects) expect(project.verifier?.id).toBe(rival.userId);
    expect(rivalPages.at(-1)).toHaveLength(1);
  });

  it("refuses a cursor of the registry's queue on the verifier's, and a verifier or an issuer on the registry's", async () => {
    const reviewCursor = ((await getJson(registry, '/api/projects/review-queue?limit=1')) as Page).nextCursor!;
    const answer = await buyer.request('GET', `/api/projects/verification-queue?cursor=${reviewCursor}`);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ error: 'ValidationFailed', message: 'cursor is not a cursor of this list: start again without one' });
    expect((await buyer.request('GET', '/api/projects/review-queue')).status).toBe(403);
    expect((await seller.request('GET', '/api/projects/verification-queue')).status).toBe(403);
  });

  it('keeps the order totals whole-scope figures on every page', async () => {
    const whole = (await getJson(seller, '/api/orders?limit=200')) as Page & { totalOrders: number; pendingOrders: number; averagePrice: string };
    const first = (await getJson(seller, '/api/orders?limit=2')) as typeof whole;
    expect(first.orders).toHaveLength(2);
    expect({ total: first.totalOrders, pending: first.pendingOrders, average: first.averagePrice }).toEqual({
      total: whole.totalOrders,
      pending: whole.pendingOrders,
      average: whole.averagePrice,
    });
    expect(whole.totalOrders).toBe((whole.orders as unknown[]).length);
  });
});
