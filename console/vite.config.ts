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
  },
  server: {
    proxy: {
      '/api': ledgerServiceUrl,
      '/socket.io': { target: ledgerServiceUrl, ws: true },
    },
  },
});
