// node --test scripts/ (run by `npm run lint`): the 400-line rule and its exclusions.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lineCount, oversizedFiles } from './check-file-size.mjs';
import { scratchTree } from './scratch-tree.mjs';

const linesOf = (n) => Array.from({ length: n }, (_, i) => `export const a${i} = ${i};\n`).join('');

describe('check-file-size', () => {
  it('counts the lines an editor shows, with or without a final line break', () => {
    assert.equal(lineCount(''), 0);
    assert.equal(lineCount('a'), 1);
    assert.equal(lineCount('a\nb\n'), 2);
    assert.equal(lineCount('a\nb'), 2);
  });

  it('reports a source file over 400 lines in every checked folder, and passes one of 400', () => {
    const long = linesOf(401);
    const found = oversizedFiles(
      scratchTree({
        'apps/server/src/modules/tasks/tasks.service.ts': long,
        'apps/web/src/components/ui/sidebar.tsx': long,
        'packages/shared/src/tasks.ts': long,
        'e2e/products.spec.ts': long,
        'bench/http.mjs': long,
        'scripts/check.mjs': long,
        'apps/web/src/features/tasks/components/board.tsx': linesOf(400),
        'docs/long.md': long,
      }),
    );
    assert.deepEqual(found.map((f) => f.file).sort(), [
      'apps/server/src/modules/tasks/tasks.service.ts',
      'apps/web/src/components/ui/sidebar.tsx',
      'bench/http.mjs',
      'e2e/products.spec.ts',
      'packages/shared/src/tasks.ts',
      'scripts/check.mjs',
    ]);
  });

  it('counts lines inside template literals and JSX text, which Biome skips', () => {
    const sql = `export const sql = \`\n${'select 1;\n'.repeat(400)}\`;\n`;
    const found = oversizedFiles(scratchTree({ 'bench/seed.mjs': sql }));
    assert.deepEqual(found, [{ file: 'bench/seed.mjs', lines: 402 }]);
  });

  it('skips generated files, migrations, fixture data and installed packages only', () => {
    const long = linesOf(401);
    const found = oversizedFiles(
      scratchTree({
        'apps/server/src/db/migrations/0001_init.ts': long,
        'apps/web/src/route-tree.gen.ts': long,
        'apps/server/src/modules/demo/demo.data.ts': long,
        'apps/server/src/modules/imports/fixtures/board.ts': long,
        'apps/web/node_modules/x/index.js': long,
        'apps/web/dist/assets/index.js': long,
        'apps/server/src/modules/demo/demo.seed.ts': long,
      }),
    );
    assert.deepEqual(
      found.map((f) => f.file),
      ['apps/server/src/modules/demo/demo.seed.ts'],
    );
  });
});
