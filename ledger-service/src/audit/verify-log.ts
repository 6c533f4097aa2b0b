import { createHash, hash as digestOf } from 'node:crypto';
import {
  type AuditAnchoredData,
  chainContent,
  chainContentOfTexts,
  type EventStore,
  formatPosition,
  isAuditEvent,
  type LedgerSealedData,
  type LogMismatch,
  parsePosition,
  type Position,
  type RecordedEvent,
  type RecordedEventWithTexts,
  sealContent,
  START,
  type VerifyLogResponse,
} from '@carbon-ledger/contracts';
import { MerkleStream } from '../shared/merkle.js';

/** What an anchor memo says: `{ seal, root }` when well formed. */
export interface AnchorMemo {
  readonly seal?: unknown;
  readonly root?: unknown;
}

/** What the ledger holds under an anchor's transaction hash. */
export type AnchorOnLedger =
  /** No validated transaction with that hash. */
  | { readonly found: false }
  | {
      readonly found: true;
      /** The account that sent it, and the platform's audit-anchor account it must be. */
      readonly account: string | undefined;
      readonly anchorAccount: string;
      /** The seal number and root in its anchor memo; undefined when it carries none. */
      readonly memo: AnchorMemo | undefined;
    };

/** Looks an anchor transaction up on the ledger; undefined when the ledger cannot be asked. */
export type AnchorLookup = (anchor: AuditAnchoredData) => Promise<AnchorOnLedger | undefined>;

export interface VerifyOptions {
  readonly pageSize?: number;
  readonly lookupAnchor?: AnchorLookup;
  readonly onProgress?: (events: number) => void;
  /** Handed each event once its chain link is verified, in log order: the other checks fold the log in this one pass. */
  readonly onEvent?: (event: RecordedEvent) => void;
}

type Report = Omit<VerifyLogResponse, 'checkedAt'>;

/**
 * Walks the whole log in order and re-derives (1) every stream's hash chain from
 * the stored data, (2) every seal's Merkle root over the events it covers and
 * the chain of seal hashes, and (3) each anchor against the root on the ledger.
 * Stops at the first mismatch and names it.
 */
