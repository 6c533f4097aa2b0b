import { ProjectionBusy, projections, rebuildProjections } from '@carbon-ledger/projections';
import { openToolRuntime } from './open-tool-runtime.js';

/** npm run projections:rebuild [name]: replays the log into fresh tables and swaps them in. */
async function main(): Promise<number> {
  const wanted = process.argv[2];
  const selected = wanted ? projections.filter((projection) => projection.name === wanted) : projections;
  if (selected.length === 0) {
    process.stderr.write(`No projection named ${wanted}. Known: ${projections.map((projection) => projection.name).join(', ')}\n`);
    return 2;
  }
  const opened = await openToolRuntime();
  try {
    const started = performance.now();
    let reported = 0;
    const results = await rebuildProjections({
      eventStore: opened.runtime.eventStore,
      connectionConfig: opened.runtime.readModelConnection,
      projections: selected,
      onProgress: (progress) => {
        // A line every ten seconds, so a long rebuild shows it moves.
        if (progress.seconds - reported < 10) return;
        reported = progress.seconds;
        process.stdout.write(`… ${progress.read} events read in ${progress.seconds.toFixed(0)} s\n`);
      },
    });
    for (const result of results) {
      process.stdout.write(`${result.projection}: applied ${result.events} events in ${result.seconds.toFixed(2)} s.\n`);
    }
    const seconds = (performance.now() - started) / 1000;
    process.stdout.write(`Rebuilt ${results.length} projection(s) in one pass over the log in ${seconds.toFixed(2)} s and swapped them in.\n`);
    return 0;
  } catch (error) {
    if (error instanceof ProjectionBusy) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await opened.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`rebuild failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
