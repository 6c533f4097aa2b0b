import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a running service publishes about its in-process sandbox node. */
export interface PublishedSandbox {
  readonly url: string;
  readonly pid: number;
  readonly startedAt: string;
}

/**
 * `<DATA_DIR>/xrpl/sandbox-url.json`: where the service's in-process sandbox node
 * listens (a random port by default), so command-line tools can ask the running
 * node instead of opening its state file. Written at start, removed on a clean
 * stop; a file left by a crash is recognised by its node not answering.
 */
export function sandboxUrlFile(dataDir: string): string {
  return join(dataDir, 'xrpl', 'sandbox-url.json');
}

export function publishSandboxUrl(dataDir: string, url: string): void {
  const file = sandboxUrlFile(dataDir);
  mkdirSync(join(dataDir, 'xrpl'), { recursive: true });
  const body: PublishedSandbox = { url, pid: process.pid, startedAt: new Date().toISOString() };
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(body, null, 2)}\n`);
  renameSync(temporary, file);
}

/** Removes the file if it still names this process's node. */
export function withdrawSandboxUrl(dataDir: string, url: string): void {
  const published = readPublishedSandbox(dataDir);
  if (published?.url === url && published.pid === process.pid) rmSync(sandboxUrlFile(dataDir), { force: true });
}

/** The published node, or undefined when there is no (readable) file. */
export function readPublishedSandbox(dataDir: string): PublishedSandbox | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(sandboxUrlFile(dataDir), 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { url, pid, startedAt } = parsed as Record<string, unknown>;
  if (typeof url !== 'string' || !/^wss?:\/\//.test(url) || typeof pid !== 'number') return undefined;
  return { url, pid, startedAt: typeof startedAt === 'string' ? startedAt : '' };
}
