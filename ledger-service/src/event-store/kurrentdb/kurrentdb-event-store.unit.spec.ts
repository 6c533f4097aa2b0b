import { createHash } from 'node:crypto';
import { chainContent, type EventToAppend, START, WrongExpectedVersion } from '@carbon-ledger/contracts';
import { NO_STREAM, START as LOG_START } from '@kurrent/kurrentdb-client';
import { describe, expect, it } from 'vitest';
import {
  CHAIN_METADATA_KEY,
  chainedEvents,
  chainedRecords,
  JSON_METADATA_KEY,
  type KurrentRecord,
  pinnedStreamState,
  splitChainMetadata,
  toReadPosition,
  toRecordedEvent,
  toStoredContent,
  toWrongExpectedVersion,
} from './kurrentdb-event-store.js';

const streamId = 'order-3a7c1e52-9d4b-4f0e-8a61-2b5c7d9e0f13';
const metadata = {
  commandId: 'c1f0e2d3-4b5a-4969-8877-665544332211',
  correlationId: 'c2f0e2d3-4b5a-4969-8877-665544332211',
  causationId: 'c3f0e2d3-4b5a-4969-8877-665544332211',
  actor: { userId: 'user-1', role: 'trader' },
  schemaVersion: 1,
  recordedAt: '2026-11-22T10:00:00.000Z',
};
const placed: EventToAppend = {
  eventId: 'e1f0e2d3-4b5a-4969-8877-665544332211',
  type: 'OrderPlaced',
  data: { z: 1, a: [1, 'x'], price: '12.50', gone: undefined },
  metadata,
};
const cancelled: EventToAppend = {
  eventId: 'e2f0e2d3-4b5a-4969-8877-665544332211',
  type: 'OrderCancelled',
  data: { nested: { b: 2, a: 1 } },
  metadata,
};

function sha256(previous: Buffer, text: string): Buffer {
  return createHash('sha256').update(previous).update(text, 'utf8').digest();
}

/** What KurrentDB gives back for an event the adapter sent, at a revision and log position. */
function storedRecord(
  sent: ReturnType<typeof chainedEvents>[number],
  revision: bigint,
  position = { commit: 1_000n + revision, prepare: 1_000n + revision },
): KurrentRecord {
  return {
    streamId,
    id: sent.id,
    revision,
    type: sent.type,
    isJson: sent.contentType === 'application/json',
    data: JSON.parse(JSON.stringify(sent.data)),
    metadata: JSON.parse(JSON.stringify(sent.metadata)),
    position,
  };
}

describe('KurrentDB adapter: positions', () => {
  it('reads from the start of the log for no position or START, else from that position', () => {
    expect(toReadPosition(undefined)).toBe(LOG_START);
    expect(toReadPosition(START)).toBe(LOG_START);
    expect(toReadPosition({ commit: -1n, prepare: 7n })).toBe(LOG_START);
    expect(toReadPosition({ commit: 120n, prepare: 96n })).toEqual({ commit: 120n, prepare: 96n });
  });
});

describe('KurrentDB adapter: expected versions', () => {
  it("pins 'any' to the revision read, or to no stream", () => {
    expect(pinnedStreamState('any', 'no_stream')).toBe(NO_STREAM);
    expect(pinnedStreamState('any', 4n)).toBe(4n);
  });

  it("pins 'exists' to the revision read and fails it on a missing stream", () => {
    expect(pinnedStreamState('exists', 4n)).toBe(4n);
    expect(pinnedStreamState('exists', 'no_stream')).toBeUndefined();
  });

  it('keeps an explicit version only when the stream is at that version', () => {
    expect(pinnedStreamState(2n, 2n)).toBe(2n);
    expect(pinnedStreamState(2n, 1n)).toBeUndefined();
    expect(pinnedStreamState(0n, 'no_stream')).toBeUndefined();
  });

  it("maps KurrentDB's actual state to the port's WrongExpectedVersion", () => {
    const missing = toWrongExpectedVersion(streamId, 0n, 'no_stream');
    expect(missing).toBeInstanceOf(WrongExpectedVersion);
    expect(missing).toMatchObject({ streamId, expected: 0n, actual: 'no_stream' });
    expect(toWrongExpectedVersion(streamId, 5n, 0n)).toMatchObject({ actual: 0n });
    expect(toWrongExpectedVersion(streamId, 'no_stream', -1n)).toMatchObject({ actual: 'no_stream' });
  });
});