export async function verifyLog(eventStore: EventStore, options: VerifyOptions = {}): Promise<Report> {
  const pageSize = options.pageSize ?? 10_000;
  // Each stream's last verified version and hash (hex), updated in place.
  const heads = new Map<string, { version: bigint; hash: string }>();
  // Events after the last verified seal, waiting for the seal that covers them: their positions and
  // hashes in flat arrays (no object per event), consumed from the front as seals cover them.
  const pending = new PendingLeaves();
  let lastSeal: LedgerSealedData | undefined;
  const seals = new Map<number, LedgerSealedData>();
  const anchors: { data: AuditAnchoredData; position: string }[] = [];
  let checked = 0;
  let sealsChecked = 0;
  // What one event's hash covers: the previous hash's 32 bytes, then the chain content in UTF-8,
  // written into one reused buffer and hashed in one call (no Hash object per event).
  let input = Buffer.alloc(64 * 1024);

  const result = (mismatch?: LogMismatch): Report => ({
    ok: mismatch === undefined,
    eventsChecked: checked,
    streamsChecked: heads.size,
    sealsChecked,
    anchorsChecked: 0,
    anchorsUnchecked: 0,
    unsealedEvents: pending.length,
    ...(mismatch ? { firstMismatch: mismatch } : {}),
  });
  const eventMismatch = (event: RecordedEvent, reason: string): Report =>
    result({
      kind: 'event',
      streamId: event.streamId,
      streamVersion: event.streamVersion.toString(),
      eventId: event.eventId,
      position: formatPosition(event.position),
      reason,
    });

  /** sha256 over the previous hash's bytes and the content's UTF-8, in hex. */
  const linkHash = (previousHash: string | undefined, content: string): string => {
    // UTF-8 takes at most 3 bytes per UTF-16 code unit.
    if (input.length < 32 + content.length * 3) input = Buffer.alloc(2 * (32 + content.length * 3));
    const prefix = previousHash ? input.write(previousHash, 0, 'hex') : 0;
    const length = prefix + input.write(content, prefix, 'utf8');
    return digestOf('sha256', input.subarray(0, length), 'hex');
  };
  // Where the store hands over the JSON it holds, that text is hashed as stored: it is what the
  // writer hashed. Otherwise, or where it differs (a log whose JSON a migration wrote out again),
  // the values are written canonically, as the writer did.
  const readPage = (after: Position): Promise<readonly (RecordedEvent | RecordedEventWithTexts)[]> =>
    eventStore.readAllWithTexts ? eventStore.readAllWithTexts({ after, limit: pageSize }) : eventStore.readAll({ after, limit: pageSize });

  for (let after: Position = START; ;) {
    const page = await readPage(after);
    for (const event of page) {
      const head = heads.get(event.streamId);
      const expectedVersion = head ? head.version + 1n : 0n;
      if (event.streamVersion !== expectedVersion) {
        return eventMismatch(event, `stream version ${event.streamVersion} where ${expectedVersion} was expected (an event is missing or moved)`);
      }
      let hash = 'dataText' in event ? linkHash(head?.hash, chainContentOfTexts(event, event.dataText, event.metadataText)) : undefined;
      if (hash !== event.hash) hash = linkHash(head?.hash, chainContent(event));
      if (hash !== event.hash) {
        return eventMismatch(event, 'stored data does not match its hash (the event, or one before it in the stream, was altered)');
      }
      if (head) {
        head.version = event.streamVersion;
        head.hash = hash;
      } else heads.set(event.streamId, { version: event.streamVersion, hash });
      checked += 1;

      if (isAuditEvent(event) && event.type === 'LedgerSealed') {
        const seal = event.data;
        const problem = checkSeal(seal, lastSeal, pending);
        if (problem) return result({ kind: 'seal', sealNumber: seal.sealNumber, position: formatPosition(event.position), reason: problem });
        lastSeal = seal;
        seals.set(seal.sealNumber, seal);
        sealsChecked += 1;
      } else if (isAuditEvent(event) && event.type === 'AuditAnchored') {
        anchors.push({ data: event.data, position: formatPosition(event.position) });
      }
      pending.push(event.position, hash);
      options.onEvent?.(event);
    }
    const last = page.at(-1);
    if (!last) break;
    after = last.position;
    options.onProgress?.(checked);
  }

  let anchorsChecked = 0;
  let anchorsUnchecked = 0;
  for (const { data: anchor, position } of anchors) {
    const anchorMismatch = (reason: string): Report => ({
      ...result({ kind: 'anchor', sealNumber: anchor.sealNumber, position, reason }),
      anchorsChecked,
      anchorsUnchecked,
    });
    const seal = seals.get(anchor.sealNumber);
    if (!seal || seal.merkleRoot !== anchor.merkleRoot) {
      return anchorMismatch(`the anchor (transaction ${anchor.txHash}) names a root that no seal in the log has`);
    }
    const onLedger = options.lookupAnchor ? await options.lookupAnchor(anchor) : undefined;
    if (!onLedger) {
      anchorsUnchecked += 1;
      continue;
    }
    const problem = anchorProblem(anchor.txHash, seal, onLedger);
    if (problem) return anchorMismatch(problem);
    anchorsChecked += 1;
  }
  return { ...result(), anchorsChecked, anchorsUnchecked };
}

/** Whether the ledger's transaction proves the seal: validated, sent by the anchor account, memo = the seal's root. */
function anchorProblem(txHash: string, seal: LedgerSealedData, onLedger: AnchorOnLedger): string | undefined {
  if (!onLedger.found) return `not found on the ledger: there is no validated transaction ${txHash}`;
  if (onLedger.account !== onLedger.anchorAccount) {
    return `wrong account: transaction ${txHash} was sent by ${onLedger.account ?? 'no account'}, not by the audit-anchor account ${onLedger.anchorAccount}`;
  }
  if (!onLedger.memo) return `root differs: transaction ${txHash} carries no anchor memo`;
  const { seal: sealNumber, root } = onLedger.memo;
  if (sealNumber !== seal.sealNumber || root !== seal.merkleRoot) {
    return `root differs: transaction ${txHash} anchors root ${String(root)} of seal ${String(sealNumber)}; seal ${seal.sealNumber}'s root is ${seal.merkleRoot}`;
  }
  return undefined;
}

