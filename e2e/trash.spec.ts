import type { Page } from '@playwright/test';
import { createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';

// Issue 28: a delete goes to the trash. Its toast offers Undo for 10 s, which brings the task back;
// another task deleted is restored from the trash page reached from its product. No login is spent
// (signInAs, e2e/README.md).

async function createTask(page: Page, projectId: string, title: string) {
  const res = await page.request.post('/api/tasks', { data: { title, projectId } });
  expect(res.status(), `POST /api/tasks: ${await res.text()}`).toBe(201);
}

/** A task row of the product's Tasks tab (an <article> named by the task's title). */
const taskRow = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

async function deleteFromRow(page: Page, title: string) {
  await page.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete task' });
  await expect(confirm).toContainText('It goes to the trash');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toasts(page).getByText('Task deleted', { exact: true })).toBeVisible();
  await expect(taskRow(page, title)).toBeHidden();
}

test('a member deletes a task and undoes it, deletes another and restores it from the trash', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const suffix = randomSuffix();
  const product = await createProduct(page, { name: `Trash flow ${suffix}` });
  const undone = `Undo me ${suffix}`;
  const restored = `Restore me ${suffix}`;
  await createTask(page, product.id, undone);
  await createTask(page, product.id, restored);

  await page.goto(`/products/${product.id}?tab=tasks`);
  await expect(taskRow(page, undone)).toBeVisible();

  // Delete, then Undo in the toast: the task is back, and stays back after a reload.
  await deleteFromRow(page, undone);
  await toasts(page).getByRole('button', { name: 'Undo' }).click();
  await expect(taskRow(page, undone)).toBeVisible();
  await page.reload();
  await expect(taskRow(page, undone)).toBeVisible();

  // Delete another, and let the toast go.
  await deleteFromRow(page, restored);
  await page.reload();
  await expect(taskRow(page, restored)).toBeHidden();

  // The product's Trash link lists it, with who deleted it and the days left; Restore brings it back.
  await page.getByRole('link', { name: 'Trash', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/trash/${product.id}$`));
  const table = page.getByRole('table', { name: 'Trash' });
  const row = table.getByRole('row').filter({ hasText: restored });
  await expect(row).toContainText('30 days');
  await expect(table.getByRole('row').filter({ hasText: undone })).toHaveCount(0);
  await row.getByRole('button', { name: `Restore ${restored}` }).click();
  await expect(toasts(page).getByText('Restored', { exact: true })).toBeVisible();
  await expect(page.getByText('The trash is empty.')).toBeVisible();

  await page.goto(`/products/${product.id}?tab=tasks`);
  await expect(taskRow(page, restored)).toBeVisible();
  await expect(taskRow(page, undone)).toBeVisible();
});
