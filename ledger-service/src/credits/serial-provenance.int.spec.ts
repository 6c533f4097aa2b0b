import { creditMarketStreamId, issueCreditsResponse, placeOrderResponse, serialProvenanceResponse } from '@carbon-ledger/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceForSuite, type SignedInClient, WITHOUT_BACKGROUND_JOBS } from '../test-support/service-under-test.js';
import { tradeDirectly } from '../test-support/direct-trade.js';
import { verifiedAddress } from '../test-support/verified-address.js';
import { projectForm } from '../test-support/project-form.js';
import { issueThroughRegistry } from '../test-support/registry-issuance.js';

describe('one serial number, its whole life (GET /api/provenance/serials/{serial})', () => {
  const service = serviceForSuite(WITHOUT_BACKGROUND_JOBS);
  let issuer: SignedInClient;
  let trader: SignedInClient;
  let auditor: SignedInClient;
  let tokenId: string;
  let issuedQuantity: number;
  const serial = (n: number): string => `NXCC-${tokenId}-${String(n).padStart(6, '0')}`;

  beforeAll(async () => {
    [issuer, trader, auditor] = await Promise.all([service.signIn(['issuer', 'trader']), service.signIn(['trader']), service.signIn(['auditor'])]);
    const { address } = await verifiedAddress(service, issuer);
    await verifiedAddress(service, trader);
    const issued = await issueThroughRegistry(service, issuer, {
      ...projectForm('PRJ-SERIAL', 'Serial Forest', 'Reforestation', { description: 'A serial traced end to end' }),
      xrplAddress: address,
    });
    ({ tokenId, quantity: issuedQuantity } = issueCreditsResponse.parse(await issued.json()));
    const vintage = Number(tokenId.split('-')[1]);
    // A direct trade: the issuer's offer (serials escrowed), the trader's accept (serials and cash move).
    await tradeDirectly(issuer, trader, { tokenId, amount: 30, price: 10 });
    const sell = placeOrderResponse.parse(
      await (await trader.request('POST', '/api/orders', { type: 'sell', amount: 10, price: '12.00', projectType: 'Reforestation', vintage })).json(),
    );
    expect((await trader.request('POST', `/api/orders/${sell.id}/cancel`)).status).toBe(200);
    expect((await trader.request('POST', '/api/retire', { tokenId, amount: 5, beneficiary: 'UNDP Country Office', purpose: 'NDC reporting' })).status).toBe(
      201,
    );
    expect((await auditor.request('POST', '/api/audit/seals')).status).toBe(201);
  });

  async function lookup(serialNumber: string) {
    const response = await auditor.request('GET', `/api/provenance/serials/${serialNumber}`);
    expect(response.status).toBe(200);
    return serialProvenanceResponse.parse(await response.json());
  }

  it('traces a retired serial: issued in its batch, transferred, escrowed, released, retired for the beneficiary, each step at its log position under a seal', async () => {
    const answer = await lookup(serial(3));
    expect(answer).toMatchObject({ serial: serial(3), tokenId, batch: { tokenId, projectName: 'Serial Forest' } });
    expect(answer.current).toEqual({ status: 'retired', accountId: trader.userId, beneficiary: 'UNDP Country Office' });
    // The project's six steps come first (docs/registry.md, "Provenance starts at the project"), then the serial's own.
    expect(answer.entries.slice(0, 6).map((entry) => entry.kind)).toEqual(['project', 'project', 'project', 'project', 'project', 'project']);
    const registry = answer.entries.filter((entry) => entry.kind !== 'xrpl' && entry.kind !== 'project');
    expect(registry.map((entry) => [entry.kind, entry.quantity, entry.fromAccountId, entry.toAccountId])).toEqual([
      ['issuance', 1, null, issuer.userId],
      ['escrow', 1, issuer.userId, null],
      ['transfer', 1, issuer.userId, trader.userId],
      ['escrow', 1, trader.userId, null],
      ['release', 1, null, trader.userId],
      ['retirement', 1, trader.userId, null],
    ]);
    // The description tells the whole movement the serial was part of.
    expect(registry[1]!.description).toContain(`30 credits reserved for direct offer`);
    expect(registry[2]!.description).toContain('30 credits sold directly (offer');
    // Each entry names only this serial, wherever it moved as part of a block.
    expect(registry.every((entry) => entry.serialRanges.length === 1 && entry.serialRanges[0] === serial(3))).toBe(true);
    expect(registry[5]!.description).toContain('on behalf of UNDP Country Office (NDC reporting)');
    const stream = await service.runtime.eventStore.readStream(creditMarketStreamId('Reforestation', Number(tokenId.split('-')[1])));
    for (const entry of registry) {
      const event = stream.find((recorded) => recorded.eventId === entry.eventId)!;
      expect(entry.position).toBe(`${event.position.commit}:${event.position.prepare}`);
      expect(entry.eventHash).toBe(event.hash);
      expect(entry.seal).toMatchObject({ sealId: 'seal-1' });
    }
  });

  it('traces a serial that never left the issuer, and one still held after its block was split', async () => {
    const kept = await lookup(serial(issuedQuantity));
    expect(kept.current).toEqual({ status: 'held', accountId: issuer.userId, beneficiary: null });
    expect(kept.entries.filter((entry) => entry.kind !== 'xrpl' && entry.kind !== 'project').map((entry) => entry.kind)).toEqual(['issuance']);
    const bought = await lookup(serial(20));
    expect(bought.current).toEqual({ status: 'held', accountId: trader.userId, beneficiary: null });
    // Bought directly: escrowed for the offer, then transferred when the buyer accepted it.
    expect(bought.entries.filter((entry) => entry.kind !== 'xrpl' && entry.kind !== 'project').map((entry) => entry.kind)).toEqual([
      'issuance',
      'escrow',
      'transfer',
    ]);
  });

  it('answers 404 for a serial beyond the batch or of an unknown batch, 400 for a malformed one', async () => {
    const beyond = await auditor.request('GET', `/api/provenance/serials/${serial(issuedQuantity + 1)}`);
    expect(beyond.status).toBe(404);
    expect(await beyond.json()).toEqual({ error: 'NotFound', message: `No credit has the serial number ${serial(issuedQuantity + 1)}` });
    expect((await auditor.request('GET', '/api/provenance/serials/NXCC-SOLAR-2025-DEADBEEF-000001')).status).toBe(404);
    expect((await auditor.request('GET', `/api/provenance/serials/NXCC-${tokenId}-000000`)).status).toBe(404);
    const malformed = await auditor.request('GET', '/api/provenance/serials/NXCC-151');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: 'ValidationFailed', message: expect.stringContaining('NXCC-SOLAR-2026-7F3A9C21-000151') });
    expect((await service.anonymous('GET', `/api/provenance/serials/${serial(1)}`)).status).toBe(401);
  });
});
