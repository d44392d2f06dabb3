import { constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The API server (apps/server) listens on :3000 in development; proxying keeps the browser on one
// origin, so the SameSite=Strict session cookie is sent. `vite preview` reuses this proxy.
export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip copies of every text asset next to it, made once at build time at the
    // highest levels; the server sends the one the browser accepts (app.ts, preCompressed).
    compression({
      include: /\.(js|css|html|svg|json|webmanifest|txt)$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  build: {
    // Every browser we support (docs/decisions/005-bundle-budget.md) knows <link rel=modulepreload>:
    // the polyfill Vite would put in the entry chunk is bytes every page pays for nothing.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // What every page runs (React, the router, TanStack Query, cn(), lucide's icon factory) in one long-cached chunk,
        // instead of pieces the chunker re-cuts as pages are added (docs/decisions/005-bundle-budget.md).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              priority: 2,
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/](react-slot|react-compose-refs))[\\/]|src[\\/]lib[\\/]cn\.ts$|lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/,
            },
            // The form stack every form page shares, as one chunk rather than five small ones.
            // zod stays out: forms load their resolvers when they first validate (lib/lazy-resolver.ts).
            {
              name: 'forms',
              priority: 1,
              test: /node_modules[\\/]react-hook-form[\\/]|src[\\/]components[\\/]ui[\\/](form|input|label|text-field)\.tsx/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
});
