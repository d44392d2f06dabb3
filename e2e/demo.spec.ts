import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  freePort,
  isolatedEnv,
  log,
  snapshotBuild,
  startServer,
  stopServer,
  waitForHealth,
} from './support/server.ts';
import { logIn } from './support/test.ts';

// Issue 20: `SEED_DEMO=1` on a fresh DATA_DIR gives a working demo. This spec starts a server of
// its own (the shared one of global-setup.ts has accounts already, so it would never seed), reads
// the demo logins from what it prints at start, signs in as a demo user and finds a lively
// workspace: dashboard figures and a products board with a card in every stage.

let runDir = '';
let child: ChildProcess | undefined;
let baseURL = '';
const output: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  runDir = await fs.mkdtemp(path.join(os.tmpdir(), 'shipyard-e2e-demo-'));
  // The bundled PostgreSQL runs as `postgres` when we are root: it must traverse the directory.
  await fs.chmod(runDir, 0o755);
  const dataDir = path.join(runDir, 'data');
  await fs.mkdir(dataDir, { mode: 0o755 });
  const serverMain = await snapshotBuild(runDir);
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  const started = Date.now();
  child = startServer(
    serverMain,
    isolatedEnv({ PORT: String(port), DATA_DIR: dataDir, APP_URL: baseURL, SEED_DEMO: '1' }),
    output,
  );
  await waitForHealth(baseURL, child, output, 90_000);
  log(`demo server ${baseURL} healthy in ${Date.now() - started} ms`);
});

test.afterAll(async () => {
  if (child) await stopServer(child);
  if (runDir) await fs.rm(runDir, { recursive: true, force: true });
});

/** The logins the server printed once, after the seed. */
function printedLogins() {
  const text = output.join('');
  const password = /demo workspace created: sign in at \S+ with password (\S+) as/.exec(text)?.[1];
  const accounts = [...text.matchAll(/^shipyard: {3}(\S+@demo\.shipyard\.test) +(.+) \((.+)\)$/gm)].map(
    ([, email, name, role]) => ({ email: email as string, name: name as string, role: role as string }),
  );
  return { password, accounts };
}

test('SEED_DEMO=1 on a fresh DATA_DIR: a demo user signs in and sees figures and a board with cards', async ({
  page,
}) => {
  const { password, accounts } = printedLogins();
  expect(password, output.join('')).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  expect(accounts.map((a) => a.role)).toEqual(
    expect.arrayContaining(['super admin', 'admin', 'member', 'guest']),
  );
  const admin = accounts.find((a) => a.role === 'admin');
  if (!admin || !password) throw new Error('no admin login printed');
  // Printed once: the password appears in one line only.
  expect(output.join('').split(password).length - 1).toBe(1);

  await page.goto(`${baseURL}/auth`);
  await logIn(page, admin.email, password);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // Figures, not zeros: each card's number is its first paragraph.
  for (const title of ['Active Products', 'Team Members', 'Completed Tasks', 'Pending Reviews']) {
    const card = page
      .locator('[data-slot="card"]')
      .filter({ has: page.getByRole('heading', { name: title, level: 2, exact: true }) });
    await expect(card.locator('p').first()).toHaveText(/^[1-9]\d*$/);
  }
  await expect(page.getByText('Recent Activity', { exact: true })).toBeVisible();
  await expect(page.getByText('Team Overview', { exact: true })).toBeVisible();

  await page.goto(`${baseURL}/products?view=board`);
  const column = (title: string) => page.getByRole('region', { name: title, exact: true });
  for (const stage of ['Planning', 'Development', 'Testing', 'Production', 'Maintenance']) {
    await expect(column(stage).getByRole('link').first()).toBeVisible();
  }
  await column('Development').getByRole('link', { name: 'Atlas Checkout', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Atlas Checkout' })).toBeVisible();
  await page.getByRole('tab', { name: 'Tasks', exact: true }).click();
  await expect(page.getByText('Address autocomplete', { exact: true })).toBeVisible();
});
