import { createHash } from 'node:crypto';
import {
  type AuditAnchoredData,
  chainContent,
  comparePositions,
  type EventStore,
  formatPosition,
  isAuditEvent,
  type LedgerSealedData,
  type LogMismatch,
  parsePosition,
  type Position,
  type RecordedEvent,
  sealContent,
  START,
  type VerifyLogResponse,
} from '@carbon-ledger/contracts';
import { merkleRoot } from '../shared/merkle.js';

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
}

type Report = Omit<VerifyLogResponse, 'checkedAt'>;

/**
 * Walks the whole log in order and re-derives (1) every stream's hash chain from
 * the stored data, (2) every seal's Merkle root over the events it covers and
 * the chain of seal hashes, and (3) each anchor against the root on the ledger.
 * Stops at the first mismatch and names it.
 */
export async function verifyLog(eventStore: EventStore, options: VerifyOptions = {}): Promise<Report> {
  const pageSize = options.pageSize ?? 5_000;
  const heads = new Map<string, { version: bigint; hash: Buffer }>();
  // Events after the last verified seal, waiting for the seal that covers them.
  let pending: { position: Position; hash: Buffer }[] = [];
  let lastSeal: LedgerSealedData | undefined;
  const seals = new Map<number, LedgerSealedData>();
  const anchors: { data: AuditAnchoredData; position: string }[] = [];
  let checked = 0;
  let sealsChecked = 0;

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

  for (let after: Position = START; ;) {
    const page = await eventStore.readAll({ after, limit: pageSize });
    for (const event of page) {
      const head = heads.get(event.streamId);
      const expectedVersion = head ? head.version + 1n : 0n;
      if (event.streamVersion !== expectedVersion) {
        return eventMismatch(event, `stream version ${event.streamVersion} where ${expectedVersion} was expected (an event is missing or moved)`);
      }
      const hash = createHash('sha256')
        .update(head?.hash ?? Buffer.alloc(0))
        .update(chainContent(event), 'utf8')
        .digest();
      if (hash.toString('hex') !== event.hash) {
        return eventMismatch(event, 'stored data does not match its hash (the event, or one before it in the stream, was altered)');
      }
      heads.set(event.streamId, { version: event.streamVersion, hash });
      checked += 1;

      if (isAuditEvent(event) && event.type === 'LedgerSealed') {
        const seal = event.data;
        const problem = checkSeal(seal, lastSeal, pending);
        if (problem) return result({ kind: 'seal', sealNumber: seal.sealNumber, position: formatPosition(event.position), reason: problem });
        const to = parsePosition(seal.toPosition);
        pending = pending.filter((leaf) => comparePositions(leaf.position, to) > 0);
        lastSeal = seal;
        seals.set(seal.sealNumber, seal);
        sealsChecked += 1;
      } else if (isAuditEvent(event) && event.type === 'AuditAnchored') {
        anchors.push({ data: event.data, position: formatPosition(event.position) });
      }
      pending.push({ position: event.position, hash });
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

function checkSeal(
  seal: LedgerSealedData,
  previous: LedgerSealedData | undefined,
  pending: readonly { position: Position; hash: Buffer }[],
): string | undefined {
  if (seal.sealNumber !== (previous?.sealNumber ?? 0) + 1) return `seal ${seal.sealNumber} follows seal ${previous?.sealNumber ?? 0}`;
  if (seal.prevSealHash !== (previous?.sealHash ?? null)) return 'the seal does not chain to the previous seal';
  if (seal.fromPosition !== (previous?.toPosition ?? null)) return 'the seal does not start where the previous seal ended';
  const expectedHash = createHash('sha256').update(sealContent(seal), 'utf8').digest('hex');
  if (expectedHash !== seal.sealHash) return 'the seal hash does not match the seal';
  const to = parsePosition(seal.toPosition);
  const covered = pending.filter((leaf) => comparePositions(leaf.position, to) <= 0);
  if (covered.length !== seal.eventCount) return `the seal covers ${seal.eventCount} events, the log has ${covered.length} in its range`;
  if (merkleRoot(covered.map((leaf) => leaf.hash)).toString('hex') !== seal.merkleRoot) {
    return 'the Merkle root over the sealed events does not match (an event in the sealed range was altered, added or removed)';
  }
  return undefined;
}
