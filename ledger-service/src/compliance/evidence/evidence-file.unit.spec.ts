import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import {
  canonicalJson,
  canonicalJsonByMembers,
  chainContent,
  comparePositions,
  type EventStore,
  type EvidenceEventRecord,
  type EvidenceExportRequest,
  exportEventTypes,
  formatPosition,
  type LedgerSealedData,
  type Position,
  type RecordedEvent,
  SEALS_STREAM,
  sealContent,
  START,
} from '@carbon-ledger/contracts';
import { MerkleStream, merkleRoot } from '../../shared/merkle.js';
import { CanonicalScanner } from './canonical-scanner.js';
import { evidenceLine, jsonExport } from './evidence-formats.js';
import { emptySummary, evidenceRecords } from './evidence-records.js';
import { verifyEvidenceFile } from './verify-evidence-file.js';

/** Keys in jsonb's order (shorter first), so the export has to sort them itself. */
function asJsonb(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(asJsonb);
  const entries = Object.entries(value).sort(([a], [b]) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([key, item]) => [key, asJsonb(item)]));
}

/** An in-memory log with the PostgreSQL adapter's hash chain; enough for the export to read. */
class MemoryLog implements Pick<EventStore, 'readAll' | 'readStream'> {
  readonly events: RecordedEvent[] = [];

  append(streamId: string, type: string, data: unknown): RecordedEvent {
    const stream = this.events.filter((event) => event.streamId === streamId);
    const previous = stream.at(-1);
    const base = {
      streamId,
      eventId: randomUUID(),
      type,
      data: asJsonb(JSON.parse(JSON.stringify(data))),
      metadata: asJsonb({
        commandId: randomUUID(),
        correlationId: 'c',
        causationId: 'c',
        actor: { userId: 'u-1', role: 'trader' },
        schemaVersion: 1,
        recordedAt: '2026-11-22T10:00:00.000Z',
      }) as RecordedEvent['metadata'],
    };
    const hash = createHash('sha256')
      .update(Buffer.from(previous?.hash ?? '', 'hex'))
      .update(chainContent(base), 'utf8')
      .digest('hex');
    const n = BigInt(this.events.length + 1);
    const event: RecordedEvent = { ...base, streamVersion: BigInt(stream.length), position: { commit: n, prepare: n }, hash };
    this.events.push(event);
    return event;
  }

  /** Seals everything not sealed yet, as the LedgerSealer does. */
  seal(sealedAt = '2026-11-22T11:00:00.000Z'): LedgerSealedData {
    const seals = this.events.filter((event) => event.streamId === SEALS_STREAM).map((event) => event.data as LedgerSealedData);
    const last = seals.at(-1);
    const from = last ? this.events.findIndex((event) => formatPosition(event.position) === last.toPosition) + 1 : 0;
    const covered = this.events.slice(from);
    const content = {
      sealNumber: (last?.sealNumber ?? 0) + 1,
      fromPosition: last?.toPosition ?? null,
      toPosition: formatPosition(covered.at(-1)!.position),
      eventCount: covered.length,
      merkleRoot: merkleRoot(covered.map((event) => Buffer.from(event.hash, 'hex'))).toString('hex'),
      prevSealHash: last?.sealHash ?? null,
    };
    const seal = { ...content, sealHash: createHash('sha256').update(sealContent(content)).digest('hex'), sealedAt };
    this.append(SEALS_STREAM, 'LedgerSealed', seal);
    return seal;
  }

  async readAll(options: { after?: Position; limit: number }): Promise<RecordedEvent[]> {
    return this.events.filter((event) => comparePositions(event.position, options.after ?? START) > 0).slice(0, options.limit);
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    return this.events.filter((event) => event.streamId === streamId);
  }
}

