import type { Page } from '@playwright/test';
import { createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';

// Issue 28, fast creation: a member adds three tasks inline at the foot of a board column (title,
// Enter, the field keeps the focus), sees them in that column with its status and after a reload,
// then adds one at the end of a product's task list.

const boardColumn = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

test('creates three tasks inline on a board column, and one at the end of a list', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const suffix = randomSuffix();
  const product = await createProduct(page, { name: `Inline ${suffix}` });

  await page.goto(`/tasks?product=${product.id}&view=board`);
  const inProgress = boardColumn(page, 'In Progress');
  await inProgress.getByRole('button', { name: 'Add task to In Progress' }).click();
  const field = inProgress.getByRole('textbox', { name: 'Add task to In Progress' });
  await expect(field).toBeFocused();
  const titles = ['one', 'two', 'three'].map((n) => `Inline ${n} ${suffix}`);
  for (const title of titles) {
    await field.fill(title);
    await field.press('Enter');
    await expect(field).toHaveValue('');
    await expect(field).toBeFocused();
  }
  for (const title of titles) await expect(inProgress.getByText(title, { exact: true })).toBeVisible();
  await expect(inProgress.getByText('3 tasks')).toBeVisible();

  // Stored with the column's status: still there after a reload, and not in another column.
  await page.reload();
  for (const title of titles) {
    await expect(boardColumn(page, 'In Progress').getByText(title, { exact: true })).toBeVisible();
  }
  await expect(boardColumn(page, 'Pending').getByText(titles[0] ?? '', { exact: true })).toHaveCount(0);

  // At the end of the product's task list.
  await page.goto(`/products/${product.id}?tab=tasks`);
  await page.getByRole('button', { name: 'Add task' }).click();
  const line = page.getByRole('textbox', { name: 'Add task' });
  const listed = `Inline list ${suffix}`;
  await line.fill(listed);
  await line.press('Enter');
  await expect(page.getByRole('article', { name: listed, exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('article', { name: listed, exact: true })).toBeVisible();
});
