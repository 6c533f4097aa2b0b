import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/** Tests run against the sources of sibling packages, not their build output. */
export const workspaceAliases = {
  // Subpaths first: an alias also matches its prefix.
  '@carbon-ledger/ledger-service/testing': here('./ledger-service/src/testing.ts'),
  '@carbon-ledger/ledger-service/bench': here('./ledger-service/src/bench.ts'),
  '@carbon-ledger/projections/testing': here('./projections/src/test-support/projection-test-bed.ts'),
  '@carbon-ledger/contracts': here('./contracts/src/index.ts'),
  '@carbon-ledger/projections': here('./projections/src/index.ts'),
  '@carbon-ledger/bench-kit': here('./bench-kit/src/index.ts'),
  '@carbon-ledger/xrpl-sandbox': here('./xrpl-sandbox/src/index.ts'),
};

export default defineConfig({
  resolve: { alias: workspaceAliases },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['{contracts,projections,bench-kit,bench,ledger-service,xrpl-sandbox}/src/**/*.spec.ts'],
          globalSetup: ['test-support/postgres.global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: './console/vite.config.ts',
        resolve: { alias: workspaceAliases },
        test: {
          name: 'console',
          environment: 'jsdom',
          include: ['console/src/**/*.test.{ts,tsx}'],
          setupFiles: ['console/src/test/setup.ts'],
          // A component test renders Mantine in jsdom; on two busy cores one took 5.2 s of the 5 s default.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
