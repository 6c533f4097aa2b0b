import './node-version.mjs';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BIN, ROOT, run } from './run-steps.mjs';

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** The console is rebuilt only when its sources (or the contracts) changed since the last build. */
function consoleIsFresh() {
  const built = join(ROOT, 'console', 'dist', 'index.html');
  if (!existsSync(built)) return false;
  const sources = Math.max(newestMtime(join(ROOT, 'console')), newestMtime(join(ROOT, 'contracts', 'src')));
  return statSync(built).mtimeMs >= sources;
}

export async function build({ quiet = false } = {}) {
  const say = (line) => quiet || process.stdout.write(`${line}\n`);
  say('Building the service (TypeScript)…');
  const server = await run(join(BIN, 'tsc'), ['-b']);
  if (server.code !== 0) return false;
  if (consoleIsFresh()) {
    say('Console is up to date.');
    return true;
  }
  say('Building the console (Vite)…');
  // A production bundle even when started from a test runner (vitest sets NODE_ENV=test, which gives React's
  // development build, 50 kB gz more on every page).
  const consoleBuild = await run(join(BIN, 'vite'), ['build', '--config', 'console/vite.config.ts', '--logLevel', 'warn'], {
    env: { NODE_ENV: 'production' },
  });
  return consoleBuild.code === 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exit((await build()) ? 0 : 1);
}
