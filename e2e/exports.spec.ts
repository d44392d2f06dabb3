import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, horizontalOverflow, test } from './support/test.ts';

// Issue 20: "Export CSV" downloads what a list shows, with its filters, in a real browser: the
// stream is read, counted and saved as a file under the server's name. Products are named with a
// random suffix, so tests running beside this one never meet them.

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function createProduct(page: Page, name: string, status: string) {
  const res = await page.request.post('/api/projects', {
    data: {
      name,
      description: `Exported by the e2e flow: ${name}`,
      start_date: '2026-03-02',
      target_end_date: '2026-09-30',
      status,
      priority: 'medium',
      team_size: 2,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

test('a member exports the filtered products list and a product’s tasks as CSV files', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const tag = suffix();
  const testing = await createProduct(page, `Export testing ${tag}`, 'testing');
  await createProduct(page, `Export planning ${tag}`, 'planning');
  for (const title of ['=SUM(1)+1', 'Second, with a comma']) {
    const res = await page.request.post('/api/tasks', { data: { projectId: testing.id, title } });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto(`/products?search=${encodeURIComponent(tag)}&status=testing`);
  const list = page.getByRole('tabpanel', { name: 'List View' });
  await expect(list.getByRole('link', { name: `Export testing ${tag}`, exact: true })).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^shipyard-products-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  expect(csv.startsWith('\uFEFFid,name,')).toBe(true);
  expect(csv).toContain(`Export testing ${tag}`);
  expect(csv).not.toContain(`Export planning ${tag}`);

  await page.goto(`/products/${testing.id}?tab=tasks`);
  const tasksTab = page.getByRole('tab', { name: 'Tasks', exact: true });
  if (await tasksTab.isVisible()) await tasksTab.click();
  await expect(page.getByText('Second, with a comma')).toBeVisible();
  const [tasks] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const taskCsv = await readFile((await tasks.path()) ?? '', 'utf8');
  expect(taskCsv).toContain(`"Second, with a comma"`);
  expect(taskCsv).toContain(`'=SUM(1)+1`);
  await expect(page.getByText('Export ready')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('the export buttons leave no screen scrolling sideways', async ({ page, signInAs }) => {
    await signInAs('member');
    const product = await createProduct(page, `Export phone ${suffix()}`, 'development');
    for (const url of ['/products', '/tasks', '/activity', `/products/${product.id}?tab=tasks`]) {
      await page.goto(url);
      // On a phone /tasks keeps its export in the Filters sheet (issue 33), measured closed and open.
      if (url === '/tasks') {
        await page.getByRole('button', { name: 'Filters', exact: true }).click();
        await expect(
          page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Export CSV' }),
        ).toBeVisible();
        expect(
          await horizontalOverflow(page),
          'horizontal overflow with the Filters sheet open in px',
        ).toBeLessThanOrEqual(0);
        await page.keyboard.press('Escape');
        continue;
      }
      await expect(page.getByRole('button', { name: 'Export CSV' }).first()).toBeVisible();
      // Measured once the list has loaded (its skeleton is not what this checks).
      await page.waitForLoadState('networkidle');
      await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
      expect(await horizontalOverflow(page), `horizontal overflow on ${url} in px`).toBeLessThanOrEqual(0);
    }
  });

  test('the Activity Log’s loading placeholders stay on screen', async ({ page, signInAs }) => {
    await signInAs('member');
    // The log held back a moment, so the skeleton is what is measured.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/activities?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/activity');
    await expect(page.locator('[data-slot="skeleton"]').first()).toBeVisible();
    expect(await horizontalOverflow(page), 'horizontal overflow of the skeleton in px').toBeLessThanOrEqual(
      0,
    );
    release();
    await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
  });
});

test.describe('on a 390 px phone, as an admin', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a product’s Tasks toolbar (label filter, Import, Labels, Export CSV, Create Task) wraps on screen', async ({
    page,
    signInAs,
  }) => {
    await signInAs('admin');
    const product = await createProduct(page, `Export toolbar ${suffix()}`, 'development');
    await page.goto(`/products/${product.id}?tab=tasks`);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
    for (const name of ['Import', 'Labels', 'Export CSV', 'Create Task']) {
      // `first()`: the empty list offers Create Task again below the toolbar.
      const button = page.getByRole('button', { name, exact: true }).first();
      await expect(button).toBeVisible();
      const box = await button.boundingBox();
      expect(box && box.x + box.width, `right edge of ${name}`).toBeLessThanOrEqual(390);
    }
    expect(await horizontalOverflow(page), 'horizontal overflow in px').toBeLessThanOrEqual(0);
  });
});
