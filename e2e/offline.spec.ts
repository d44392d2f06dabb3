import type { Page } from '@playwright/test';
import { call } from './support/api.ts';
import { createProduct, randomSuffix } from './support/products.ts';
import { runState } from './support/run-state.ts';
import { expect, test } from './support/test.ts';

// Issue 33: an installable app that works offline for reading. The production build's manifest
// and service worker make it installable; a task seen online shows after an offline reload (the
// signed-in user's query cache in IndexedDB); a change made offline is marked pending, survives
// a reload and reaches the server on reconnect; one that meets someone else's change of the
// same field shows both values and the person picks.

// Installing the worker precaches the whole app shell (about 200 files): on a busy two-core
// machine that alone can take tens of seconds.
test.describe.configure({ timeout: 180_000 });
// The other flows run with service workers blocked (playwright.config.ts); these are about the worker.
test.use({ serviceWorkers: 'allow' });

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
};

async function aTask(page: Page, suffix: string) {
  const product = await createProduct(page, { name: `Offline ${suffix}` });
  const title = `Read on the train ${suffix}`;
  const res = await page.request.post('/api/tasks', { data: { title, projectId: product.id } });
  expect(res.status(), `POST /api/tasks: ${await res.text()}`).toBe(201);
  return { title, taskId: ((await res.json()) as { id: string }).id };
}

/** Once the service worker controls the page (it claims the page that installed it). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 90_000,
  });
}

/** The persisted cache's text, as stored in IndexedDB ('' while nothing is stored). */
function storedCache(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('shipyard-offline');
        open.onerror = () => resolve('');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) return resolve('');
          const all = db.transaction('keyval').objectStore('keyval').getAll();
          all.onsuccess = () => resolve(JSON.stringify(all.result));
          all.onerror = () => resolve('');
        };
      }),
  );
}

/** The task as the server has it, read with the super admin's session. */
async function serverTask(taskId: string) {
  const { baseURL, accounts } = runState();
  const res = await call(baseURL, 'GET', `/tasks/${taskId}`, undefined, accounts['super admin'].token);
  return res.body as { title: string; status: string };
}

async function openOfflineAndRename(page: Page, title: string, renamed: string) {
  const heading = page.getByRole('heading', { level: 1, name: title });
  await expect(heading).toBeVisible();
  // The page's answer is on the device before the network goes.
  await expect.poll(() => storedCache(page), { timeout: 10_000 }).toContain(title);
  await page.context().setOffline(true);
  await page.reload();
  await expect(heading).toBeVisible();
  await expect(page.getByTitle('Offline', { exact: true })).toBeVisible();

  await heading.getByRole('button').click();
  const field = page.getByRole('textbox', { name: 'Title' });
  await field.fill(renamed);
  await field.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.locator('article').getByText('Pending sync')).toBeVisible();
  await expect(page.locator('[data-pending-sync="1"]')).toBeVisible();
}

test('the production build is installable: a valid manifest with 192, 512 and maskable icons, and a service worker controlling the page', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  await page.goto('/d');
  await controlled(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const res = await page.request.get(href ?? '');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as Manifest;
  expect(manifest).toMatchObject({ name: 'Shipyard', short_name: 'Shipyard', display: 'standalone' });
  expect(new URL(manifest.start_url, page.url()).origin).toBe(new URL(page.url()).origin);
  const icon = (size: string, purpose: string) =>
    manifest.icons.find((i) => i.sizes === size && (i.purpose ?? 'any').split(' ').includes(purpose));
  for (const found of [icon('192x192', 'any'), icon('512x512', 'any'), icon('512x512', 'maskable')]) {
    expect(found?.type).toBe('image/png');
    const png = await page.request.get(found?.src ?? '');
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
  }

  // The worker script itself is revalidated on every check, never cached for long.
  const sw = await page.request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');
});

test('a task seen online shows after an offline reload; a rename made offline is pending, kept over a reload, and sent on reconnect', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const suffix = randomSuffix();
  const { title, taskId } = await aTask(page, suffix);
  await page.goto(`/tasks/${taskId}`);
  await controlled(page);

  const renamed = `Renamed offline ${suffix}`;
  await openOfflineAndRename(page, title, renamed);
  expect((await serverTask(taskId)).title).toBe(title);

  // Still offline, a reload keeps the change and its pending mark (the queue is on the device).
  await expect.poll(() => storedCache(page), { timeout: 10_000 }).toContain(`"title":"${renamed}"`);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.locator('article').getByText('Pending sync')).toBeVisible();

  await page.context().setOffline(false);
  await expect(page.locator('article').getByText('Pending sync')).toBeHidden({ timeout: 15_000 });
  await expect.poll(async () => (await serverTask(taskId)).title).toBe(renamed);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
});

test('an offline rename that meets someone else’s rename shows both titles, and the one picked is kept', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const suffix = randomSuffix();
  const { title, taskId } = await aTask(page, suffix);
  await page.goto(`/tasks/${taskId}`);
  await controlled(page);

  const mine = `Mine ${suffix}`;
  const theirs = `Theirs ${suffix}`;
  await openOfflineAndRename(page, title, mine);
  const { baseURL, accounts } = runState();
  const other = await call(
    baseURL,
    'PATCH',
    `/tasks/${taskId}/update`,
    { title: theirs },
    accounts['super admin'].token,
  );
  expect(other.status).toBe(200);

  await page.context().setOffline(false);
  const dialog = page.getByRole('alertdialog', { name: 'This task changed while you were offline' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog.locator('[data-side="yours"]')).toContainText(mine);
  await expect(dialog.locator('[data-side="current"]')).toContainText(theirs);
  // Nothing was applied blindly: the server still has their title.
  expect((await serverTask(taskId)).title).toBe(theirs);

  await dialog.getByRole('button', { name: 'Keep yours' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await serverTask(taskId)).title).toBe(mine);
  await expect(page.getByRole('heading', { level: 1, name: mine })).toBeVisible();
  await expect(page.locator('article').getByText('Pending sync')).toBeHidden();
});
