// Bundles the server into dist/main.js: our code and @shipyard/shared (TypeScript source)
// inlined, every other package left to node_modules. The SQL migrations go beside it.
// main.js is only the entry: it sets up the boot's heap (src/process/boot-heap.ts) before anything
// else is loaded, then imports start.ts, which `splitting` writes to a file of its own beside it
// (start-<hash>.js, with the external packages' imports), so that they load after that set-up.
// Every file stays in dist/ itself: paths relative to import.meta.url (migrations, the web app) hold.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@shipyard/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
await cp('src/db/migrations', 'dist/migrations', { recursive: true });