describe('KurrentDB adapter: hash chain', () => {
  it('chains each event to the previous one over its canonical content, starting from the given hash', () => {
    const stored = [placed, cancelled].map(toStoredContent);
    const sent = chainedEvents(streamId, Buffer.alloc(0), stored);

    const first = sha256(
      Buffer.alloc(0),
      chainContent({ streamId, eventId: placed.eventId, type: placed.type, data: { z: 1, a: [1, 'x'], price: '12.50' }, metadata }),
    );
    const second = sha256(first, chainContent({ streamId, ...cancelled }));
    expect(sent.map((event) => event.id)).toEqual([placed.eventId, cancelled.eventId]);
    expect(sent.map((event) => event.contentType)).toEqual(['application/json', 'application/json']);
    expect(sent[0]?.metadata).toEqual({ ...metadata, [CHAIN_METADATA_KEY]: { hash: first.toString('hex') } });
    expect(sent[1]?.metadata).toEqual({ ...metadata, [CHAIN_METADATA_KEY]: { hash: second.toString('hex') } });

    const continued = chainedEvents(streamId, second, [toStoredContent(placed)]);
    const third = sha256(second, chainContent({ streamId, ...toStoredContent(placed) }));
    expect(continued[0]?.metadata).toMatchObject({ [CHAIN_METADATA_KEY]: { hash: third.toString('hex') } });
  });

  it('hashes what readers get back, so the chain verifies from read events', () => {
    const sent = chainedEvents(streamId, Buffer.alloc(0), [placed, cancelled].map(toStoredContent));
    const read = sent.map((event, index) => toRecordedEvent(storedRecord(event, BigInt(index))));
    let previous: Buffer = Buffer.alloc(0);
    for (const event of read) {
      expect(event).toBeDefined();
      if (!event) continue;
      const expected = sha256(previous, chainContent(event));
      expect(event.hash).toBe(expected.toString('hex'));
      previous = expected;
    }
  });

  it('refuses metadata that is not a JSON object', () => {
    expect(() => toStoredContent({ ...placed, metadata: 'plain' as unknown as EventToAppend['metadata'] })).toThrow(TypeError);
  });
});

describe('KurrentDB adapter: recorded events', () => {
  const [sent] = chainedEvents(streamId, Buffer.alloc(0), [toStoredContent(placed)]);
  if (!sent) throw new Error('no event to record');

  it('gives back the metadata as written, without the chain member, and the hash beside it', () => {
    const event = toRecordedEvent(storedRecord(sent, 3n, { commit: 5_000n, prepare: 4_800n }));
    expect(event).toEqual({
      streamId,
      streamVersion: 3n,
      eventId: placed.eventId,
      type: 'OrderPlaced',
      data: { z: 1, a: [1, 'x'], price: '12.50' },
      metadata,
      position: { commit: 5_000n, prepare: 4_800n },
      hash: splitChainMetadata(sent.metadata)?.hash,
    });
    expect(event?.metadata).not.toHaveProperty(CHAIN_METADATA_KEY);
  });

  it('sends an event of a multi-stream append with string properties only (what the server takes), and reads it back as written, with the same chain', () => {
    const [record] = chainedRecords(streamId, Buffer.alloc(0), [toStoredContent(placed)]);
    if (!record) throw new Error('no record');
    expect(Object.values(record.metadata as Record<string, unknown>).every((value) => typeof value === 'string')).toBe(true);
    expect(Object.keys(record.metadata as Record<string, unknown>)).toEqual([JSON_METADATA_KEY]);
    const single = toRecordedEvent(storedRecord(sent, 3n));
    const multi = toRecordedEvent({ ...storedRecord(sent, 3n), metadata: JSON.parse(JSON.stringify(record.metadata)) });
    expect(multi).toEqual(single);
    expect(multi?.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps an event written around the adapter, with an empty hash', () => {
    const event = toRecordedEvent({ ...storedRecord(sent, 0n), metadata });
    expect(event?.hash).toBe('');
    expect(event?.metadata).toEqual(metadata);
  });

  it('skips system events, link events, non-JSON data and non-object metadata', () => {
    const record = storedRecord(sent, 0n);
    expect(toRecordedEvent({ ...record, type: '$metadata' })).toBeUndefined();
    expect(toRecordedEvent({ ...record, type: '$>' })).toBeUndefined();
    expect(toRecordedEvent({ ...record, streamId: '$stats-127.0.0.1:2113' })).toBeUndefined();
    expect(toRecordedEvent({ ...record, isJson: false, data: new Uint8Array([1, 2]) })).toBeUndefined();
    expect(toRecordedEvent({ ...record, metadata: undefined })).toBeUndefined();
    expect(toRecordedEvent({ ...record, metadata: new Uint8Array([1]) })).toBeUndefined();
  });

  it('fails loudly when the server gives no log position', () => {
    expect(() => toRecordedEvent({ ...storedRecord(sent, 0n), position: undefined })).toThrow(/log position/);
  });
});
