import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/** Tests run against the sources of sibling packages, not their build output. */
export const workspaceAliases = {
  '@carbon-ledger/contracts': here('./contracts/src/index.ts'),
  '@carbon-ledger/projections': here('./projections/src/index.ts'),
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
          include: ['{contracts,projections,ledger-service,xrpl-sandbox}/src/**/*.spec.ts'],
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
          // Lazy screens are transformed on first import; the machine is shared.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
