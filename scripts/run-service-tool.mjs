import './node-version.mjs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BIN, ROOT, run } from './run-steps.mjs';

/** Each command's compiled entry: the service's own tools, and the benchmarks in the bench workspace. */
const TOOLS = {
  verify: 'ledger-service/dist/tools/verify-log.js',
  'projections-rebuild': 'ledger-service/dist/tools/rebuild-projections.js',
  'verify-export': 'ledger-service/dist/tools/verify-export.js',
  'bench-events': 'bench/dist/bench-events.js',
  'bench-event-row': 'bench/dist/bench-event-row.js',
  'bench-export': 'bench/dist/bench-export.js',
  'bench-trading': 'bench/dist/bench-trading.js',
  'bench-peers': 'bench/dist/bench-peers.js',
  'bench-settlement': 'bench/dist/bench-settlement.js',
  'bench-portfolio': 'bench/dist/bench-portfolio.js',
  'bench-market-load': 'bench/dist/bench-market-load.js',
  'bench-cluster': 'bench/dist/bench-cluster.js',
  'bench-registry': 'bench/dist/bench-registry.js',
};
const [name, ...args] = process.argv.slice(2);
const file = TOOLS[name];
if (!file) {
  process.stderr.write(`unknown tool ${name}; one of: ${Object.keys(TOOLS).join(', ')}\n`);
  process.exit(2);
}
const built = await run(join(BIN, 'tsc'), ['-b']);
if (built.code !== 0) process.exit(1);
const path = join(ROOT, ...file.split('/'));
if (!existsSync(path)) {
  process.stderr.write(`${path} is missing after the build\n`);
  process.exit(1);
}
process.chdir(ROOT);
process.argv = [process.argv[0], path, ...args];
await import(pathToFileURL(path).href);
