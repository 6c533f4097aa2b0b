import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { workspaceAliases } from '../vitest.config.js';

export default defineConfig({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('..', import.meta.url)),
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 180_000,
    // One service and one browser per file; files run one after another on 2 cores.
    fileParallelism: false,
  },
});
