import { verifyLog } from '../audit/verify-log.js';
import { openToolRuntime } from './open-tool-runtime.js';

/** npm run verify: re-derives every stream's hash chain and names the first altered event. */
async function main(): Promise<number> {
  const opened = await openToolRuntime();
  try {
    process.stdout.write(`Verifying the event log (${opened.databaseLabel})…\n`);
    const started = performance.now();
    const report = await verifyLog(opened.runtime.eventStore);
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    if (report.ok) {
      process.stdout.write(
        [
          `OK: ${report.eventsChecked} events in ${report.streamsChecked} streams; every hash chain matches (${seconds} s).`,
          `    ${report.sealsChecked} seals re-derived; ${report.unsealedEvents} events after the last seal.`,
          `    Anchors are checked against the ledger by GET /api/audit/verify (the service holds the ledger connection).`,
          '',
        ].join('\n'),
      );
      return 0;
    }
    const mismatch = report.firstMismatch;
    process.stdout.write(
      [
        `MISMATCH after ${report.eventsChecked} good events (${seconds} s):`,
        ...(mismatch?.kind === 'event'
          ? [`  stream:   ${mismatch.streamId} version ${mismatch.streamVersion}`, `  event:    ${mismatch.eventId} at position ${mismatch.position}`]
          : [`  ${mismatch?.kind}:     seal ${mismatch?.sealNumber}${mismatch?.position ? ` at position ${mismatch.position}` : ''}`]),
        `  problem:  ${mismatch?.reason}`,
        '',
      ].join('\n'),
    );
    return 3;
  } finally {
    await opened.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`verify failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
