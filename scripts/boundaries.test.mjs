// node --test scripts/ (run by `npm run lint`): every boundary rule of .dependency-cruiser.cjs and
// .dependency-cruiser-cycles.cjs catches a planted violation and lets the allowed import through,
// so that no rule can be weakened without a test failing.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { scratchTree } from './scratch-tree.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = promisify(execFile);

/** The violations dependency-cruiser finds in `root` with our config, as 'rule: from → to'. */
async function violations(root, config = '.dependency-cruiser.cjs') {
  const args = [path.join(repo, 'scripts/depcruise.mjs'), '--config', path.join(repo, config), '-T', 'json'];
  const tops = ['apps', 'packages'].filter((top) => existsSync(path.join(root, top)));
  // dependency-cruiser exits with the number of errors; the report is on stdout either way.
  const { stdout, stderr } = await run(process.execPath, [...args, ...tops], { cwd: root }).catch((e) => e);
  assert.ok(stdout, stderr);
  return JSON.parse(stdout)
    .summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)
    .sort();
}

const exporter = 'export const x = 1;\n';

describe('dependency-cruiser boundaries', () => {
  it('reports an import into another server module past its index.ts, by any kind of import', async () => {
    const root = scratchTree({
      'apps/server/src/modules/tasks/tasks.service.ts': [
        "import type { Row } from '../users/users.repository.ts';",
        "import { x } from '../users/index.ts';",
        "export const load = () => import('../teams/teams.service.ts');",
        '',
      ].join('\n'),
      'apps/server/src/modules/tasks/tasks.routes.test.ts': [
        "import { vi } from 'vitest';",
        "import { x } from './tasks.service.ts';",
        "vi.mock('../teams/teams.service.ts', () => ({}));",
        '',
      ].join('\n'),
      'apps/server/src/modules/users/users.repository.ts': 'export type Row = { id: string };\n',
      'apps/server/src/modules/users/index.ts': exporter,
      'apps/server/src/modules/teams/teams.service.ts': exporter,
      'apps/server/src/testing/factories.ts': "import { x } from '../modules/users/users.repository.ts';\n",
      'apps/server/src/modules/index.ts': "export * from './users/index.ts';\n",
    });
    assert.deepEqual(await violations(root), [
      'module-internals-from-outside: apps/server/src/testing/factories.ts → apps/server/src/modules/users/users.repository.ts',
      'module-internals: apps/server/src/modules/tasks/tasks.routes.test.ts → apps/server/src/modules/teams/teams.service.ts',
      'module-internals: apps/server/src/modules/tasks/tasks.service.ts → apps/server/src/modules/teams/teams.service.ts',
      'module-internals: apps/server/src/modules/tasks/tasks.service.ts → apps/server/src/modules/users/users.repository.ts',
    ]);
  });

  it('reports lib importing a module or the platform, and the platform importing a module', async () => {
    const root = scratchTree({
      'apps/server/src/lib/write.ts': "import { x } from '../modules/users/index.ts';\nexport { x };\n",
      'apps/server/src/lib/clock.ts': "import { y } from '../platform/mail.ts';\nexport { y };\n",
      'apps/server/src/platform/mail.ts':
        "import { x } from '../modules/users/index.ts';\nexport const y = x;\n",
      'apps/server/src/platform/http.ts': "import { x } from '../lib/write.ts';\nexport { x };\n",
      'apps/server/src/modules/users/index.ts': exporter,
    });
    assert.deepEqual(await violations(root), [
      'lib-imports-no-module: apps/server/src/lib/clock.ts → apps/server/src/platform/mail.ts',
      'lib-imports-no-module: apps/server/src/lib/write.ts → apps/server/src/modules/users/index.ts',
      'platform-imports-no-module: apps/server/src/platform/mail.ts → apps/server/src/modules/users/index.ts',
    ]);
  });

  it('reports a web feature importing another, and components, hooks or lib importing a feature', async () => {
    const root = scratchTree({
      'apps/web/src/features/tasks/components/board.tsx': [
        "import { x } from '../../products/api/keys.ts';",
        "import { y } from '../api/keys.ts';",
        'export const Board = () => <div>{x + y}</div>;',
        '',
      ].join('\n'),
      'apps/web/src/features/tasks/api/keys.ts': 'export const y = 1;\n',
      'apps/web/src/features/products/api/keys.ts': exporter,
      'apps/web/src/components/menu.tsx':
        "export const load = () => import('../features/products/api/keys.ts');\n",
      'apps/web/src/hooks/use-x.ts': "import { x } from '../features/products/api/keys.ts';\nexport { x };\n",
      'apps/web/src/lib/paths.test.ts':
        "import { vi } from 'vitest';\nvi.mock('../features/tasks/api/keys.ts');\n",
    });
    assert.deepEqual(await violations(root), [
      'feature-imports-feature: apps/web/src/features/tasks/components/board.tsx → apps/web/src/features/products/api/keys.ts',
      'shared-web-imports-feature: apps/web/src/components/menu.tsx → apps/web/src/features/products/api/keys.ts',
      'shared-web-imports-feature: apps/web/src/hooks/use-x.ts → apps/web/src/features/products/api/keys.ts',
      'shared-web-imports-feature: apps/web/src/lib/paths.test.ts → apps/web/src/features/tasks/api/keys.ts',
    ]);
  });

  it("lets app/ use a feature's api/ and components/ files only, never its tests or other folders", async () => {
    const root = scratchTree({
      'apps/web/src/app/routes/tasks.tsx': [
        "import { Board } from '../../features/tasks/components/board.tsx';",
        "import { Page } from '../../features/tasks/components/page/page.tsx';",
        "import { y } from '../../features/tasks/api/keys.ts';",
        "import { z } from '../../features/tasks/model/state.ts';",
        "import { t } from '../../features/tasks/components/board.test.tsx';",
        'export const Route = () => <Board y={y} z={z} t={t} page={Page} />;',
        '',
      ].join('\n'),
      'apps/web/src/features/tasks/components/board.tsx':
        'export const Board = (p: object) => <div {...p} />;\n',
      'apps/web/src/features/tasks/components/page/page.tsx': 'export const Page = () => <div />;\n',
      'apps/web/src/features/tasks/components/board.test.tsx': 'export const t = 1;\n',
      'apps/web/src/features/tasks/api/keys.ts': 'export const y = 1;\n',
      'apps/web/src/features/tasks/model/state.ts': 'export const z = 1;\n',
    });
    assert.deepEqual(await violations(root), [
      'feature-internals: apps/web/src/app/routes/tasks.tsx → apps/web/src/features/tasks/components/board.test.tsx',
      'feature-internals: apps/web/src/app/routes/tasks.tsx → apps/web/src/features/tasks/model/state.ts',
    ]);
  });

  it('reports packages/shared importing either app', async () => {
    const root = scratchTree({
      'packages/shared/src/tasks.ts':
        "import { x } from '../../../apps/web/src/lib/paths.ts';\nexport { x };\n",
      'packages/shared/src/users.ts': "import { x } from './tasks.ts';\nexport { x };\n",
      'apps/web/src/lib/paths.ts': exporter,
    });
    assert.deepEqual(await violations(root), [
      'shared-imports-no-app: packages/shared/src/tasks.ts → apps/web/src/lib/paths.ts',
    ]);
  });

  it('reports folders that import each other, but not through tests or the test kit', async () => {
    const root = scratchTree({
      'apps/server/src/modules/auth/auth.service.ts':
        "import { x } from '../users/index.ts';\nexport { x };\n",
      'apps/server/src/modules/auth/index.ts': "export * from './auth.service.ts';\n",
      'apps/server/src/modules/users/index.ts':
        "import { x } from '../auth/index.ts';\nexport const y = x;\n",
      'apps/server/src/lib/write.ts': exporter,
      'apps/server/src/lib/write.test.ts': "import { app } from '../testing/test-app.ts';\nexport { app };\n",
      'apps/server/src/testing/test-app.ts': "import { x } from '../lib/write.ts';\nexport const app = x;\n",
    });
    const found = await violations(root, '.dependency-cruiser-cycles.cjs');
    assert.deepEqual(
      found.map((v) => v.replace(/ → .*/, '')),
      ['no-folder-cycles: apps/server/src/modules/auth', 'no-folder-cycles: apps/server/src/modules/users'],
    );
  });
});
