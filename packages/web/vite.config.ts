import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-plugin-precompress.ts';

/**
 * Development: the Vite dev server on port 5173 proxies /api to the API on port 3000.
 * Production: `vite build` writes dist/ (with brotli and gzip copies of the text files), which the server
 * serves with a history fallback.
 */
export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Read by scripts/bundle-report.ts to measure what /login loads.
    manifest: true,
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: 'http://localhost:3000' },
    },
  },
});