const dir = mkdtempSync(join(tmpdir(), 'evidence-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const full: EvidenceExportRequest = { exportType: 'full', dateRange: {}, includeKYC: true, includeBlockchain: true, format: 'json' };

async function exportTo(log: MemoryLog, name: string, request: EvidenceExportRequest = full): Promise<string> {
  const path = join(dir, name);
  const summary = emptySummary();
  const records = evidenceRecords(log as unknown as EventStore, request, summary);
  await pipeline(Readable.from(jsonExport({ request, generatedAt: new Date('2026-11-22T12:00:00Z'), summary, records })), createWriteStream(path));
  return path;
}

/** A log of orders in a few streams, partly sealed, with the awkward values JSON allows. */
function sampleLog(): MemoryLog {
  const log = new MemoryLog();
  for (let n = 0; n < 40; n += 1) {
    log.append(`order-${n % 3}`, n % 5 === 4 ? 'OrderCancelled' : 'OrderPlaced', {
      orderId: `o-${n}`,
      side: n % 2 ? 'buy' : 'sell',
      amount: n + 1,
      price: '12.50',
      vintage: 2025,
    });
  }
  log.append('project-1', 'ProjectRegistered', {
    name: 'São Paulo reforestation — fase 2 ✓ 🌳',
    notes: 'line\nbreak, "quoted", tab\t, bell\u0007, slash / and \\ backslash',
    ratio: 0.1 + 0.2,
    big: 1e21,
    small: -1.5e-7,
    zero: 0,
    '10': 'ten',
    '9': 'nine',
    list: [1, 'two', { b: 2, a: [true, false, null] }, []],
    nested: { z: {}, y: { x: 'deep' } },
  });
  log.seal();
  for (let n = 0; n < 7; n += 1) log.append(`order-${n % 2}`, 'OrderPlaced', { orderId: `late-${n}`, amount: n, price: '9.99' });
  return log;
}

describe('canonical text', () => {
  const values: unknown[] = [
    null,
    true,
    false,
    0,
    -0,
    1,
    -1,
    1.5,
    0.1 + 0.2,
    1e21,
    1e-7,
    -1.5e-7,
    2 ** 53 + 2,
    123456789012345,
    1234567890123456,
    '',
    'plain',
    'é ✓ 🌳',
    'quote " backslash \\ slash /',
    'controls \b\f\n\r\t \u0000 \u001f \u007f',
    '\u2028\u2029',
    'lone \ud800 surrogate',
    [],
    {},
    [1, [2, [3]]],
    { b: 1, a: 2 },
    { '10': 1, '9': 2, a: 3 },
    { é: 1, e: 2, z: 3 },
    { 'a"b': 1, 'a\\b': 2 },
    { '\ud83c\udf33': 1, '\uffff': 2 },
    { a: { c: [{ e: 1, d: 2 }], b: null } },
    { ['__proto__']: { x: 1 }, y: 2 },
  ];
  const parsed = (value: unknown): unknown => JSON.parse(JSON.stringify(value) ?? 'null');

  it("the exporter's canonicalJson writes what the definition writes", () => {
    for (const value of values) expect(canonicalJsonByMembers(parsed(value)), JSON.stringify(value)).toBe(canonicalJson(parsed(value)));
    expect(canonicalJsonByMembers(JSON.parse('{"__proto__":{"b":1,"a":2},"x":1}'))).toBe(canonicalJson(JSON.parse('{"__proto__":{"b":1,"a":2},"x":1}')));
    expect(canonicalJsonByMembers(new Date(0))).toBe(canonicalJson(new Date(0)));
    expect(canonicalJsonByMembers({ a: undefined, b: [undefined], c: 5n })).toBe(canonicalJson({ a: undefined, b: [undefined], c: 5n }));
  });

  const scan = (text: string): boolean => {
    const bytes = Buffer.from(text);
    const scanner = new CanonicalScanner();
    scanner.reset(bytes, bytes.length);
    return scanner.value(0) === bytes.length;
  };

  it('accepts the canonical texts it handles', () => {
    for (const value of values) {
      const text = canonicalJson(parsed(value));
      // Escaped or non-ASCII keys and lone surrogates are left to the slow path.
      const handled = !/lone|__proto__/.test(text) && !/"[^"]*[^\x20-\x7e][^"]*":/.test(text) && !text.includes('"a\\"b"');
      if (handled) expect(scan(text), text).toBe(true);
    }
  });

  it('accepts only canonical texts', () => {
    const texts = [
      '{"a":1, "b":2}',
      ' 1',
      '{"b":1,"a":2}',
      '{"a":1,"a":2}',
      '1.50',
      '1.0',
      '-0',
      '01',
      '1E5',
      '1e5',
      '100000000000000000000000',
      '0.1e1',
      '"\\u0041"',
      '"\\/"',
      '"\\u000a"',
      '"\\u001F"',
      '"a\u0001"',
      '[1,]',
      '{"a":1,}',
      '{"a"}',
      'nul',
      'true1',
      '"unterminated',
      '{"10":1,"9":2}',
      '[01]',
      '{"a":[1 ,2]}',
      '1.7976931348623157e309',
      'NaN',
    ];
    for (const text of texts) {
      let canonical: boolean;
      try {
        canonical = canonicalJson(JSON.parse(text)) === text;
      } catch {
        canonical = false;
      }
      expect(scan(text), text).toBe(canonical);
    }
    // Bytes that are not well-formed UTF-8: overlong, surrogate, truncated, stray continuation.
    for (const bytes of [
      [0x22, 0xc0, 0xaf, 0x22],
      [0x22, 0xed, 0xa0, 0x80, 0x22],
      [0x22, 0xe2, 0x82, 0x22],
      [0x22, 0x80, 0x22],
      [0x22, 0xf5, 0x80, 0x80, 0x80, 0x22],
    ]) {
      const scanner = new CanonicalScanner();
      scanner.reset(Buffer.from(bytes), bytes.length);
      expect(scanner.value(0)).toBe(-1);
    }
  });
});

describe('streaming Merkle root', () => {
  it('matches the sealer for every size up to 40', () => {
    const leaves = Array.from({ length: 40 }, (_, n) => createHash('sha256').update(`leaf ${n}`).digest());
    for (let size = 0; size <= leaves.length; size += 1) {
      const stream = new MerkleStream();
      for (const leaf of leaves.slice(0, size)) stream.push(leaf);
      expect(stream.count).toBe(size);
      expect(stream.root().toString('hex'), `size ${size}`).toBe(merkleRoot(leaves.slice(0, size)).toString('hex'));
    }
  });
});

describe('JSON evidence file, verified offline', () => {
  it('writes each event with its hashed content first and verifies it', async () => {
    const log = sampleLog();
    const path = await exportTo(log, 'full.json');
    const text = readFileSync(path, 'utf8');
    const lines = text.split('\n');
    const project = lines.find((line) => line.includes('ProjectRegistered'))!.replace(/,$/, '');
    const record = JSON.parse(project) as { event: { data: unknown; metadata: unknown; eventId: string; streamId: string; type: string } };
    expect(project.startsWith(`{"event":${chainContent(record.event).slice(0, -1)},"hash":`)).toBe(true);
    const result = await verifyEvidenceFile(path);
    // The seal's own LedgerSealed event is newer than the seal.
    expect(result).toMatchObject({ ok: true, events: log.events.length, leaves: 0, seals: 1, unsealedEvents: 8, entryPoints: 0 });
  });

  it('verifies a selection, whose other sealed events are listed by hash', async () => {
    const log = sampleLog();
    const path = await exportTo(log, 'trades.json', { ...full, exportType: 'trades', includeKYC: false, includeBlockchain: false });
    const trades = exportEventTypes.trades as readonly string[];
    const selected = log.events.filter((event) => trades.includes(event.type)).length;
    expect(selected).toBeGreaterThan(0);
    expect(await verifyEvidenceFile(path)).toMatchObject({ ok: true, events: selected, leaves: log.events.length - selected, seals: 1 });
  });

  it('still verifies files written member by member in the earlier layout, and with CRLF line breaks', async () => {
    const log = sampleLog();
    const path = await exportTo(log, 'layout.json');
    const lines = readFileSync(path, 'utf8').split('\n');
    // The earlier writer: JSON.stringify of the record, data and metadata in the store's key order.
    const earlier = lines.map((line) => {
      const match = /^(\{"event".*\}\})(,?)$/.exec(line);
      if (!match) return line;
      const { event } = JSON.parse(match[1]!) as { event: Record<string, unknown> & { eventId: string } };
      const stored = log.events.find((candidate) => candidate.eventId === event.eventId)!;
      const legacy = {
        event: {
          streamId: event.streamId,
          streamVersion: event.streamVersion,
          eventId: event.eventId,
          type: event.type,
          position: event.position,
          data: stored.data,
          metadata: stored.metadata,
          hash: event.hash,
          prevHash: event.prevHash,
          sealNumber: event.sealNumber,
        },
      };
      return `${JSON.stringify(legacy)}${match[2]}`;
    });
    const manifestAt = earlier.findIndex((line) => line.startsWith('],"manifest":'));
    const manifest = JSON.parse(earlier[manifestAt]!.slice('],"manifest":'.length, -1)) as Record<string, unknown>;
    const records = earlier.slice(1, manifestAt).map((line) => line.replace(/,$/, ''));
    manifest.sha256 = createHash('sha256')
      .update(records.map((line) => `${line}\n`).join(''))
      .digest('hex');
    earlier[manifestAt] = `],"manifest":${canonicalJson(manifest)}}`;
    expect(earlier[1]).not.toBe(lines[1]);
    writeFileSync(join(dir, 'earlier.json'), earlier.join('\n'));
    expect(await verifyEvidenceFile(join(dir, 'earlier.json'))).toMatchObject({ ok: true, events: log.events.length, entryPoints: 0 });
    writeFileSync(join(dir, 'crlf.json'), lines.join('\r\n'));
    expect(await verifyEvidenceFile(join(dir, 'crlf.json'))).toMatchObject({ ok: true, events: log.events.length });
  });

  it('reads lines longer than its read buffer', async () => {
    const log = new MemoryLog();
    log.append('project-2', 'ProjectRegistered', { description: 'x'.repeat(9 * 1024 * 1024), name: 'big' });
    log.seal();
    expect(await verifyEvidenceFile(await exportTo(log, 'long.json'))).toMatchObject({ ok: true, events: 2, seals: 1 });
  });

  describe('names the first mismatch', () => {
    const tampered = async (name: string, change: (text: string) => string) => {
      const original = readFileSync(await exportTo(sampleLog(), `${name}-original.json`), 'utf8');
      const changed = change(original);
      expect(changed).not.toBe(original);
      writeFileSync(join(dir, name), changed);
      return verifyEvidenceFile(join(dir, name));
    };
    /** Rewrites the first record line matching `pattern` and gives it a hash over its new bytes, as a forger would. */
    const rehashed = (pattern: RegExp, rewrite: (line: string) => string) => (text: string) => {
      const lines = text.split('\n');
      const index = lines.findIndex((line) => pattern.test(line));
      const line = rewrite(lines[index]!);
      const content = /^\{"event":(.*),"hash":/.exec(line)![1]!;
      const prevHash = /"prevHash":"([0-9a-f]*)"/.exec(line)![1]!;
      const hash = createHash('sha256').update(Buffer.from(prevHash, 'hex')).update(`${content}}`).digest('hex');
      lines[index] = line.replace(/"hash":"[0-9a-f]{64}"/, `"hash":"${hash}"`);
      return lines.join('\n');
    };

    it('an altered event', async () => {
      const result = await tampered('altered.json', (text) => text.replace('"price":"12.50"', '"price":"1.25"'));
      expect(result.ok).toBe(false);
      expect(result.firstMismatch).toEqual({
        line: 2,
        reason: expect.stringMatching(/^event .* \(OrderPlaced, stream order-0 version 0\) does not match its hash$/),
      });
    });

    it('an unsealed event rewritten with a hash over bytes that are not its canonical content', async () => {
      const late = /"price":"9\.99"/;
      for (const rewrite of [
        (line: string) => line.replace('"price":"9.99"', '"price": "9.99"'),
        (line: string) => line.replace('"price":"9.99"', '"price":"9.99","price":"0.01"'),
        (line: string) => line.replace('"amount":0', '"amount":0.0'),
        (line: string) => line.replace('"orderId":"late-0"', '"orderId":"\\u006cate-0"'),
      ]) {
        const result = await tampered('rehashed.json', rehashed(late, rewrite));
        expect(result.firstMismatch?.reason).toMatch(/^event .* \(OrderPlaced, stream order-0 version \d+\) does not match its hash$/);
      }
      // The same forgery with canonical bytes is a different event that its hash does match, but the
      // stream's next event (late-2) still names the hash it had.
      const forged = await tampered(
        'forged.json',
        rehashed(late, (line) => line.replace('"price":"9.99"', '"price":"0.01"')),
      );
      expect(forged.firstMismatch?.reason).toMatch(
        /^event .* \(OrderPlaced, stream order-0 version 15\) lists prevHash [0-9a-f]{64}; expected [0-9a-f]{64}, the hash of version 14 of its stream in the file$/,
      );
      // A stream's last event has no successor to tell: only a seal (or here the manifest) could.
      const last = await tampered(
        'forged-last.json',
        rehashed(/"orderId":"late-6"/, (line) => line.replace('"price":"9.99"', '"price":"0.01"')),
      );
      expect(last.firstMismatch?.reason).toMatch(/manifest hash does not match/);
    });

    it('a sealed event rehashed, a removed record, a changed leaf, seal and manifest, and a truncated file', async () => {
      // o-38 is the last event of order-2: no later event of its stream names its hash.
      const sealedForgery = await tampered(
        'sealed-forgery.json',
        rehashed(/"orderId":"o-38"/, (line) => line.replace('"amount":39', '"amount":400')),
      );
      expect(sealedForgery.firstMismatch?.reason).toBe('seal 1: the Merkle root over its events does not match');
      // o-3 is not: o-6, the next event of order-0, tells before the seal does.
      const linkedForgery = await tampered(
        'linked-forgery.json',
        rehashed(/"orderId":"o-3"/, (line) => line.replace('"amount":4', '"amount":400')),
      );
      expect(linkedForgery.firstMismatch).toEqual({
        line: 8,
        reason: expect.stringMatching(
          /^event .* \(OrderPlaced, stream order-0 version 2\) lists prevHash [0-9a-f]{64}; expected [0-9a-f]{64}, the hash of version 1 of its stream in the file$/,
        ),
      });

      const removed = await tampered('removed.json', (text) => text.replace(/\n\{"event":[^\n]*"orderId":"o-38"[^\n]*/, ''));
      expect(removed.firstMismatch?.reason).toBe('seal 1 covers 41 events; the file lists 40 in its range');
      // o-7 (order-1 version 2) removed: order-1 jumps from version 1 to 3.
      const gap = await tampered('removed-gap.json', (text) => text.replace(/\n\{"event":[^\n]*"orderId":"o-7"[^\n]*/, ''));
      expect(gap.firstMismatch).toEqual({
        line: 11,
        reason: expect.stringMatching(/^event .* \(OrderPlaced, stream order-1 version 3\) follows version 1 of its stream in the file; expected version 2$/),
      });

      const leafFile = await exportTo(sampleLog(), 'leaves.json', { ...full, exportType: 'projects' });
      const leafText = readFileSync(leafFile, 'utf8');
      const leaf = /"leaf":"([0-9a-f]{64})"/.exec(leafText)![1]!;
      writeFileSync(
        join(dir, 'leaf.json'),
        leafText.replace(
          leaf,
          leaf.replace(/^./, (digit) => (digit === '0' ? '1' : '0')),
        ),
      );
      expect((await verifyEvidenceFile(join(dir, 'leaf.json'))).firstMismatch?.reason).toBe('seal 1: the Merkle root over its events does not match');
      writeFileSync(join(dir, 'leaf-upper.json'), leafText.replace(leaf, leaf.toUpperCase()));
      expect((await verifyEvidenceFile(join(dir, 'leaf-upper.json'))).firstMismatch?.reason).toBe('a leaf is not a SHA-256 hash');

      const seal = await tampered('seal.json', (text) => text.replace(/("seal":\{[^\n]*"sealHash":")[0-9a-f]/, '$1x'));
      expect(seal.firstMismatch?.reason).toBe('seal 1: its hash does not match its content');

      const manifest = await tampered('manifest.json', (text) => text.replace(/"records":(\d+)/, (_, count: string) => `"records":${Number(count) + 1}`));
      expect(manifest.firstMismatch?.reason).toBe('the manifest counts do not match the records');

      const extra = await tampered('extra.json', (text) =>
        text.replace(/\n\],"manifest"/, `,\n${evidenceLine({ leaf: '0'.repeat(64), position: '1:1' })}\n],"manifest"`),
      );
      expect(extra.firstMismatch?.reason).toMatch(/manifest hash does not match/);

      const truncated = await tampered('truncated.json', (text) => text.split('\n').slice(0, -3).join('\n'));
      expect(truncated.firstMismatch?.reason).toContain('truncated');

      const notJson = await tampered('not-json.json', (text) => text.replace('{"event":{"data":{"amount":3', '{"event":{"data":{"amount":3,'));
      expect(notJson.firstMismatch).toEqual({ line: 4, reason: 'a record is not valid JSON' });
    });
  });
});

describe("each event links to its stream's previous event in the file", () => {
  const MANIFEST = '],"manifest":';
  type Layout = 'exporter' | 'reordered';
  /** The exporter's layout is checked on its bytes; members in another order make the verifier parse the line. */
  const layouts: readonly Layout[] = ['exporter', 'reordered'];

  const linesOf = async (log: MemoryLog, name: string, request: EvidenceExportRequest = full): Promise<string[]> =>
    readFileSync(await exportTo(log, name, request), 'utf8').split('\n');
  const indexOf = (lines: readonly string[], pattern: RegExp): number => {
    const index = lines.findIndex((line) => line.startsWith('{"event":') && pattern.test(line));
    expect(index, String(pattern)).toBeGreaterThan(0);
    return index;
  };
  const eventAt = (lines: readonly string[], index: number): EvidenceEventRecord =>
    (JSON.parse(lines[index]!.replace(/,$/, '')) as { event: EvidenceEventRecord }).event;

  /** Rewrites an event line, its hash recomputed over its (changed) prevHash and content, as a forger would. */
  const rewrite = (lines: string[], index: number, layout: Layout, change: (event: EvidenceEventRecord) => EvidenceEventRecord): EvidenceEventRecord => {
    const changed = change(eventAt(lines, index));
    const hash = createHash('sha256').update(Buffer.from(changed.prevHash, 'hex')).update(chainContent(changed), 'utf8').digest('hex');
    const event = { ...changed, hash };
    const { streamId, streamVersion, ...rest } = event;
    const line = layout === 'exporter' ? evidenceLine({ event }) : JSON.stringify({ event: { streamId, streamVersion, ...rest } });
    expect(line.startsWith('{"event":{"data":')).toBe(layout === 'exporter');
    lines[index] = lines[index]!.endsWith(',') ? `${line},` : line;
    return event;
  };

  /** Writes the lines with a manifest that fits them, so only the records themselves can give a forgery away. */
  const verified = async (name: string, lines: readonly string[]) => {
    const manifestAt = lines.findIndex((line) => line.startsWith(MANIFEST));
    const records = lines.slice(1, manifestAt).map((line) => line.replace(/,$/, ''));
    const manifest = JSON.parse(lines[manifestAt]!.slice(MANIFEST.length, -1)) as Record<string, unknown>;
    manifest.sha256 = createHash('sha256')
      .update(records.map((line) => `${line}\n`).join(''))
      .digest('hex');
    manifest.records = records.length;
    manifest.events = records.filter((line) => line.startsWith('{"event":')).length;
    const path = join(dir, name);
    writeFileSync(path, [...lines.slice(0, manifestAt), `${MANIFEST}${canonicalJson(manifest)}}`, ...lines.slice(manifestAt + 1)].join('\n'));
    return verifyEvidenceFile(path);
  };

  it("refuses an unsealed event whose prevHash is not the hash of its stream's previous event, on either path", async () => {
    const lines = await linesOf(sampleLog(), 'link-original.json');
    // late-0 and late-2 are versions 14 and 15 of order-0, late-1 is order-1's, all newer than the seal.
    const previous = eventAt(lines, indexOf(lines, /"orderId":"late-0"/));
    const other = eventAt(lines, indexOf(lines, /"orderId":"late-1"/));
    const at = indexOf(lines, /"orderId":"late-2"/);
    expect(await verified('link-untouched.json', lines)).toMatchObject({ ok: true, entryPoints: 0 });
    for (const layout of layouts) {
      const forged = [...lines];
      const event = rewrite(forged, at, layout, (original) => ({ ...original, prevHash: other.hash }));
      const result = await verified(`link-${layout}.json`, forged);
      expect(result.ok, layout).toBe(false);
      expect(result.firstMismatch, layout).toEqual({
        line: at + 1,
        reason: `event ${event.eventId} (OrderPlaced, stream order-0 version 15) lists prevHash ${other.hash}; expected ${previous.hash}, the hash of version 14 of its stream in the file`,
      });
    }
  });

  it('refuses a stream version that skips one, and an unsealed event removed from its stream, on either path', async () => {
    const lines = await linesOf(sampleLog(), 'gap-original.json');
    const at = indexOf(lines, /"orderId":"late-2"/);
    for (const layout of layouts) {
      const forged = [...lines];
      // The chained content leaves the version out: the hash stays right, the version jumps from 14 to 16.
      const event = rewrite(forged, at, layout, (original) => ({ ...original, streamVersion: '16' }));
      expect(await verified(`gap-${layout}.json`, forged)).toMatchObject({
        ok: false,
        firstMismatch: {
          line: at + 1,
          reason: `event ${event.eventId} (OrderPlaced, stream order-0 version 16) follows version 14 of its stream in the file; expected version 15`,
        },
      });
    }
    // late-2 taken out of the unsealed tail, the manifest written anew: late-4 (version 16) now follows version 14.
    const removed = [...lines.slice(0, at), ...lines.slice(at + 1)];
    const next = eventAt(removed, indexOf(removed, /"orderId":"late-4"/));
    expect((await verified('gap-removed.json', removed)).firstMismatch).toEqual({
      line: indexOf(removed, /"orderId":"late-4"/) + 1,
      reason: `event ${next.eventId} (OrderPlaced, stream order-0 version 16) follows version 14 of its stream in the file; expected version 15`,
    });
  });

  it("refuses a stream's first event (version 0) that lists a prevHash, on either path", async () => {
    const log = sampleLog();
    log.append('order-9', 'OrderPlaced', { orderId: 'new-0', amount: 1, price: '5.00' });
    log.append('order-9', 'OrderPlaced', { orderId: 'new-1', amount: 2, price: '5.00' });
    const lines = await linesOf(log, 'first-original.json');
    const claimed = eventAt(lines, indexOf(lines, /"orderId":"late-6"/)).hash;
    const first = indexOf(lines, /"orderId":"new-0"/);
    const second = indexOf(lines, /"orderId":"new-1"/);
    for (const layout of layouts) {
      const forged = [...lines];
      // Version 0 claims a predecessor; version 1 is rehashed to follow it, so the chain is consistent.
      const event = rewrite(forged, first, layout, (original) => ({ ...original, prevHash: claimed }));
      rewrite(forged, second, layout, (original) => ({ ...original, prevHash: event.hash }));
      expect(await verified(`first-${layout}.json`, forged)).toMatchObject({
        ok: false,
        firstMismatch: {
          line: first + 1,
          reason: `event ${event.eventId} (OrderPlaced, stream order-9 version 0) is its stream's first event (version 0) but lists prevHash ${claimed}; expected none`,
        },
      });
    }
  });

  it('verifies an export of a range that starts mid-stream, counting the streams it enters mid-chain', async () => {
    const log = new MemoryLog();
    for (let n = 0; n < 9; n += 1) log.append(`order-${n % 3}`, 'OrderPlaced', { orderId: `o-${n}`, amount: n + 1, price: '12.50' });
    log.seal('2026-11-22T09:00:00.000Z');
    // order-0 and order-1 go on in the range, order-2 does not, order-5 starts in it.
    for (let n = 0; n < 6; n += 1) log.append(`order-${[0, 1, 5][n % 3]}`, 'OrderPlaced', { orderId: `r-${n}`, amount: n + 1, price: '9.99' });
    log.seal('2026-11-22T11:00:00.000Z');
    log.append('order-0', 'OrderCancelled', { orderId: 'r-0' });
    // The range starts at the second seal's: the first seal's LedgerSealed (version 0 of its stream) is in it.
    const range: EvidenceExportRequest = { ...full, dateRange: { from: '2026-11-22T10:00:00.000Z' } };
    const lines = await linesOf(log, 'range.json', range);
    const entered = eventAt(lines, indexOf(lines, /"orderId":"r-0"/));
    expect(entered).toMatchObject({
      streamId: 'order-0',
      streamVersion: '3',
      prevHash: log.events.find((event) => event.data && (event.data as { orderId?: string }).orderId === 'o-6')!.hash,
    });
    expect(lines.some((line) => /"orderId":"o-/.test(line))).toBe(false);
    const result = await verified('range-untouched.json', lines);
    expect(result).toMatchObject({ ok: true, events: 6 + 2 + 1, leaves: 0, seals: 1, entryPoints: 2 });

    // A stream entered mid-chain still has to name a predecessor: version 3 with none is a forgery.
    for (const layout of layouts) {
      const forged = [...lines];
      const at = indexOf(forged, /"orderId":"r-0"/);
      const event = rewrite(forged, at, layout, (original) => ({ ...original, prevHash: '' }));
      expect((await verified(`range-${layout}.json`, forged)).firstMismatch, layout).toEqual({
        line: at + 1,
        reason: `event ${event.eventId} (OrderPlaced, stream order-0 version 3) lists no prevHash; only a stream's first event (version 0) has none`,
      });
    }
  });

  it("takes a selection's versions listed by hash as an entry point, but only as many as there are leaves in between", async () => {
    const log = new MemoryLog();
    log.append('batch-1', 'CreditsRetired', { serials: '1-10' });
    log.append('batch-1', 'OrderPlaced', { orderId: 'x-1' });
    log.append('batch-2', 'CreditsRetired', { serials: '11-20' });
    log.append('batch-1', 'OrderCancelled', { orderId: 'x-1' });
    log.append('batch-1', 'CreditsRetired', { serials: '21-30' });
    log.append('batch-2', 'CreditsRetired', { serials: '31-40' });
    const lines = await linesOf(log, 'selection.json', { ...full, exportType: 'retirements' });
    // batch-1 version 3 follows version 0 across two leaves; batch-2 links version 0 to 1 directly.
    expect(await verified('selection-untouched.json', lines)).toMatchObject({ ok: true, events: 4, leaves: 2, entryPoints: 1 });

    const at = indexOf(lines, /"serials":"21-30"/);
    const forged = [...lines];
    const event = rewrite(forged, at, 'exporter', (original) => ({ ...original, streamVersion: '4' }));
    expect((await verified('selection-gap.json', forged)).firstMismatch).toEqual({
      line: at + 1,
      reason: `event ${event.eventId} (CreditsRetired, stream batch-1 version 4) follows version 0 of its stream in the file; expected version 1 (the 2 events listed by hash since cannot hold versions 1 to 3)`,
    });
  });

  it('keeps the head of each of thousands of streams, and still finds a broken link among them', async () => {
    const log = new MemoryLog();
    const streams = 2500;
    // Ids of 14 to 77 characters and a second event of each stream in the reverse order, past several resizes of the heads.
    const id = (n: number) => `account-${String(n).padStart(5, '0')}-${'x'.repeat(n % 64)}`;
    for (let n = 0; n < streams; n += 1) log.append(id(n), 'OrderPlaced', { orderId: `a-${n}` });
    for (let n = streams - 1; n >= 0; n -= 1) log.append(id(n), 'OrderPlaced', { orderId: `b-${n}` });
    const lines = await linesOf(log, 'many.json');
    expect(await verified('many-untouched.json', lines)).toMatchObject({ ok: true, events: 2 * streams, entryPoints: 0 });
    const forged = [...lines];
    const at = indexOf(forged, /"orderId":"b-2321"/);
    const other = eventAt(forged, indexOf(forged, /"orderId":"a-2322"/)).hash;
    const event = rewrite(forged, at, 'exporter', (original) => ({ ...original, prevHash: other }));
    expect((await verified('many-forged.json', forged)).firstMismatch).toEqual({
      line: at + 1,
      reason: `event ${event.eventId} (OrderPlaced, stream ${id(2321)} version 1) lists prevHash ${other}; expected ${eventAt(lines, indexOf(lines, /"orderId":"a-2321"/)).hash}, the hash of version 0 of its stream in the file`,
    });
  });

  it('keeps the last hash of only so many streams, looks the others up, and writes the same verified file', async () => {
    const log = new MemoryLog();
    for (let round = 0; round < 3; round += 1) for (let n = 0; n < 20; n += 1) log.append(`funds-${n}`, 'OrderPlaced', { orderId: `${round}-${n}` });
    const kept = (await linesOf(log, 'heads-all.json')).join('\n');
    let lookups = 0;
    const counting = Object.assign(Object.create(log) as MemoryLog, {
      readStream: (streamId: string) => {
        if (streamId.startsWith('funds-')) lookups += 1;
        return log.readStream(streamId);
      },
    });
    const path = join(dir, 'heads-few.json');
    const summary = emptySummary();
    const records = evidenceRecords(counting as unknown as EventStore, full, summary, { keptHeads: 5 });
    await pipeline(Readable.from(jsonExport({ request: full, generatedAt: new Date('2026-11-22T12:00:00Z'), summary, records })), createWriteStream(path));
    // Twenty streams take turns: with five kept, every event after a stream's first is looked up.
    expect(lookups).toBe(40);
    expect(readFileSync(path, 'utf8')).toBe(kept);
    expect(await verifyEvidenceFile(path)).toMatchObject({ ok: true, events: 60 });
  });

  it('reads stream ids with escapes and non-ASCII characters alike on both paths', async () => {
    const log = new MemoryLog();
    const ids = ['projet-São-Tomé 🌳', 'odd "quoted" \\ id\ttab'];
    for (let n = 0; n < 6; n += 1) log.append(ids[n % 2]!, 'OrderPlaced', { orderId: `s-${n}`, amount: n });
    const lines = await linesOf(log, 'ids.json');
    expect(await verified('ids-untouched.json', lines)).toMatchObject({ ok: true, events: 6, entryPoints: 0 });
    // The middle event of each stream parsed, its neighbours read on their bytes: the streams still link up.
    const mixed = [...lines];
    for (const orderId of ['s-2', 's-3']) rewrite(mixed, indexOf(mixed, new RegExp(`"orderId":"${orderId}"`)), 'reordered', (event) => event);
    expect(mixed).not.toEqual(lines);
    expect(await verified('ids-mixed.json', mixed)).toMatchObject({ ok: true, events: 6, entryPoints: 0 });
  });
});

describe('the export reads the log ahead', () => {
  it('asks for the next page while the current one is written, and surfaces a failed read', async () => {
    const log = sampleLog();
    const failing = Object.assign(Object.create(log) as MemoryLog, {
      readAll: async (options: { after?: Position; limit: number }) => {
        if (options.after !== START) throw new Error('connection lost');
        return log.readAll(options);
      },
    });
    const records = evidenceRecords(failing as unknown as EventStore, full, emptySummary());
    await expect(
      (async () => {
        for await (const record of records) void record;
      })(),
    ).rejects.toThrow('connection lost');
  });
});
