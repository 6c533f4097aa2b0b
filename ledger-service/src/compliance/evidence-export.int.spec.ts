import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { XrplGateway } from '../infrastructure/xrpl/xrpl-gateway.js';
import { XRPL_GATEWAY } from '../infrastructure/xrpl/xrpl.tokens.js';
import { PlatformSubmissions } from '../shared/platform-submissions.js';
import { serviceForSuite, type SignedInClient } from '../test-support/service-under-test.js';
import { fundWithTestUsd } from '../test-support/test-usd.js';
import { verifiedAddress } from '../test-support/verified-address.js';
import { checkDocumentsFolder } from './evidence/documents-folder.js';
import { verifyEvidenceFile } from './evidence/verify-evidence-file.js';
import { pdfText } from '../test-support/pdf-text.js';

describe('evidence export from the event log, verified offline', () => {
  const service = serviceForSuite({ SEAL_INTERVAL_MS: '0' });
  let auditor: SignedInClient;
  let trader: SignedInClient;
  const dir = mkdtempSync(join(tmpdir(), 'evidence-'));
  const order = (amount: number) => ({ type: 'buy', amount, price: '12.50', projectType: 'Wind Energy', vintage: 2025 });

  beforeAll(async () => {
    auditor = await service.signIn(['auditor']);
    trader = await service.signIn(['trader']);
    // Trading needs a KYC-verified address.
    await verifiedAddress(service, trader);
    await fundWithTestUsd(trader);
    for (let n = 1; n <= 4; n += 1) await trader.request('POST', '/api/orders', order(n));
    expect((await auditor.request('POST', '/api/audit/seals')).status).toBe(201);
    await trader.request('POST', '/api/orders', order(99));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
  });

  async function download(body: unknown, name: string): Promise<{ path: string; response: Response }> {
    const response = await auditor.request('POST', '/api/export/evidence', body);
    const path = join(dir, name);
    writeFileSync(path, Buffer.from(await response.arrayBuffer()));
    return { path, response };
  }

  it('exports the full log as JSON with a timestamped name, and the file verifies', async () => {
    const { path, response } = await download({ exportType: 'full', dateRange: {}, includeKYC: true, includeBlockchain: true, format: 'json' }, 'full.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="evidence-export-\d{4}-\d\d-\d\dT[\d-]+Z\.json"/);
    const result = await verifyEvidenceFile(path);
    // From the start of the log every stream begins at version 0 in the file: no link is taken on trust.
    expect(result).toMatchObject({ ok: true, seals: 1, leaves: 0, entryPoints: 0 });
    expect(result.events).toBeGreaterThan(5);
    expect(result.unsealedEvents).toBeGreaterThanOrEqual(1);
  });

  it('exports only trades with their cash legs (each buy order’s hold beside it), lists the other sealed events by hash, and still verifies', async () => {
    const { path } = await download({ exportType: 'trades', includeKYC: false, includeBlockchain: false, format: 'json' }, 'trades.json');
    const text = readFileSync(path, 'utf8');
    const types = [...text.matchAll(/"type":"(\w+)"/g)].map((match) => match[1]);
    expect(new Set(types)).toEqual(new Set(['OrderPlaced', 'FundsReserved']));
    // 1 + 2 + 3 + 4 + 99 credits at 12.50, each with the 0.5% fee rounded up to the cent.
    const reserved = [...text.matchAll(/"amountCents":(\d+)/g)].map((match) => Number(match[1]));
    expect(reserved).toEqual([1_257, 2_513, 3_769, 5_025, 124_369]);
    const result = await verifyEvidenceFile(path);
    expect(result).toMatchObject({ ok: true, events: 10, seals: 1 });
    expect(result.leaves).toBeGreaterThan(0);
  });

  it('shows an auditor the cash in the full export: the faucet’s deposit, every hold and a payment held for review, and the file verifies', async () => {
    // A payment to the deposit address without a destination tag: the deposit watcher holds it for compliance review.
    const gateway = service.app.get<XrplGateway>(XRPL_GATEWAY);
    const untagged = await service.app.get(PlatformSubmissions).submit({
      key: `test-untagged-deposit:${randomUUID()}`,
      role: 'issuer',
      transaction: {
        TransactionType: 'Payment',
        Account: gateway.wallets.issuer.address,
        Destination: gateway.wallets.deposit.address,
        Amount: { currency: 'USD', issuer: gateway.wallets.issuer.address, value: '5' },
      },
      purpose: 'A deposit without a destination tag, in a test',
    });
    await expect
      .poll(async () => ((await (await auditor.request('GET', '/api/funds/held-deposits')).json()) as { total: number }).total, { timeout: 30_000 })
      .toBe(1);

    const { path } = await download({ exportType: 'full', format: 'json' }, 'cash.json');
    const events = readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('{"event"'))
      .map((line) => (JSON.parse(line.replace(/,$/, '')) as { event: { type: string; streamId: string; data: Record<string, unknown> } }).event);
    const deposits = events.filter((event) => event.type === 'FundsDeposited');
    expect(deposits).toEqual([
      expect.objectContaining({
        streamId: `funds-${trader.userId}`,
        data: expect.objectContaining({ amountCents: 100_000_000, txHash: expect.stringMatching(/^[0-9A-F]{64}$/) }),
      }),
    ]);
    expect(events.filter((event) => event.type === 'FundsReserved')).toHaveLength(5);
    expect(events.filter((event) => event.type === 'DepositHeld')).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ txHash: untagged.hash, amountCents: 500, reason: 'missing-tag' }) }),
    ]);
    expect(await verifyEvidenceFile(path)).toMatchObject({ ok: true });
  });

  it('catches an altered event, a removed record and a truncated file', async () => {
    const { path } = await download({ exportType: 'full', format: 'json' }, 'tamper.json');
    const original = readFileSync(path, 'utf8');

    // On an OrderPlaced line: the buyer's FundsReserved, before it, names the same price.
    const orderLine = original.split('\n').find((line) => line.includes('"OrderPlaced"'))!;
    writeFileSync(join(dir, 'altered.json'), original.replace(orderLine, orderLine.replace('"price":"12.50"', '"price":"1.25"')));
    const altered = await verifyEvidenceFile(join(dir, 'altered.json'));
    expect(altered.ok).toBe(false);
    expect(altered.firstMismatch?.reason).toMatch(/OrderPlaced.*does not match its hash/);

    const lines = original.split('\n');
    const removedIndex = lines.findIndex((line) => line.includes('"OrderPlaced"'));
    writeFileSync(join(dir, 'removed.json'), [...lines.slice(0, removedIndex), ...lines.slice(removedIndex + 1)].join('\n'));
    const removed = await verifyEvidenceFile(join(dir, 'removed.json'));
    expect(removed.ok).toBe(false);
    expect(removed.firstMismatch?.reason).toMatch(/seal 1 covers/);

    writeFileSync(join(dir, 'truncated.json'), lines.slice(0, -3).join('\n'));
    expect((await verifyEvidenceFile(join(dir, 'truncated.json'))).firstMismatch?.reason).toContain('truncated');
  });

  it('exports CSV rows and a one-page PDF summary', async () => {
    const csv = await auditor.request('POST', '/api/export/evidence', { exportType: 'trades', includeBlockchain: false, format: 'csv' });
    const rows = (await csv.text()).trim().split('\n');
    expect(rows[0]).toBe('position,recorded_at,stream_id,stream_version,event_id,type,seal_number,hash,prev_hash,actor,data');
    expect(rows).toHaveLength(11);
    expect(csv.headers.get('content-disposition')).toMatch(/\.csv"$/);

    const pdf = await auditor.request('POST', '/api/export/evidence', { exportType: 'full', format: 'pdf' });
    const summary = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(summary.pages).toBe(1);
    expect(summary.text).toContain('Evidence Export Summary');
    expect(summary.text).toContain('Manifest SHA-256');
  });

  it('lists every document the registry events cite, and checks a folder of downloaded documents against the hashes the log recorded', async () => {
    const proponent = await service.signIn(['issuer']);
    const pdd = Buffer.from('%PDF-1.4\n% project design document of PRJ-EVIDENCE\n%%EOF\n');
    const letter = Buffer.from('Letter of support for PRJ-EVIDENCE\n');
    const stored: { sha256: string }[] = [];
    for (const [bytes, type] of [
      [pdd, 'application/pdf'],
      [letter, 'text/plain'],
    ] as const) {
      const uploaded = await proponent.request('POST', '/api/documents', bytes, { 'content-type': type });
      expect(uploaded.status).toBe(201);
      stored.push((await uploaded.json()) as { sha256: string });
    }
    const year = new Date().getUTCFullYear();
    const draft = await proponent.request('POST', '/api/projects', {
      projectId: 'PRJ-EVIDENCE',
      name: 'Evidence project',
      projectType: 'Reforestation',
      hostCountry: 'BR',
      standard: 'Verra VCS',
      location: 'Serra do Mar',
      creditingPeriod: { start: `${year}-01-01`, end: `${year + 9}-12-31` },
      expectedAnnualQuantity: 1000,
      documents: [
        { sha256: stored[0]!.sha256, kind: 'project_design_document', name: 'pdd.pdf' },
        { sha256: stored[1]!.sha256, kind: 'letter', name: 'letter.txt' },
      ],
    });
    expect(draft.status, await draft.clone().text()).toBe(201);

    const { path } = await download({ exportType: 'projects', includeKYC: false, includeBlockchain: false, format: 'json' }, 'projects.json');
    expect(readFileSync(path, 'utf8')).toContain('"ProjectDrafted"');
    const result = await verifyEvidenceFile(path);
    expect(result.ok).toBe(true);
    // The sandbox pool's project cites its own documents before this one's.
    const ours = result.documents.filter((document) => stored.some((uploaded) => uploaded.sha256 === document.sha256));
    expect(ours.map((document) => [document.sha256, document.name])).toEqual([
      [stored[0]!.sha256, 'pdd.pdf'],
      [stored[1]!.sha256, 'letter.txt'],
    ]);
    expect(ours[0]!.citedBy).toContain('ProjectDrafted');

    // The auditor downloads the documents from the public registry into a folder, under any names.
    const folder = mkdtempSync(join(dir, 'documents-'));
    for (const [index, document] of stored.entries()) {
      const served = await service.anonymous('GET', `/api/registry/documents/${document.sha256}`);
      expect(served.status).toBe(200);
      writeFileSync(join(folder, index === 0 ? 'pdd.pdf' : 'downloaded-2'), Buffer.from(await served.arrayBuffer()));
    }
    expect(await checkDocumentsFolder(folder, ours)).toEqual({ matched: 2, changed: [], missing: [] });
    // One changed, one gone: each is named.
    writeFileSync(join(folder, 'pdd.pdf'), Buffer.concat([pdd, Buffer.from(' ')]));
    rmSync(join(folder, 'downloaded-2'));
    const check = await checkDocumentsFolder(folder, ours);
    expect(check.matched).toBe(0);
    expect(check.changed.map((changed) => changed.cited.name)).toEqual(['pdd.pdf']);
    expect(check.missing.map((missing) => missing.name)).toEqual(['letter.txt']);
  });

  it('refuses bad requests and roles that may not export', async () => {
    const bad = await auditor.request('POST', '/api/export/evidence', { exportType: 'everything', format: 'json' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'ValidationFailed', message: expect.stringContaining('exportType') });
    const reversed = await auditor.request('POST', '/api/export/evidence', { exportType: 'full', dateRange: { from: '2026-12-01', to: '2026-01-01' } });
    expect(reversed.status).toBe(400);
    expect((await trader.request('POST', '/api/export/evidence', { exportType: 'full' })).status).toBe(403);
  });

  it('compares the date range as instants, as the reports do, and names no internal path in the message', async () => {
    // The whole of 1 June (a bare end date) starts at its first instant: not inverted.
    const sameDay = { from: '2026-06-01T00:00:00Z', to: '2026-06-01' };
    const exported = await auditor.request('POST', '/api/export/evidence', { exportType: 'full', dateRange: sameDay, format: 'csv' });
    expect(exported.status).toBe(200);
    const report = await auditor.request('POST', '/api/compliance/reports', { framework: 'csrd', period: sameDay });
    expect(report.status).toBe(200);

    const reversed = await auditor.request('POST', '/api/export/evidence', {
      exportType: 'full',
      dateRange: { from: '2026-06-01T00:00:01Z', to: '2026-05-31' },
    });
    expect(reversed.status).toBe(400);
    expect(await reversed.json()).toEqual({
      error: 'ValidationFailed',
      message: 'The start of the date range must not be after its end',
      details: [{ path: 'dateRange', message: 'The start of the date range must not be after its end' }],
    });
    const badToken = await auditor.request('GET', '/api/provenance/not-a-token');
    expect(await badToken.json()).toMatchObject({ error: 'ValidationFailed', message: 'Token ID must look like SOLAR-2026-7F3A9C21' });
  });
});
