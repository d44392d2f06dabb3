import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

// Issue 5, spec §2.11 (Tasks tab), §2.15, §4, §8.2: a member creates a task on a product's page,
// filters it, drags it to Completed on the /tasks board, sees the product's progress and its
// timeline follow, edits it and deletes it. Products and tasks carry a random suffix, so tests
// running beside this one never meet them. No login is spent (signInAs, e2e/README.md).

const randomSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function createProduct(page: Page, name: string): Promise<string> {
  const res = await page.request.post('/api/projects', {
    data: {
      name,
      description: 'Created by the tasks e2e flow.',
      start_date: '2026-03-02',
      target_end_date: '2026-09-30',
      status: 'development',
      priority: 'medium',
      team_size: 3,
    },
  });
  expect(res.status(), `POST /api/projects: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function createTask(page: Page, projectId: string, title: string) {
  const res = await page.request.post('/api/tasks', { data: { title, projectId } });
  expect(res.status(), `POST /api/tasks: ${await res.text()}`).toBe(201);
}

/** A board column: a <section> named by its heading. */
const boardColumn = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** A task row of the product's Tasks tab (an <article> named by the task's title). */
const taskRow = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

async function center(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no bounding box for ${locator}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('a member creates a task, filters it, drags it to Completed, sees progress and timeline follow, edits and deletes it', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const suffix = randomSuffix();
  const productName = `Tasks flow ${suffix}`;
  const title = `Write release notes ${suffix}`;
  const productId = await createProduct(page, productName);
  // A second task, so that completing one makes the product 50 % done.
  await createTask(page, productId, `Plan the launch ${suffix}`);

  // Create on the product's Tasks tab.
  await page.goto(`/products/${productId}?tab=tasks`);
  await expect(page.getByRole('heading', { name: 'Tasks', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Create Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Task' });
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Description', { exact: true }).fill('What changed, for the people who use it.');
  await dialog.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'High', exact: true }).click();
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(toast(page, 'Task created')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = taskRow(page, title);
  await expect(row).toBeVisible();
  await expect(row.getByText('No team')).toBeVisible();
  await expect(row.getByText('Pending', { exact: true })).toBeVisible();

  // The status filter bar.
  const filters = page.getByRole('tablist', { name: 'Filter tasks by status' });
  await filters.getByRole('tab', { name: /^Completed/ }).click();
  await expect(page.getByText('No tasks found for this status.')).toBeVisible();
  await filters.getByRole('tab', { name: /^Pending/ }).click();
  await expect(taskRow(page, title)).toBeVisible();

  // On /tasks: search narrows the list, then the board; drag the card to Completed.
  await page.goto('/tasks');
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill(`release notes ${suffix}`.toUpperCase());
  await expect(page.getByText(`Plan the launch ${suffix}`)).toBeHidden();
  await expect(page.getByText(title, { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Kanban Board' }).click();
  await expect(page).toHaveURL(/search=/);
  const pending = boardColumn(page, 'Pending');
  const completed = boardColumn(page, 'Completed');
  await expect(pending.getByText(title, { exact: true })).toBeVisible();

  const from = await center(page.getByRole('button', { name: `Move ${title}` }));
  const to = await center(completed);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 8, from.y + 4, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await page.mouse.up();
  await expect(toast(page, 'Task status updated')).toBeVisible();
  await expect(completed.getByText(title, { exact: true })).toBeVisible();
  await expect(pending.getByText(title, { exact: true })).toBeHidden();

  // It stays there after a reload: the change was stored.
  await page.reload();
  await expect(boardColumn(page, 'Completed').getByText(title, { exact: true })).toBeVisible();

  // The product's progress (one of two tasks done) and its timeline.
  await page.goto(`/products/${productId}`);
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '50');
  await page.getByRole('tab', { name: 'Timeline' }).click();
  await expect(page.getByText(`Completed task "${title}"`)).toBeVisible();
  await expect(page.getByText(`Created task "${title}"`)).toBeVisible();

  // Edit it from the row menu.
  const renamed = `${title} (final)`;
  await page.getByRole('tab', { name: 'Tasks', exact: true }).click();
  await page.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(edit.getByLabel('Title', { exact: true })).toHaveValue(title);
  await edit.getByLabel('Title', { exact: true }).fill(renamed);
  await edit.getByRole('button', { name: 'Update Task' }).click();
  await expect(toast(page, 'Task updated')).toBeVisible();
  await expect(taskRow(page, renamed)).toBeVisible();
  await expect(taskRow(page, renamed).getByText('Completed', { exact: true })).toBeVisible();

  // Delete it.
  await page.getByRole('button', { name: `Actions for ${renamed}` }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete task' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(toast(page, 'Task deleted')).toBeVisible();
  await expect(taskRow(page, renamed)).toBeHidden();
  await page.reload();
  await expect(taskRow(page, `Plan the launch ${suffix}`)).toBeVisible();
  await expect(taskRow(page, renamed)).toBeHidden();
});

test('a guest who sees no product finds the tasks page empty and read-only', async ({ page, signInAs }) => {
  await signInAs('guest');
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { name: 'Tasks', exact: true })).toBeVisible();
  await expect(page.getByText('No tasks found', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Task' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Kanban Board' }).click();
  await expect(page.getByText('No tasks found', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Task' })).toHaveCount(0);
});
