import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Development: the Vite dev server on port 5173 proxies /api to the API on port 3000.
 * Production: `vite build` writes dist/, which the server serves with a history fallback.
 */
export default defineConfig({
  plugins: [react()],
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
