import type { Page } from '@playwright/test';
import { createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';

// Issue 29, hierarchy and relations: a member adds a sub-task inline on a task's page and sees
// "0/1" on the parent's row; relates two tasks with "blocks" and sees the blocked mark on the
// other task's card; starting that task warns first, naming its blocker. No login is spent.

const boardColumn = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

async function createTask(page: Page, projectId: string, title: string) {
  const res = await page.request.post('/api/tasks', { data: { title, projectId } });
  expect(res.status(), `POST /api/tasks: ${await res.text()}`).toBe(201);
  return (await res.json()) as { id: string; key: string };
}

test('a sub-task made inline shows as 0/1 on its parent; a blocked task is marked and warns when started', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const suffix = randomSuffix();
  const product = await createProduct(page, { name: `Hierarchy ${suffix}` });
  const parentTitle = `Launch ${suffix}`;
  const parent = await createTask(page, product.id, parentTitle);

  // A sub-task, inline on the parent's page: title, Enter, the field keeps the focus.
  await page.goto(`/tasks/${parent.id}`);
  const field = page.getByRole('textbox', { name: 'Add a sub-task' });
  const subTitle = `Write the notes ${suffix}`;
  await field.fill(subTitle);
  await field.press('Enter');
  const subtasks = page.getByRole('region', { name: /Sub-tasks/ });
  await expect(subtasks.getByRole('link', { name: subTitle })).toBeVisible();
  await expect(field).toHaveValue('');
  await expect(field).toBeFocused();

  // "0/1" on the parent's row in the product's task list.
  await page.goto(`/products/${product.id}?tab=tasks`);
  const row = page.getByRole('article', { name: parentTitle, exact: true });
  await expect(row.getByTitle('Sub-tasks: 0 of 1 done')).toHaveText(/0\/1/);

  // "Blocks": the blocker's page relates it to the other task, found by searching.
  const blocker = await createTask(page, product.id, `Design the API ${suffix}`);
  const blockedTitle = `Build the client ${suffix}`;
  const blocked = await createTask(page, product.id, blockedTitle);
  await page.goto(`/tasks/${blocker.id}`);
  const relations = page.getByRole('region', { name: 'Relations' });
  await relations
    .getByRole('searchbox', { name: 'Search tasks to relate' })
    .fill(`Build the client ${suffix}`);
  await relations.getByRole('button', { name: new RegExp(blockedTitle) }).click();
  await expect(relations.getByRole('link', { name: blockedTitle })).toBeVisible();

  // The blocked task's card says so, naming the blocker.
  await page.goto(`/tasks?product=${product.id}&view=board`);
  const card = boardColumn(page, 'Pending').locator(`[data-card="${blocked.id}"]`);
  await expect(card.getByRole('button', { name: `Blocked by ${blocker.key}` })).toBeVisible();

  // Starting it warns first; cancelling leaves it Pending.
  await page.goto(`/tasks/${blocked.id}`);
  const properties = page.getByRole('complementary', { name: 'Properties' });
  await properties.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'In Progress' }).click();
  const warning = page.getByRole('alertdialog');
  await expect(warning).toContainText(`It is still blocked by ${blocker.key}`);
  await warning.getByRole('button', { name: 'Cancel' }).click();
  await expect(warning).toBeHidden();
  const stored = await page.request.get(`/api/tasks/${blocked.id}`);
  expect(((await stored.json()) as { status: string }).status).toBe('Pending');
});
