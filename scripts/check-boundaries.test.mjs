// node --test scripts/check-boundaries.test.mjs (run by `npm run lint`, so by `npm test`).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { checkBoundaries, importsOf } from './check-boundaries.mjs';

const roots = [];
after(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A scratch repository holding the given files (path → source). */
function fixture(files) {
  const root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  roots.push(root);
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), source);
  }
  return root;
}

const offenders = (files) => checkBoundaries(fixture(files)).map((v) => v.file);

describe('check-boundaries', () => {
  it('fails when a web feature imports another feature', () => {
    assert.deepEqual(
      offenders({
        'apps/web/src/features/tasks/components/board.tsx': "import { X } from '../../products/api/keys.ts';",
        'apps/web/src/features/products/api/keys.ts': 'export const X = 1;',
      }),
      ['apps/web/src/features/tasks/components/board.tsx'],
    );
  });

  it('fails when components, lib or hooks import a feature, by static, dynamic or mocked import', () => {
    assert.deepEqual(
      offenders({
        'apps/web/src/components/a.tsx': "export { X } from '../features/tasks/x.ts';",
        'apps/web/src/lib/b.ts': "const m = await import('../features/tasks/x.ts');",
        'apps/web/src/hooks/c.test.ts': "vi.mock('../features/tasks/x.ts');",
        'apps/web/src/features/tasks/x.ts': 'export const X = 1;',
      }).sort(),
      ['apps/web/src/components/a.tsx', 'apps/web/src/hooks/c.test.ts', 'apps/web/src/lib/b.ts'],
    );
  });

  it("fails when a server module imports another module's repository", () => {
    assert.deepEqual(
      offenders({
        'apps/server/src/modules/tasks/tasks.service.ts':
          "import type { ActivitiesRepository } from '../activities/activities.repository.ts';",
      }),
      ['apps/server/src/modules/tasks/tasks.service.ts'],
    );
  });

  it('passes imports within a feature or module, from app/ into features, and of narrow entry points', () => {
    assert.deepEqual(
      offenders({
        'apps/web/src/features/tasks/components/board.tsx':
          "import { keys } from '../api/keys.ts';\nimport { Button } from '../../../components/ui/button.tsx';",
        'apps/web/src/app/routes/tasks.tsx':
          "import { Board } from '../../features/tasks/components/board.tsx';",
        'apps/server/src/modules/tasks/tasks.service.ts': [
          "import { createTasksRepository } from './tasks.repository.ts';",
          "import type { ActivityRecorder } from '../activities/activities.recorder.ts';",
          "import { notificationTexts } from '../notifications/notifications.texts.ts';",
        ].join('\n'),
        'apps/server/src/app.ts':
          "import { createTasksRepository } from './modules/tasks/tasks.repository.ts';",
      }),
      [],
    );
  });

  it('reads the specifiers of multi-line and type-only imports', () => {
    assert.deepEqual(importsOf("import type {\n  A,\n  B,\n} from './a.ts';\nimport './b.css';"), [
      './a.ts',
      './b.css',
    ]);
  });
});
