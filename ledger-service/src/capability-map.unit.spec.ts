import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Where each package keeps its capabilities, from the repository's root. */
const PACKAGES = {
  contracts: 'contracts/src',
  'ledger-service': 'ledger-service/src',
  projections: 'projections/src',
  console: 'console/src/features',
} as const;
type Package = keyof typeof PACKAGES;

/** Folders that are no capability: what a package is built on, its tools and tests. */
const NOT_CAPABILITIES = new Set(['api', 'shared', 'event-store', 'config', 'demo', 'infrastructure', 'test-support', 'tools', 'migrations', 'runtime']);

/** A capability a package rightly has no part of, and why. */
const ABSENT: Readonly<Record<string, Partial<Record<Package, string>>>> = {
  audit: { projections: 'seals and anchors are read from the log itself', console: 'its screens are the compliance page’s' },
  'credit-market': {
    projections: 'the shared core: its read models are those of credits and orders',
    console: 'the same: its screens are credits’ and orders’',
  },
  health: { projections: 'health reads the followers’ own state' },
  realtime: { projections: 'pushes what the other projections commit' },
  landing: {
    contracts: 'a static page with no API of its own',
    'ledger-service': 'the same',
    projections: 'the same',
  },
};

const root = fileURLToPath(new URL('../../', import.meta.url));
const folders = (pkg: Package): Set<string> =>
  new Set(
    readdirSync(root + PACKAGES[pkg], { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !NOT_CAPABILITIES.has(entry.name))
      .map((entry) => entry.name),
  );

describe('the capability map', () => {
  it('names a capability the same in every package that has a part of it; each absence is listed with its reason', () => {
    const byPackage = Object.fromEntries((Object.keys(PACKAGES) as Package[]).map((pkg) => [pkg, folders(pkg)])) as Record<Package, Set<string>>;
    const capabilities = new Set(Object.values(byPackage).flatMap((names) => [...names]));
    const unexplained: string[] = [];
    for (const capability of capabilities) {
      for (const pkg of Object.keys(PACKAGES) as Package[]) {
        const present = byPackage[pkg].has(capability);
        const excused = ABSENT[capability]?.[pkg] !== undefined;
        if (!present && !excused) unexplained.push(`${capability} is missing from ${PACKAGES[pkg]}`);
        if (present && excused) unexplained.push(`${capability} is in ${PACKAGES[pkg]}, which the map lists as absent`);
      }
    }
    expect(unexplained).toEqual([]);
  });
});
