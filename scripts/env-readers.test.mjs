// node --test scripts/ (run by `npm run lint`): only apps/server/src/config.ts reads process.env
// (Biome's noProcessEnv, biome.json), apart from the places that configure a test or a tool.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { scratchTree } from './scratch-tree.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const biome = path.join(repo, 'node_modules/@biomejs/biome/bin/biome');

/** Of the given files (paths from the root), each reading process.env, those Biome reports with our biome.json. */
function flagged(files) {
  const reader = 'export const port = process.env.PORT;\n';
  const root = scratchTree({
    'biome.json': readFileSync(path.join(repo, 'biome.json'), 'utf8'),
    ...Object.fromEntries(files.map((file) => [file, reader])),
  });
  const result = spawnSync(
    process.execPath,
    [biome, 'lint', '--vcs-enabled=false', '--reporter=github', '.'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  const reported = [...result.stdout.matchAll(/title=lint\/style\/noProcessEnv,file=([^,]+)/g)];
  return reported.map((m) => path.relative(root, m[1]).split(path.sep).join('/')).sort();
}

describe('process.env readers', () => {
  it('reports process.env in server code, web code, shared code and server command-line scripts', () => {
    const readers = [
      'apps/server/src/backup.ts',
      'apps/server/src/import-archive.ts',
      'apps/server/src/lib/mailer.ts',
      'apps/server/src/modules/tasks/tasks.service.ts',
      // boot-heap.ts's exception is that file alone, not its folder.
      'apps/server/src/process/primary.ts',
      'apps/web/src/lib/api-client.ts',
      'packages/shared/src/constants.ts',
    ];
    assert.deepEqual(flagged(readers), readers);
  });

  it('allows config.ts, boot-heap.ts (it runs before config.ts may load), tests, the test kit, e2e, bench, scripts and tool configs', () => {
    const allowed = [
      'apps/server/src/config.ts',
      'apps/server/src/process/boot-heap.ts',
      'apps/server/src/modules/tasks/tasks.routes.test.ts',
      'apps/web/src/features/tasks/components/board.test.tsx',
      'apps/server/src/testing/redis.ts',
      'e2e/support/server.ts',
      'bench/lib/server.mjs',
      'scripts/check-file-size.mjs',
      'apps/server/build.mjs',
      'apps/web/vite.config.ts',
    ];
    assert.deepEqual(flagged(allowed), []);
  });
});
