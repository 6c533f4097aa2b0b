import './node-version.mjs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BIN, ROOT, run } from './run-steps.mjs';

const TOOLS = {
  verify: 'verify-log.js',
  'projections-rebuild': 'rebuild-projections.js',
  'bench-events': 'bench-events.js',
  'bench-event-row': 'bench-event-row.js',
  'verify-export': 'verify-export.js',
  'bench-export': 'bench-export.js',
  'bench-trading': 'bench-trading.js',
  'bench-peers': 'bench-peers.js',
  'bench-settlement': 'bench-settlement.js',
  'bench-portfolio': 'bench-portfolio.js',
  'bench-market-load': 'bench-market-load.js',
  'bench-cluster': 'bench-cluster.js',
};
const [name, ...args] = process.argv.slice(2);
const file = TOOLS[name];
if (!file) {
  process.stderr.write(`unknown tool ${name}; one of: ${Object.keys(TOOLS).join(', ')}\n`);
  process.exit(2);
}
const built = await run(join(BIN, 'tsc'), ['-b']);
if (built.code !== 0) process.exit(1);
const path = join(ROOT, 'ledger-service', 'dist', 'tools', file);
if (!existsSync(path)) {
  process.stderr.write(`${path} is missing after the build\n`);
  process.exit(1);
}
process.chdir(ROOT);
process.argv = [process.argv[0], path, ...args];
await import(pathToFileURL(path).href);
