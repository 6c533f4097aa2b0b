import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromHere = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

/** The ledger service; in development Vite forwards API and socket traffic to it. */
const ledgerServiceUrl = 'http://127.0.0.1:3000';

export default defineConfig({
  root: fromHere('.'),
  plugins: [react()],
  resolve: {
    alias: { '@carbon-ledger/contracts': fromHere('../contracts/src/index.ts') },
  },
  build: {
    outDir: fromHere('./dist'),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Named, so that a test can tell that the landing page never loads it.
          groups: [
            {
              name: 'xrpl-js',
              test: /node_modules[\\/](xrpl|ripple-[a-z-]+|@xrplf)[\\/]/,
              // Their dependencies may be shared with the entry (polyfills, helpers); those stay where they are.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': ledgerServiceUrl,
      '/socket.io': { target: ledgerServiceUrl, ws: true },
    },
  },
});
