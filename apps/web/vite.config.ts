import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';

// React Router's package exports point at its development build for every condition
// (remix-run/react-router#12532, #14102): the same code with its dev-only warnings switched on.
// Production builds take the production build it ships beside it. Dev server and tests keep the warnings.
const reactRouterDir = path.dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const reactRouterProduction: Plugin = {
  name: 'shipyard:react-router-production',
  apply: 'build',
  config: () => ({
    resolve: {
      alias: [
        { find: /^react-router$/, replacement: path.join(reactRouterDir, 'dist/production/index.mjs') },
        {
          find: /^react-router\/dom$/,
          replacement: path.join(reactRouterDir, 'dist/production/dom-export.mjs'),
        },
      ],
    },
  }),
};

// lucide-react's icon modules the landing page imports (by name, through the package's barrel).
// Each becomes a chunk of its own when a signed-in page shares it; grouped, they are one request.
function lucideIconsImportedBy(dir: string): Set<string> {
  const lucide = path.dirname(createRequire(import.meta.url).resolve('lucide-react/package.json'));
  const barrel = fs.readFileSync(path.join(lucide, 'dist/esm/lucide-react.mjs'), 'utf8');
  const fileOf = new Map<string, string>();
  for (const [, names = '', file = ''] of barrel.matchAll(/export \{([^}]*)\} from '\.\/(icons\/[^']+)'/g))
    for (const [, name = ''] of names.matchAll(/default as (\w+)/g))
      fileOf.set(name, path.join(lucide, 'dist/esm', file));
  const icons = new Set<string>();
  for (const entry of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(entry)) continue;
    const source = fs.readFileSync(path.join(dir, entry), 'utf8');
    for (const [, names = ''] of source.matchAll(/import \{([^}]*)\} from 'lucide-react'/g))
      for (const name of names.split(',').map((n) => n.trim()))
        if (fileOf.has(name)) icons.add(fileOf.get(name) as string);
  }
  return icons;
}
/** The chunks a group below names: kept by name in their file, the rest by hash alone. */
const NAMED_CHUNKS = new Set(['framework', 'query', 'landing-icons', 'forms', 'fields']);

const landingIcons = lucideIconsImportedBy(fileURLToPath(new URL('./src/features/landing', import.meta.url)));

// An installable app that works offline for reading (issue 33, docs/decisions/052-offline-app.md):
// the manifest, and our own service worker (src/sw.ts) with the app shell's files injected.
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  // main.tsx registers it (pwa/register.ts): no script of the plugin's in the landing page's load.
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'Shipyard',
    short_name: 'Shipyard',
    description: 'Shipyard is the team workspace that moves products from planning to production.',
    start_url: '/d',
    scope: '/',
    display: 'standalone',
    theme_color: '#4f46e5',
    background_color: '#ffffff',
    icons: [
      { src: '/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // A classic script: registered without { type: 'module' }, in every browser that has workers.
    rollupFormat: 'iife',
    // Every page's chunks, so any screen opens offline once the app was loaded online.
    globPatterns: ['**/*.{js,css,html,woff2,svg,png,webmanifest}'],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  },
});

// The API server (apps/server) listens on :3000 in development; proxying keeps the browser on one
// origin, so the SameSite=Strict session cookie is sent. `vite preview` reuses this proxy.
// Which build this is: a new one starts a new offline cache (app/offline-start.ts).
const appBuild = `${JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8')).version}-${Date.now().toString(36)}`;

export default defineConfig({
  define: { 'import.meta.env.VITE_APP_BUILD': JSON.stringify(appBuild) },
  plugins: [
    react(),
    reactRouterProduction,
    tailwindcss(),
    pwa,
    // Brotli and gzip copies of every text asset next to it, made once at build time at the
    // highest levels; the server sends the one the browser accepts (app.ts, preCompressed).
    compression({
      include: /\.(js|css|html|svg|json|webmanifest|txt)$/,
      // Small files too: a page's icon and logo chunks are a few hundred bytes each, and brotli
      // still takes a third off them; a copy that would not be smaller is not written.
      threshold: 200,
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
        // A chunk's file is its hash alone (the groups below keep their names): every lazy page's
        // files are listed in the entry chunk for preloading, and 170 names cost the public pages
        // 0.8 kB on the wire that a hash says as well (docs/decisions/005-bundle-budget.md).
        chunkFileNames: (chunk) =>
          NAMED_CHUNKS.has(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/c[hash].js',
        // What every page runs (React, the router, cn(), lucide's icon factory) in one long-cached chunk,
        // instead of pieces the chunker re-cuts as pages are added (docs/decisions/005-bundle-budget.md).
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              priority: 2,
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|tailwind-merge|clsx|class-variance-authority|@radix-ui[\\/](react-slot|react-compose-refs))[\\/]|src[\\/]lib[\\/](cn|api-client|paths)\.ts$|vite[\\/]preload-helper|lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])|lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]loader-circle\.mjs$/,
            },
            // TanStack Query, for every page but the landing page (app/query-layout.tsx); the parts
            // only some pages use (several queries at once: the task rows' states; the state of offline writes and
            // the offline cache's dehydrate and hydrate: app/offline-restore.ts) go with them.
            {
              name: 'query',
              priority: 2,
              test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/](?!build[\\/]modern[\\/](queriesObserver|useQueries|useMutationState|hydration)\.js$)|src[\\/]app[\\/](query-layout|guards)\.tsx$|src[\\/]lib[\\/](query-client|query-keys)\.ts$|src[\\/]features[\\/]auth[\\/]api[\\/]get-session\.ts$/,
            },
            // The landing page's icons in one chunk, not twenty files of 200-500 bytes (each its own
            // request, too small to be compressed); the signed-in pages that share some of them take it too.
            {
              name: 'landing-icons',
              priority: 1,
              test: (id) => landingIcons.has(id),
            },
            // The form stack every form page shares, as one chunk rather than five small ones.
            // zod stays out: forms load their resolvers when they first validate (lib/lazy-resolver.ts).
            // /auth's Login and Sign Up do without it (features/auth/components/auth-form.tsx).
            {
              name: 'forms',
              priority: 1,
              test: /node_modules[\\/]react-hook-form[\\/]|src[\\/]components[\\/]ui[\\/](form|text-field)\.tsx/,
            },
            // The input and label /auth shows, which every form also uses: one small chunk.
            {
              name: 'fields',
              priority: 2,
              test: /src[\\/]components[\\/]ui[\\/](input|label)\.tsx|node_modules[\\/]@radix-ui[\\/](react-label|react-primitive)[\\/]/,
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
