import './node-version.mjs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from './build.mjs';
import { ROOT } from './run-steps.mjs';

if (!(await build())) {
  process.stderr.write('\nThe build failed; see the messages above.\n');
  process.exit(1);
}
// The service runs in this process: one process for PostgreSQL, the service and the console.
process.chdir(ROOT);
await import(pathToFileURL(join(ROOT, 'ledger-service', 'dist', 'main.js')).href);
