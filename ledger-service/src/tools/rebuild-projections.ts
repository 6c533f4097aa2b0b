import { ProjectionBusy, projections, rebuildProjection } from '@carbon-ledger/projections';
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
    for (const projection of selected) {
      const result = await rebuildProjection({
        db: opened.runtime.readModels,
        eventStore: opened.runtime.eventStore,
        connectionConfig: opened.runtime.readModelConnection,
        projection,
      });
      process.stdout.write(`${result.projection}: replayed ${result.events} events in ${result.seconds.toFixed(2)} s and swapped in.\n`);
    }
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
