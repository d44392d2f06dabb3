import type { Page } from '@playwright/test';
import { createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';

// Issue 28, saved views: a member filters /tasks by URL, saves the view (pinned), reloads, opens it
// from the sidebar's "Views" and sees its tasks, its name as the title and its count. The product
// and tasks carry a random suffix, so tests running beside this one never meet them.

async function createTask(page: Page, projectId: string, title: string, status: string) {
  const res = await page.request.post('/api/tasks', { data: { title, projectId, status } });
  expect(res.status(), `POST /api/tasks: ${await res.text()}`).toBe(201);
}

/** The sidebar's "Views" section. */
const viewsSection = (page: Page) =>
  page.locator('[data-sidebar="group"]').filter({ has: page.getByText('Views', { exact: true }) });

test('a member saves a filtered task list as a view, reloads and opens it from the sidebar with its count', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const suffix = randomSuffix();
  const product = await createProduct(page, { name: `Views flow ${suffix}` });
  await createTask(page, product.id, `Draft the plan ${suffix}`, 'Pending');
  await createTask(page, product.id, `Book the venue ${suffix}`, 'Pending');
  await createTask(page, product.id, `Ship the invite ${suffix}`, 'Completed');

  await page.goto(`/tasks?product=${product.id}&status=pending`);
  await expect(page.getByRole('heading', { name: 'Tasks', exact: true })).toBeVisible();
  await expect(page.getByText(`Draft the plan ${suffix}`).first()).toBeVisible();
  await expect(page.getByText(`Ship the invite ${suffix}`)).toHaveCount(0);

  await page.getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  const name = `Open venue work ${suffix}`;
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await expect(dialog.getByRole('checkbox', { name: 'Pin to the sidebar' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/views\/[0-9a-f-]{36}\?/);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();

  // Elsewhere, after a reload: the pinned view is in the sidebar with its count.
  await page.goto('/d');
  await page.reload();
  const link = viewsSection(page).getByRole('link', { name: `${name}, 2 tasks` });
  await expect(link).toBeVisible();
  await link.click();

  await expect(page).toHaveURL(/\/views\/[0-9a-f-]{36}\?/);
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByText(`Draft the plan ${suffix}`).first()).toBeVisible();
  await expect(page.getByText(`Book the venue ${suffix}`).first()).toBeVisible();
  await expect(page.getByText(`Ship the invite ${suffix}`)).toHaveCount(0);
  await expect(page.getByText('2 tasks', { exact: true })).toBeVisible();
  await expect(link).toHaveAttribute('aria-current', 'page');
  // No change to save while the filters are the view's.
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);

  // The views page lists it with the same count.
  await page.goto('/views');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row.getByRole('cell', { name: '2', exact: true })).toBeVisible();
});
