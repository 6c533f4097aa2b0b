import { ANCHORS_STREAM, isAuditEvent, verifyLogResponse } from '@carbon-ledger/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { XrplConnection } from '../infrastructure/xrpl/xrpl-connection.js';
import { serviceForSuite, type SignedInClient } from '../test-support/service-under-test.js';
import { fundWithTestUsd } from '../test-support/test-usd.js';
import { credentialRecorded, verifiedAddress } from '../test-support/verified-address.js';
import { verifyLog } from './verify-log.js';

describe('seals anchored on XRPL, and verification', () => {
  const service = serviceForSuite({ SEAL_INTERVAL_MS: '0' });
  let auditor: SignedInClient;
  let trader: SignedInClient;

  beforeAll(async () => {
    await service.app.get(XrplConnection).ready;
    auditor = await service.signIn(['auditor']);
    trader = await service.signIn(['trader']);
    // Trading needs a KYC-verified address; the seals below count on no write still coming from it.
    const wallet = await verifiedAddress(service, trader);
    await fundWithTestUsd(trader);
    await credentialRecorded(service, wallet.address);
    for (let n = 1; n <= 3; n += 1) {
      await trader.request('POST', '/api/orders', { type: 'buy', amount: n, price: '10.00', projectType: 'Forestry', vintage: 2025 });
    }
  });

  async function anchors() {
    return (await service.runtime.eventStore.readStream(ANCHORS_STREAM)).filter(isAuditEvent);
  }

  it('seals the log, anchors the root on the ledger, and verifies chains, seals and anchors', async () => {
    const sealed = await auditor.request('POST', '/api/audit/seals');
    expect(sealed.status).toBe(201);
    const { seal } = (await sealed.json()) as { seal: { sealNumber: number; eventCount: number; merkleRoot: string; prevSealHash: string | null } };
    expect(seal).toMatchObject({ sealNumber: 1, prevSealHash: null });
    expect(seal.eventCount).toBeGreaterThan(3);

    // Nothing new: no second seal.
    expect(await (await auditor.request('POST', '/api/audit/seals')).json()).toEqual({ seal: null });

    const deadline = Date.now() + 20_000;
    while ((await anchors()).length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    const [anchor] = await anchors();
    expect(anchor?.data).toMatchObject({ sealNumber: 1, merkleRoot: seal.merkleRoot, network: 'sandbox' });

    const report = verifyLogResponse.parse(await (await auditor.request('GET', '/api/audit/verify')).json());
    expect(report).toMatchObject({ ok: true, sealsChecked: 1, anchorsChecked: 1, anchorsUnchecked: 0 });
    // The anchor and its XRPL transaction record are the sealer's own: no reason for a seal (an idle ledger stays unsealed).
    expect(await (await auditor.request('POST', '/api/audit/seals')).json()).toEqual({ seal: null });

    // A second seal chains to the first.
    await trader.request('POST', '/api/orders', { type: 'buy', amount: 9, price: '11.00', projectType: 'Forestry', vintage: 2024 });
    const second = (await (await auditor.request('POST', '/api/audit/seals')).json()) as { seal: { sealNumber: number; prevSealHash: string } };
    expect(second.seal.sealNumber).toBe(2);
  });

  it('catches a ledger whose anchor carries another root', async () => {
    const report = await verifyLog(service.runtime.eventStore, {
      lookupAnchor: async (anchor) => ({ found: true, account: 'rAnchor', anchorAccount: 'rAnchor', memo: { seal: anchor.sealNumber, root: '0'.repeat(64) } }),
    });
    expect(report.ok).toBe(false);
    expect(report.firstMismatch).toMatchObject({ kind: 'anchor', sealNumber: 1 });
    expect(report.firstMismatch?.reason).toMatch(/^root differs/);
  });

  it('catches a sealed event that was removed, which no hash chain can show', async () => {
    // The last event of a market stream has no successor to break; only the seal notices.
    const rows = await service.runtime.pool.query<{ event_id: string }>(
      `select event_id from events where stream_id = 'credit-market-FORESTRY-2025' order by global_position desc limit 1`,
    );
    await service.runtime.pool.query('delete from events where event_id = $1', [rows.rows[0]!.event_id]);
    const report = verifyLogResponse.parse(await (await auditor.request('GET', '/api/audit/verify')).json());
    expect(report.ok).toBe(false);
    expect(report.firstMismatch).toMatchObject({ kind: 'seal', sealNumber: 1 });
    expect(report.firstMismatch?.reason).toContain('covers');
  });

  it('lets only auditors, compliance and admins verify', async () => {
    expect((await trader.request('GET', '/api/audit/verify')).status).toBe(403);
    expect((await trader.request('POST', '/api/audit/seals')).status).toBe(403);
  });
});
