import './node-version.mjs';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BIN, ROOT, run } from './run-steps.mjs';

// `npm run bench:xrpl` (bench-submit) and `npm run bench:xrpl-close` (bench-close): build, then
// run the compiled benchmark in this process.
const [which, ...rest] = process.argv.slice(2);
const close = which === 'close';
const built = await run(join(BIN, 'tsc'), ['-b']);
if (built.code !== 0) process.exit(1);
const path = join(ROOT, 'xrpl-sandbox', 'dist', 'bench', close ? 'bench-close.js' : 'bench-submit.js');
if (!existsSync(path)) {
  process.stderr.write(`${path} is missing after the build\n`);
  process.exit(1);
}
process.chdir(ROOT);
// The benchmark starts its main() only when it is the entry script.
process.argv = [process.argv[0], path, ...(close ? rest : process.argv.slice(2))];
await import(pathToFileURL(path).href);
