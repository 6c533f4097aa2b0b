import {
  ANCHORS_STREAM,
  CREDIT_MARKET_STREAM_PREFIX,
  isAuditEvent,
  isCreditEvent,
  isFundsEvent,
  isProjectEvent,
  type RecordedEvent,
  SEALS_STREAM,
} from '@carbon-ledger/contracts';
import type { Insertable } from 'kysely';
import type { ComplianceReportEventsTable } from '../read-model-database.js';
import { type Projection, type ProjectionWriter, rowPosition, statementChunks } from '../runtime/projection.js';

/** What a compliance report does with an event; the kinds a report reads by period, by subject, or always. */
export const complianceEventKinds = [
  'audit',
  'cash',
  'withdrawal',
  'withdrawal-step',
  'refund',
  'refund-step',
  'reversal',
  'reversal-cover',
  'issuance',
  'retirement',
  'settlement',
] as const;
export type ComplianceEventKind = (typeof complianceEventKinds)[number];

/** Where an event stands in a compliance report: see `complianceEventRole`. */
export interface ComplianceEventRole {
  readonly kind: ComplianceEventKind;
  /** The instant of its data that puts it in a period (ms, as `Date.parse` gives it); null: none. */
  readonly at_ms: number | null;
  /** What ties it to an event of the period: a retirement, withdrawal, refund attempt, reversal or batch. */
  readonly subject: string | null;
  /** A retirement's batches. */
  readonly refs: readonly string[] | null;
}

/** The instant an event's data gives, as a report's period compares it (`Date.parse`); null when it gives none a report can use. */
const instant = (at: string): number | null => {
  const time = Date.parse(at);
  return Number.isFinite(time) ? time : null;
};

/**
 * Where an event stands in a compliance report (ledger-service's compliance-report.builder.ts
 * acts on the same events): counted when its own time falls in the period (`at_ms`), read for the subject of one
 * that does (a retirement's settlements and batches, a posted withdrawal's request, a refund's
 * attempt, a reversal's cover), or always (seals and their anchors). Undefined: no report uses it.
 */
export function complianceEventRole(event: RecordedEvent): ComplianceEventRole | undefined {
  if (isAuditEvent(event)) {
    if (event.type === 'LedgerSealed' && event.streamId === SEALS_STREAM) return { kind: 'audit', at_ms: null, subject: null, refs: null };
    if (event.type === 'AuditAnchored' && event.streamId === ANCHORS_STREAM) return { kind: 'audit', at_ms: null, subject: null, refs: null };
    return undefined;
  }
  if (isFundsEvent(event)) {
    switch (event.type) {
      case 'FundsDeposited':
        return { kind: 'cash', at_ms: instant(event.data.depositedAt), subject: null, refs: null };
      case 'DepositHeld':
        return { kind: 'cash', at_ms: instant(event.data.heldAt), subject: null, refs: null };
      case 'WithdrawalRequested':
      case 'WithdrawalVoided':
        return { kind: 'withdrawal-step', at_ms: null, subject: event.data.withdrawalId, refs: null };
      case 'WithdrawalPosted':
        return { kind: 'withdrawal', at_ms: instant(event.data.postedAt), subject: event.data.withdrawalId, refs: null };
      case 'HeldDepositRefundRequested':
      case 'HeldDepositRefundFailed':
        return { kind: 'refund-step', at_ms: null, subject: `${event.data.txHash}:${event.data.attempt}`, refs: null };
      case 'HeldDepositRefunded':
        return { kind: 'refund', at_ms: instant(event.data.refundedAt), subject: `${event.data.txHash}:${event.data.attempt}`, refs: null };
      default:
        return undefined;
    }
  }
  if (isProjectEvent(event)) {
    if (event.type === 'ReversalRecorded') return { kind: 'reversal', at_ms: instant(event.data.recordedAt), subject: event.data.reversalId, refs: null };
    if (event.type === 'ReversalCovered') return { kind: 'reversal-cover', at_ms: null, subject: event.data.reversalId, refs: null };
    return undefined;
  }
  if (!event.streamId.startsWith(CREDIT_MARKET_STREAM_PREFIX) || !isCreditEvent(event)) return undefined;
  switch (event.type) {
    case 'CreditsIssued':
      return { kind: 'issuance', at_ms: instant(event.data.issuedAt), subject: event.data.batchId, refs: null };
    case 'CreditsRetired': {
      const batches = [...new Set([event.data.batchId, ...event.data.ranges.map((range) => range.batchId)])];
      return { kind: 'retirement', at_ms: instant(event.data.retiredAt), subject: event.data.retirementId, refs: batches };
    }
    case 'XrplSettlementRecorded':
      return event.data.subject === 'retirement' ? { kind: 'settlement', at_ms: null, subject: event.data.subjectId, refs: null } : undefined;
    case 'CreditsCancelled':
      return { kind: 'cash', at_ms: instant(event.data.cancelledAt), subject: null, refs: null };
    case 'TradeExecuted':
      return { kind: 'cash', at_ms: instant(event.data.executedAt), subject: null, refs: null };
    default:
      return undefined;
  }
}

/**
 * The events a compliance report can draw on, keyed by the instant that puts them in a period,
 * and how much of the log is behind them (every event counts: a report states how many it read).
 * A report reads these rows for its period, the events they name, and the log after them.
 */
export const complianceReportEventsProjection: Projection = {
  name: 'compliance-report-events',
  // Every event: the count of the log a report states includes those it does not use.
  views: [],
  lingerMs: 50,
  tables: ['compliance_report_events', 'compliance_log_extent'],
  async applyBatch(events: readonly RecordedEvent[], db: ProjectionWriter): Promise<boolean> {
    const first = events[0];
    const last = events.at(-1);
    if (!first || !last) return false;
    const rows: Insertable<ComplianceReportEventsTable>[] = [];
    for (const event of events) {
      const role = complianceEventRole(event);
      if (role) rows.push({ ...role, refs: role.refs ? [...role.refs] : null, ...rowPosition(event), event_id: event.eventId });
    }
    for (const chunk of statementChunks(rows)) {
      await db
        .insertInto('compliance_report_events')
        .values(chunk)
        .onConflict((conflict) => conflict.columns(['commit_position', 'prepare_position']).doNothing())
        .execute();
    }
    const firstAt = rowPosition(first);
    const lastAt = rowPosition(last);
    await db
      .insertInto('compliance_log_extent')
      .values({
        id: 1,
        events: events.length,
        first_commit: firstAt.commit_position,
        first_prepare: firstAt.prepare_position,
        last_commit: lastAt.commit_position,
        last_prepare: lastAt.prepare_position,
      })
      .onConflict((conflict) =>
        conflict.column('id').doUpdateSet((eb) => ({
          events: eb(eb.ref('compliance_log_extent.events'), '+', eb.ref('excluded.events')),
          last_commit: eb.ref('excluded.last_commit'),
          last_prepare: eb.ref('excluded.last_prepare'),
        })),
      )
      .execute();
    return rows.length > 0;
  },
};
