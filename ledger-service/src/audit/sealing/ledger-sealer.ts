import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  ANCHORS_STREAM,
  type AuditEvent,
  type EventStore,
  formatPosition,
  isAuditEvent,
  type LedgerSealedData,
  type Position,
  parsePosition,
  SEALS_STREAM,
  sealContent,
  START,
  WrongExpectedVersion,
  xrplSubmissionStreamId,
  xrplWalletStreamId,
} from '@carbon-ledger/contracts';
import { type AppConfig, APP_CONFIG } from '../../config/config.js';
import { ExclusiveJob } from '../../infrastructure/postgres/exclusive-job.js';
import type { ServiceRuntime } from '../../infrastructure/service-runtime.js';
import { EVENT_STORE, RUNTIME } from '../../infrastructure/tokens.js';
import { deriveId } from '../../shared/command-context.js';
import { handleCommand, knownStream, recordDecider } from '../../shared/handle-command.js';
import { merkleRoot } from '../../shared/merkle.js';

/**
 * The sealer's own records: seals, anchors, and the audit-anchor wallet's transaction
 * records. They ride along with the next seal but never cause one, or an idle ledger
 * would be sealed and anchored (an XRPL fee) every interval forever.
 */
const SEALER_STREAMS: ReadonlySet<string> = new Set([SEALS_STREAM, ANCHORS_STREAM, xrplWalletStreamId('audit_anchor')]);
/** The anchor transactions' claims (anchorSubmissionKey), one stream per seal. */
const ANCHOR_CLAIM_STREAMS = xrplSubmissionStreamId('anchor:');

const seals = recordDecider<AuditEvent>(isAuditEvent);

const PAGE = 5_000;
/** After a failed seal the next attempt comes this soon (or at the interval, when that is shorter). */
const SEAL_RETRY_MS = 5_000;

/**
 * Periodically seals the events committed since the last seal: a Merkle root
 * over their hashes, chained to the previous seal, appended as LedgerSealed.
 * Appends at the seal stream's version, so two sealers can never fork it; with several
 * instances, one holds the sealer job and the others take it over when it dies.
 */
@Injectable()
export class LedgerSealer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Sealer');
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private running: Promise<LedgerSealedData | undefined> | undefined;
  private readonly job: ExclusiveJob;

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(RUNTIME) runtime: Pick<ServiceRuntime, 'readModelConnection'>,
  ) {
    // What the last holder left unsealed is sealed when the job is taken (at start, or when taking
    // over), not an interval later: a service restarted more often than the interval would otherwise never seal.
    this.job = new ExclusiveJob(
      'sealer',
      runtime.readModelConnection,
      () => this.sealThenSchedule(),
      (message) => this.logger.log(message),
    );
  }

  onApplicationBootstrap(): void {
    if (this.config.SEAL_INTERVAL_MS === 0) return;
    this.job.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.job.stop();
    await this.running?.catch(() => undefined);
  }

  /** Seals now, then again after the interval; a failed seal (say, the database is down) is retried sooner. */
  private sealThenSchedule(): void {
    clearTimeout(this.timer);
    // Another instance holds the job now; this one seals again when it takes the job back.
    if (this.stopped || !this.job.held) return;
    this.sealNow().then(
      () => this.scheduleSeal(this.config.SEAL_INTERVAL_MS),
      (error: unknown) => {
        this.logger.error(`sealing failed: ${error instanceof Error ? error.message : String(error)}`);
        this.scheduleSeal(Math.min(this.config.SEAL_INTERVAL_MS, SEAL_RETRY_MS));
      },
    );
  }

  private scheduleSeal(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => this.sealThenSchedule(), delayMs);
    this.timer.unref();
  }

  /** Seals what is new; undefined when nothing was committed since the last seal. */
  sealNow(now = new Date()): Promise<LedgerSealedData | undefined> {
    this.running ??= this.seal(now).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async seal(now: Date): Promise<LedgerSealedData | undefined> {
    const history = (await this.eventStore.readStream(SEALS_STREAM)).filter(isAuditEvent);
    const lastEvent = history.at(-1);
    const last = lastEvent?.type === 'LedgerSealed' ? lastEvent.data : undefined;
    const from: Position = last ? parsePosition(last.toPosition) : START;

    const leaves: Buffer[] = [];
    let to: Position | undefined;
    let business = 0;
    for (let after = from; ;) {
      const page = await this.eventStore.readAll({ after, limit: PAGE });
      const tail = page.at(-1);
      if (!tail) break;
      for (const event of page) {
        leaves.push(Buffer.from(event.hash, 'hex'));
        if (!SEALER_STREAMS.has(event.streamId) && !event.streamId.startsWith(ANCHOR_CLAIM_STREAMS)) business += 1;
      }
      after = to = tail.position;
    }
    // The sealer's own records alone are no reason for a new seal; they ride along with the next one.
    if (!to || business === 0) return undefined;

    const content = {
      sealNumber: (last?.sealNumber ?? 0) + 1,
      fromPosition: last ? last.toPosition : null,
      toPosition: formatPosition(to),
      eventCount: leaves.length,
      merkleRoot: merkleRoot(leaves).toString('hex'),
      prevSealHash: last?.sealHash ?? null,
    };
    const seal: LedgerSealedData = {
      ...content,
      sealHash: createHash('sha256').update(sealContent(content), 'utf8').digest('hex'),
      sealedAt: now.toISOString(),
    };
    const commandId = deriveId(`seal:${seal.sealNumber}:${seal.toPosition}`, 'ledger-sealed');
    try {
      await handleCommand(
        this.eventStore,
        SEALS_STREAM,
        seals,
        {
          command: { type: 'LedgerSealed', data: seal },
          context: { commandId, correlationId: commandId, causationId: commandId, actor: { userId: 'sealer', role: 'auditor' }, now },
        },
        { stream: knownStream(seals, lastEvent ? lastEvent.streamVersion : 'no_stream') },
      );
    } catch (error) {
      // Another instance sealed first; its seal covers these events.
      if (error instanceof WrongExpectedVersion) return undefined;
      throw error;
    }
    this.logger.log(`seal ${seal.sealNumber}: ${seal.eventCount} events up to ${seal.toPosition}, root ${seal.merkleRoot.slice(0, 16)}…`);
    return seal;
  }
}