function checkSeal(seal: LedgerSealedData, previous: LedgerSealedData | undefined, pending: PendingLeaves): string | undefined {
  if (seal.sealNumber !== (previous?.sealNumber ?? 0) + 1) return `seal ${seal.sealNumber} follows seal ${previous?.sealNumber ?? 0}`;
  if (seal.prevSealHash !== (previous?.sealHash ?? null)) return 'the seal does not chain to the previous seal';
  if (seal.fromPosition !== (previous?.toPosition ?? null)) return 'the seal does not start where the previous seal ended';
  const expectedHash = createHash('sha256').update(sealContent(seal), 'utf8').digest('hex');
  if (expectedHash !== seal.sealHash) return 'the seal hash does not match the seal';
  const to = parsePosition(seal.toPosition);
  const covered = pending.countThrough(to);
  if (covered !== seal.eventCount) return `the seal covers ${seal.eventCount} events, the log has ${covered} in its range`;
  if (pending.merkleRoot(covered).toString('hex') !== seal.merkleRoot) {
    return 'the Merkle root over the sealed events does not match (an event in the sealed range was altered, added or removed)';
  }
  // Verified: the next seal starts after them.
  pending.drop(covered);
  return undefined;
}

/**
 * The verified events no seal covers yet, in log order: positions in two bigint arrays and the
 * 32-byte hashes in one buffer, 48 bytes an event. A log that is sealed often keeps few; one that
 * is never sealed keeps every event here, so the layout decides the verifier's memory then.
 */
class PendingLeaves {
  private commits = new BigInt64Array(1024);
  private prepares = new BigInt64Array(1024);
  private hashes = Buffer.alloc(1024 * 32);
  private start = 0;
  private end = 0;

  get length(): number {
    return this.end - this.start;
  }

  push(position: Position, hashHex: string): void {
    if (this.end === this.commits.length) this.makeRoom();
    this.commits[this.end] = position.commit;
    this.prepares[this.end] = position.prepare;
    this.hashes.write(hashHex, this.end * 32, 'hex');
    this.end += 1;
  }

  /** How many of the pending events, from the first, are at or before `to` (they are in log order). */
  countThrough(to: Position): number {
    let index = this.start;
    while (index < this.end) {
      const commit = this.commits[index]!;
      if (commit > to.commit || (commit === to.commit && this.prepares[index]! > to.prepare)) break;
      index += 1;
    }
    return index - this.start;
  }

  /** The Merkle root over the first `count` pending events. */
  merkleRoot(count: number): Buffer {
    const tree = new MerkleStream();
    for (let index = this.start; index < this.start + count; index += 1) tree.push(this.hashes, index * 32);
    return tree.root();
  }

  drop(count: number): void {
    this.start += count;
  }

  /** Moves the pending events to the front, or doubles the arrays when most of them are pending. */
  private makeRoom(): void {
    const length = this.length;
    const capacity = length * 2 > this.commits.length ? this.commits.length * 2 : this.commits.length;
    const commits = new BigInt64Array(capacity);
    const prepares = new BigInt64Array(capacity);
    const hashes = Buffer.alloc(capacity * 32);
    commits.set(this.commits.subarray(this.start, this.end));
    prepares.set(this.prepares.subarray(this.start, this.end));
    this.hashes.copy(hashes, 0, this.start * 32, this.end * 32);
    this.commits = commits;
    this.prepares = prepares;
    this.hashes = hashes;
    this.start = 0;
    this.end = length;
  }
}
