import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Whether the module at `moduleUrl` is the script node was started with (not imported by a test or another tool). */
function isEntryScript(moduleUrl: string): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return moduleUrl === pathToFileURL(realpathSync(entry)).href;
  } catch {
    return false;
  }
}

/**
 * Runs a benchmark's main when its module (`moduleUrl`, import.meta.url) is the
 * script node was started with, and exits with the code main returns (0 when
 * none); a failure is printed under the command's name and exits 1. Imported
 * by another module (bench:event-row takes bench:events' event maker), it runs nothing.
 */
export function runBench(moduleUrl: string, name: string, main: () => Promise<unknown>): void {
  if (!isEntryScript(moduleUrl)) return;
  main().then(
    (code) => process.exit(typeof code === 'number' ? code : 0),
    (error: unknown) => {
      process.stderr.write(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exit(1);
    },
  );
}

/** Where a benchmark writes its figures: .data/bench/<file> under the directory it runs from (npm runs it from the project root). */
export function benchOutputPath(file: string): string {
  return resolve(process.cwd(), '.data', 'bench', file);
}

/** Writes a benchmark's figures as indented JSON to `path` (see benchOutputPath), making its directory. */
export function writeFigures(path: string, figures: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(figures, null, 2)}\n`);
}

/**
 * A number from the environment, `fallback` when unset or empty; throws when it
 * is not a number of at least `min`.
 */
export function envNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number >= ${min}, got "${text}"`);
  return value;
}
