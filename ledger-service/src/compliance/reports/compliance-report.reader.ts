import { comparePositions, type ComplianceReport, type ComplianceReportRequest, type EventStore, type Position, START } from '@carbon-ledger/contracts';
import { ComplianceReportFold } from './compliance-report.builder.js';

const PAGE = 1_000;

/**
 * Builds a report straight from the event log (never the read models), page by page,
 * up to the head of the log when the report starts, so it describes one fixed log prefix
 * however busy the ledger is.
 */
export async function readComplianceReport(eventStore: EventStore, request: ComplianceReportRequest, generatedAt: Date): Promise<ComplianceReport> {
  const fold = new ComplianceReportFold(request.framework, request.period);
  const head = await eventStore.headPosition();
  let after: Position = START;
  while (comparePositions(after, head) < 0) {
    const page = await eventStore.readAll({ after, limit: PAGE });
    if (page.length === 0) break;
    for (const event of page) {
      if (comparePositions(event.position, head) > 0) return fold.report(generatedAt);
      fold.apply(event);
    }
    after = page.at(-1)!.position;
  }
  return fold.report(generatedAt);
}
