import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.LP_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Source maps only on request (LP_SOURCEMAP=1): dist/ is served as is, and maps would publish the source.
    sourcemap: process.env.LP_SOURCEMAP ? 'hidden' : false,
    // dist/.vite/manifest.json lets scripts/bundle-size.mjs list the chunks each route loads.
    manifest: true,
    // The /signIn budget (200 KB gzip) is checked with scripts/bundle-size.mjs (see README).
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      // TanStack Query in a chunk of its own: without it the shared chunks regroup with every new
      // screen and the sign-in page pays for code it never runs.
      output: { codeSplitting: { groups: [{ name: 'react-query', test: /node_modules[\\/]@tanstack[\\/]/ }] } },
      treeshake: {
        // @lp/domain is pure (no I/O, no globals) but its package.json does not say "sideEffects": false,
        // so every import of it would drag all its zod schemas (and zod) into the entry chunk.
        moduleSideEffects: [{ test: /packages[\\/]domain[\\/]dist[\\/]/, sideEffects: false }],
      },
    },
  },
});
