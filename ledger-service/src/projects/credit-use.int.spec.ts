import { batchClaimsStreamId, type EventStore, type RecordedEvent, serialPrefixFor, serialProvenanceResponse } from '@carbon-ledger/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_STORE } from '../infrastructure/tokens.js';
import { verifyDocuments } from './documents/verify-documents.js';
import { RecordFirstTransferWhenAuthorizedUnitsTraded } from './reactions/record-first-transfer-when-authorized-units-traded.handler.js';
import { tradeDirectly } from '../test-support/direct-trade.js';
import { projectForm } from '../test-support/project-form.js';
import { issueThroughRegistry, reviewersOf } from '../test-support/registry-issuance.js';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { verifiedAddress } from '../test-support/verified-address.js';

const YEAR = new Date().getUTCFullYear();
const LETTER = Buffer.from('%PDF-1.4\n% letter of authorization\n%%EOF\n');

describe('what a credit may be used for over HTTP: authorization, adjustment, labels, retirement use', () => {
  const service = serviceForSuite(WITHOUT_BACKGROUND_JOBS);
  let proponent: SignedInClient;
  let registry: SignedInClient;
  let colleagueRegistry: SignedInClient;
  let address: string;
  let eventStore: EventStore;
  let letter: string;
  let projects = 0;

  beforeAll(async () => {
    eventStore = service.app.get<EventStore>(EVENT_STORE);
    [proponent, colleagueRegistry] = await Promise.all([
      service.signIn(['issuer'], undefined, 'Verdant Energy'),
      service.signIn(['registry'], undefined, 'Verdant Energy'),
    ]);
    ({ registry } = await reviewersOf(service));
    address = (await verifiedAddress(service, proponent)).address;
    const uploaded = await registry.request('POST', '/api/documents', LETTER, {
      'content-type': 'application/pdf',
    });
    letter = ((await uploaded.json()) as { sha256: string }).sha256;
  });

  async function json(response: Promise<Response>, status: number): Promise<Record<string, unknown>> {
    const answer = await response;
    const body = (await answer.json()) as Record<string, unknown>;
    expect(answer.status, JSON.stringify(body)).toBe(status);
    return body;
  }

  /** A Reforestation batch (AR-ACM0003, Gold Standard, this year's vintage) the proponent holds. */
  async function batch(): Promise<string> {
    projects += 1;
    const issued = await json(
      issueThroughRegistry(service, proponent, {
        ...projectForm(`PRJ-USE-${projects}`, `Use project ${projects}`, 'Reforestation', { scope1: 5500 }),
        xrplAddress: address,
      }),
      201,
    );
    return issued.tokenId as string;
  }

  /** A small Reforestation batch issued to a seller of its own, with a KYC-verified address. */
  async function batchOf(seller: SignedInClient): Promise<string> {
    const sellerAddress = (await verifiedAddress(service, seller)).address;
    projects += 1;
    const issued = await json(
      issueThroughRegistry(service, seller, {
        ...projectForm(`PRJ-USE-${projects}`, `Use project ${projects}`, 'Reforestation', { scope1: 550 }),
        xrplAddress: sellerAddress,
      }),
      201,
    );
    return issued.tokenId as string;
  }

  const authorize = (batchId: string, use = 'oimp', by: SignedInClient = registry) =>
    by.request('POST', `/api/registry/batches/${batchId}/authorization`, {
      authorized: true,
      use,
      authorizedOn: `${YEAR}-01-15`,
      letter: { sha256: letter, kind: 'letter', name: 'Letter of authorization.pdf' },
    });
  const adjust = (batchId: string, status: string, reportingPeriod?: string) =>
    registry.request('POST', `/api/registry/batches/${batchId}/adjustment`, { status, ...(reportingPeriod ? { reportingPeriod } : {}) });
  const retire = (batchId: string, use?: string) =>
    proponent.request('POST', '/api/retire', { tokenId: batchId, amount: 5, beneficiary: 'Airline A', ...(use ? { use } : {}) });
  const claimEvents = (batchId: string): Promise<RecordedEvent[]> => eventStore.readStream(batchClaimsStreamId(batchId));
  const retirements = async (): Promise<number> => service.countEvents('credit-market-');
  /** The first transfers recorded on the batch's claims stream, once the reaction has recorded `count` of them. */
  async function firstTransfersOf(batchId: string, count: number): Promise<RecordedEvent[]> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const found = (await claimEvents(batchId)).filter((event) => event.type === 'AuthorizedUnitsFirstTransferred');
      if (found.length >= count || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('refuses every non-voluntary use of a plain batch with 409 naming the missing condition, and records nothing', async () => {
    const batchId = await batch();
    const before = await retirements();
    for (const [use, message] of [
      ['ndc', `Batch ${batchId} is not authorized for use toward an NDC`],
      ['other_international', `Batch ${batchId} is not authorized for other international mitigation purposes`],
      ['corsia', `Batch ${batchId} is not CORSIA eligible: it is not authorized for other international mitigation purposes`],
    ] as const) {
      expect(await json(retire(batchId, use), 409)).toMatchObject({ error: 'Conflict', message });
    }
    expect(await retirements()).toBe(before);
    const voluntary = await json(retire(batchId), 201);
    expect(voluntary.quantity).toBe(5);
    const record = await json(proponent.request('GET', `/api/retirements/${voluntary.retirementId as string}`), 200);
    expect(JSON.stringify(record)).toContain('Voluntary');
  });

  it('records the authorization with its letter and the adjustment; labels follow; a CORSIA retirement then succeeds and records them', async () => {
    const batchId = await batch();
    const authorized = await json(authorize(batchId), 200);
    expect(authorized.claims).toMatchObject({
      authorized: true,
      authorizedUse: 'oimp',
      authorizedOn: `${YEAR}-01-15`,
      letter: { sha256: letter, kind: 'letter', mediaType: 'application/pdf' },
      adjustment: 'not_applicable',
      labels: ['CCP-approved'],
    });
    expect(await json(retire(batchId, 'corsia'), 409)).toMatchObject({
      message: `Batch ${batchId} is not CORSIA eligible: it has no corresponding adjustment pending or applied`,
    });
    const adjusted = await json(adjust(batchId, 'pending'), 200);
    expect(adjusted.claims).toMatchObject({ adjustment: 'pending', labels: ['CCP-approved', 'CORSIA eligible'] });
    expect(await json(service.anonymous('GET', `/api/registry/batches/${batchId}/claims`), 200)).toMatchObject({ labels: ['CCP-approved', 'CORSIA eligible'] });
    const listed = (await json(service.anonymous('GET', '/api/registry/batches'), 200)).batches as { batchId: string; claims: unknown }[];
    expect(listed.find((row) => row.batchId === batchId)?.claims).toMatchObject({ authorized: true, adjustment: 'pending' });

    expect(await json(retire(batchId, 'ndc'), 409)).toMatchObject({ message: `Batch ${batchId} is not authorized for use toward an NDC` });
    const retired = await json(retire(batchId, 'corsia'), 201);
    const publicRetirements = (await json(service.anonymous('GET', '/api/registry/retirements'), 200)).retirements as { retirementId: string }[];
    expect(publicRetirements.find((row) => row.retirementId === retired.retirementId)).toMatchObject({
      use: 'corsia',
      claims: { authorized: true, authorizedUse: 'oimp', adjustment: 'pending', labels: ['CCP-approved', 'CORSIA eligible'] },
    });
    // The public registry serves the letter it cites, and npm run verify checks it with the other citations.
    expect((await service.anonymous('GET', `/api/registry/documents/${letter}`)).status).toBe(200);
    await service.runtime.pool.query('update registry_documents set content = $1 where sha256 = $2', [Buffer.from('%PDF-1.4\n% forged\n%%EOF\n'), letter]);
    const report = await verifyDocuments(eventStore, service.runtime.pool);
    expect(report.problems).toContainEqual(expect.stringMatching(new RegExp(`^document ${letter}, cited by BatchAuthorizationRecorded of batch-claims-`)));
    await service.runtime.pool.query('update registry_documents set content = $1 where sha256 = $2', [LETTER, letter]);
  });

  it("refuses the registry user of the proponent's organisation (403) and an issuer (403), recording nothing", async () => {
    const batchId = await batch();
    expect(await json(authorize(batchId, 'ndc', colleagueRegistry), 403)).toMatchObject({
      error: 'Forbidden',
      message: expect.stringContaining('its own organisation'),
    });
    expect((await authorize(batchId, 'ndc', proponent)).status).toBe(403);
    expect(await claimEvents(batchId)).toEqual([]);
  });

  it('refuses an adjustment for a batch that is not authorized (409) and an applied one without its period (400), recording nothing', async () => {
    const batchId = await batch();
    expect(await json(adjust(batchId, 'pending'), 409)).toMatchObject({
      message: `Batch ${batchId} is not authorized; a corresponding adjustment applies to authorized units only`,
    });
    await json(authorize(batchId, 'ndc_and_oimp'), 200);
    const before = (await claimEvents(batchId)).length;
    expect(await json(adjust(batchId, 'applied'), 400)).toMatchObject({ error: 'ValidationFailed' });
    expect(await json(adjust(batchId, 'applied', '2027-2026'), 400)).toMatchObject({ error: 'ValidationFailed' });
    expect((await claimEvents(batchId)).length).toBe(before);
    await json(adjust(batchId, 'applied', String(YEAR)), 200);
    expect(await json(authorize(batchId, 'ndc'), 409)).toMatchObject({ message: expect.stringContaining('can no longer be changed') });
    await json(retire(batchId, 'ndc'), 201);
    await json(retire(batchId, 'other_international'), 201);
  });

  it("a serial's provenance shows the authorization with its letter, the adjustment, and its first transfer out of the issuance account", async () => {
    const batchId = await batch();
    await json(authorize(batchId, 'ndc'), 200);
    await json(adjust(batchId, 'pending'), 200);
    const buyer = await service.signIn(['trader']);
    await verifiedAddress(service, buyer);
    await tradeDirectly(proponent, buyer, { tokenId: batchId, amount: 3, price: '12.00' });
    await firstTransfersOf(batchId, 1);
    const answer = serialProvenanceResponse.parse(await json(buyer.request('GET', `/api/provenance/serials/${serialPrefixFor(batchId)}-000001`), 200));
    const descriptions = answer.entries.map((entry) => entry.description);
    expect(descriptions).toContainEqual(
      expect.stringMatching(new RegExp(`^Authorized by [A-Z]{2} on ${YEAR}-01-15 for Use towards an NDC \\(Article 6.2 letter of authorization\\)$`)),
    );
    expect(descriptions).toContainEqual('Corresponding adjustment pending');
    const authorization = answer.entries.find((entry) => entry.description.startsWith('Authorized by'))!;
    expect(authorization.documents).toEqual([{ sha256: letter, name: 'Letter of authorization.pdf', kind: 'letter' }]);
    const transfers = answer.entries.filter((entry) => entry.kind === 'transfer');
    expect(transfers).toEqual([expect.objectContaining({ firstTransfer: true, fromAccountId: proponent.userId, toAccountId: buyer.userId })]);
    expect(transfers[0]!.description).toContain('first transfer of authorized units');
    // Issuance, then the claims, then the transfer: in log order.
    const kinds = answer.entries
      .filter((entry) => entry.kind !== 'project' || entry.description.startsWith('Authorized') || entry.description.startsWith('Corresponding'))
      .map((entry) => entry.kind);
    expect(kinds.indexOf('issuance')).toBeLessThan(kinds.indexOf('transfer'));
  });

  it('records the first transfer of authorized units on the batch stream once, and never for units not authorized when they moved', async () => {
    const [buyer, nextBuyer] = await Promise.all([service.signIn(['trader']), service.signIn(['trader'])]);
    // One after the other: both are funded from the same sandbox account.
    await verifiedAddress(service, buyer);
    await verifiedAddress(service, nextBuyer);
    // Moved before the authorization: not a first transfer under Article 6, even once the batch is authorized.
    const lateBatch = await batch();
    await tradeDirectly(proponent, buyer, { tokenId: lateBatch, amount: 2, price: '10.00' });
    await json(authorize(lateBatch, 'oimp'), 200);
    const authorizedBatch = await batch();
    await json(authorize(authorizedBatch, 'ndc_and_oimp'), 200);
    const { tradeId } = await tradeDirectly(proponent, buyer, { tokenId: authorizedBatch, amount: 4, price: '11.00' });
    // The buyer selling on is a transfer, but not the units' first.
    await tradeDirectly(buyer, nextBuyer, { tokenId: authorizedBatch, amount: 1, price: '11.50' });
    // A later trade of the authorized batch is recorded: the reaction has passed the earlier ones.
    const sentinel = await tradeDirectly(proponent, nextBuyer, { tokenId: authorizedBatch, amount: 1, price: '11.00' });
    const recorded = await firstTransfersOf(authorizedBatch, 2);
    expect(recorded.map((event) => event.data)).toEqual([
      expect.objectContaining({ tradeId, use: 'ndc_and_oimp', fromAccountId: proponent.userId, toAccountId: buyer.userId, quantity: 4 }),
      expect.objectContaining({ tradeId: sentinel.tradeId, fromAccountId: proponent.userId, toAccountId: nextBuyer.userId, quantity: 1 }),
    ]);
    expect(recorded[0]!.data).toMatchObject({ ranges: [{ batchId: authorizedBatch, start: 1, end: 4 }], hostCountry: expect.stringMatching(/^[A-Z]{2}$/) });
    expect(await firstTransfersOf(lateBatch, 1)).toEqual([]);
    // Delivered again (a restart before the checkpoint moved): nothing new is recorded.
    const trades = await eventStore.readAll({ limit: 100_000, eventTypes: new Set(['TradeExecuted']) });
    const tradeEvent = trades.find((event) => event.eventId === recorded[0]!.metadata.causationId)!;
    await service.app.get(RecordFirstTransferWhenAuthorizedUnitsTraded).handle(tradeEvent);
    expect(await firstTransfersOf(authorizedBatch, 3)).toHaveLength(2);
    // Its provenance marks exactly the recorded ones.
    const provenance = serialProvenanceResponse.parse(
      await json(buyer.request('GET', `/api/provenance/serials/${serialPrefixFor(authorizedBatch)}-000001`), 200),
    );
    expect(provenance.entries.filter((entry) => entry.firstTransfer).map((entry) => entry.toAccountId)).toEqual([buyer.userId]);
  });

  it("the marketplace's label filter keeps the listings whose escrowed serials all carry the label", async () => {
    const sellers = await Promise.all([service.signIn(['issuer', 'trader']), service.signIn(['issuer', 'trader'])]);
    const batches: string[] = [];
    for (const seller of sellers) batches.push(await batchOf(seller));
    await json(authorize(batches[0]!), 200);
    await json(adjust(batches[0]!, 'pending'), 200);
    const sell = (seller: SignedInClient, price: string) =>
      json(seller.request('POST', '/api/orders', { type: 'sell', amount: 10, price, projectType: 'Reforestation', vintage: YEAR }), 201);
    await sell(sellers[0]!, '91.17');
    await sell(sellers[1]!, '91.13');
    const asks = async (query: string) =>
      ((await json(proponent.request('GET', `/api/marketplace?creditType=reforestation&vintage=${YEAR}${query}`), 200)).asks as { price: string }[]).map(
        (level) => level.price,
      );
    // The order book and the escrowed holdings are read models: on a busy machine they may trail the orders' answers.
    const settle = { timeout: 15_000 };
    await expect.poll(() => asks(''), settle).toEqual(expect.arrayContaining(['91.13', '91.17']));
    await expect.poll(() => asks(`&label=${encodeURIComponent('CORSIA eligible')}`), settle).toEqual(expect.arrayContaining(['91.17']));
    expect(await asks(`&label=${encodeURIComponent('CORSIA eligible')}`)).not.toContain('91.13');
    await expect.poll(() => asks('&label=CCP-approved'), settle).toEqual(expect.arrayContaining(['91.13', '91.17']));
    expect((await proponent.request('GET', '/api/marketplace?label=Gold')).status).toBe(400);
    // The Trading Desk lists each seller's open order with the labels its escrow carries.
    const ordersOf = async (seller: SignedInClient) => (await json(seller.request('GET', '/api/orders'), 200)).orders as { labels: string[] }[];
    expect((await ordersOf(sellers[0]!)).map((order) => order.labels)).toEqual([['CCP-approved', 'CORSIA eligible']]);
    expect((await ordersOf(sellers[1]!)).map((order) => order.labels)).toEqual([['CCP-approved']]);
    // A portfolio's holding of the market shows the labels every credit of it carries.
    const portfolio = await json(sellers[0]!.request('POST', '/api/portfolios', { name: 'Labelled book', riskProfile: 'moderate' }), 201);
    const holdings = (await json(sellers[0]!.request('GET', `/api/portfolios/${portfolio.id as string}/holdings`), 200)).holdings as { labels: string[] }[];
    expect(holdings.map((holding) => holding.labels)).toEqual([['CCP-approved', 'CORSIA eligible']]);
  });

  it('a bid for labelled credits takes only serials that carry its labels, passing a cheaper ask without them', async () => {
    const [plainSeller, corsiaSeller, buyer] = await Promise.all([
      service.signIn(['issuer', 'trader']),
      service.signIn(['issuer', 'trader']),
      service.signIn(['trader']),
    ]);
    const batches: string[] = [];
    for (const seller of [plainSeller, corsiaSeller]) batches.push(await batchOf(seller));
    await verifiedAddress(service, buyer);
    await json(authorize(batches[1]!), 200);
    await json(adjust(batches[1]!, 'pending'), 200);
    const order = (who: SignedInClient, body: Record<string, unknown>, status = 201) =>
      json(who.request('POST', '/api/orders', { projectType: 'Reforestation', vintage: YEAR, ...body }), status);
    await order(plainSeller, { type: 'sell', amount: 10, price: '89.10' });
    await order(corsiaSeller, { type: 'sell', amount: 10, price: '89.40' });
    expect(await order(corsiaSeller, { type: 'sell', amount: 1, price: '89.40', labels: ['CCP-approved'] }, 400)).toMatchObject({
      error: 'ValidationFailed',
      details: [expect.objectContaining({ message: 'Labels restrict a buy order; a sell order carries the labels of its serials' })],
    });
    expect(await order(buyer, { type: 'buy', amount: 1, price: '89.50', labels: ['Gold'] }, 400)).toMatchObject({ error: 'ValidationFailed' });
    await json(buyer.request('POST', '/api/funds/faucet', { amount: '1000.00' }), 200);
    const labelled = await order(buyer, { type: 'buy', amount: 4, price: '89.50', labels: ['CORSIA eligible'] });
    expect(labelled).toMatchObject({ filled: 4 });
    const trades = async () =>
      ((await json(buyer.request('GET', '/api/credits'), 200)).holdings as { tokenId: string; tradable: number }[]).map((held) => [
        held.tokenId,
        held.tradable,
      ]);
    await expect.poll(trades, { timeout: 15_000 }).toEqual([[batches[1]!, 4]]);
    // An unlabelled bid takes the cheapest ask, whatever its serials carry.
    expect(await order(buyer, { type: 'buy', amount: 2, price: '89.50' })).toMatchObject({ filled: 2 });
    await expect.poll(trades, { timeout: 15_000 }).toEqual(expect.arrayContaining([[batches[0]!, 2]]));
    // A labelled bid rests when no ask carries its labels, and the Trading Desk shows what it requires.
    const resting = await order(buyer, { type: 'buy', amount: 3, price: '89.20', labels: ['CCP-approved', 'CORSIA eligible'] });
    expect(resting).toMatchObject({ filled: 0 });
    const mine = async () =>
      ((await json(buyer.request('GET', '/api/orders'), 200)).orders as { id: string; labels?: string[] }[]).find((row) => row.id === resting.id);
    await expect.poll(mine, { timeout: 15_000 }).toMatchObject({ labels: ['CCP-approved', 'CORSIA eligible'] });
  });

  it('answers 404 for a batch the registry does not hold', async () => {
    expect(await json(authorize('REFOREST-2026-00000000'), 404)).toMatchObject({ error: 'NotFound' });
    expect((await service.anonymous('GET', '/api/registry/batches/REFOREST-2026-00000000/claims')).status).toBe(404);
  });
});
