import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SOURCE = fileURLToPath(new URL('..', import.meta.url));

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !/\.(spec|property)\.ts$|\.unit\.spec\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('credits enter accounts only through an approved report', () => {
  it('issues credits (IssueCredits) from the issuance reaction alone, besides the test support (the benchmarks live outside the service)', () => {
    const issuing = sources(SOURCE)
      .map((path) => relative(SOURCE, path))
      .filter((path) => !path.startsWith('test-support/') && path !== 'credit-market/market-commands.ts')
      .filter((path) => readFileSync(join(SOURCE, path), 'utf8').includes("type: 'IssueCredits'"));
    expect(issuing).toEqual(['projects/reactions/issue-credits-when-issuance-approved.handler.ts']);
  });
});
