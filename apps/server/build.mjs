// Bundles the server into dist/main.js: our code and @shipyard/shared (TypeScript source)
// inlined, every other package left to node_modules. The SQL migrations go beside it.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

await rm('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
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
