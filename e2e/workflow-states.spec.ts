import type { Locator, Page } from '@playwright/test';
import { createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';
import { boardColumn } from './support/two-browsers.ts';

// Issue 29, workflow states: a member defines a state ("In review") in their product's Settings
// tab, sees its column on the board, drags a card into it, sees the state on the card (on the
// product's board and across products), on the task's page and in its row, and saves a view
// filtered on that state, which reopens with only that task.

async function createTask(page: Page, projectId: string, title: string) {
  const res = await page.request.post('/api/tasks', { data: { title, projectId } });
  expect(res.status(), `POST /api/tasks: ${await res.text()}`).toBe(201);
  return (await res.json()) as { id: string };
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no bounding box for ${locator}`);
  return found;
}

test('a member adds a state, drags a card into its column and saves a view filtered on it', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const suffix = randomSuffix();
  const product = await createProduct(page, { name: `Workflow ${suffix}` });
  const review = `Check the welds ${suffix}`;
  const task = await createTask(page, product.id, review);
  await createTask(page, product.id, `Paint the hull ${suffix}`);

  // Settings → Workflow: add "In review" (In Progress is the group offered first).
  await page.goto(`/products/${product.id}`);
  await page.getByRole('tab', { name: 'Settings' }).click();
  const card = page
    .getByRole('region', { name: 'Workflow' })
    .or(page.locator('[aria-label="Workflow"]'))
    .first();
  await card.getByRole('textbox', { name: 'New state name' }).fill('In review');
  await card.getByRole('button', { name: 'Add state' }).click();
  await expect(card.getByRole('textbox', { name: 'Name of In review' })).toBeVisible();
  await expect(card.getByRole('list', { name: 'In Progress' }).getByRole('listitem')).toHaveCount(2);

  // The board has its column; a card dragged into it takes the state.
  await page.goto(`/tasks?view=board&product=${product.id}`);
  const column = boardColumn(page, 'In review');
  await expect(column).toBeVisible();
  await expect(column.getByText('No tasks')).toBeVisible();
  const handle = await box(page.getByRole('button', { name: `Move ${review}` }));
  const target = await box(column);
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + 12, handle.y + 6, { steps: 4 });
  await page.mouse.move(target.x + target.width / 2, target.y + 80, { steps: 15 });
  await page.mouse.up();
  await expect(column.getByRole('heading', { name: review, exact: true })).toBeVisible();
  await expect
    .poll(async () => (await (await page.request.get(`/api/tasks/${task.id}`)).json()).status)
    .toBe('In Progress');
  // Its card names its state, here and on the board across products (the spec's three columns).
  await expect(
    column.locator('article', { hasText: review }).getByText('In review', { exact: true }),
  ).toBeVisible();
  await page.goto('/tasks?view=board');
  await expect(
    boardColumn(page, 'In Progress')
      .locator('article', { hasText: review })
      .getByText('In review', { exact: true }),
  ).toBeVisible();

  // The task's page shows its state.
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByRole('combobox', { name: 'Status' })).toContainText('In review');

  // A view of the product's tasks in that state: saved, and reopened with only that task.
  const states = (await (await page.request.get(`/api/projects/${product.id}/states`)).json()) as {
    data: { id: string; name: string }[];
  };
  const stateId = states.data.find((s) => s.name === 'In review')?.id;
  await page.goto(`/tasks?product=${product.id}&stateId=${stateId}`);
  await expect(page.getByRole('button', { name: 'State filter: In review' })).toBeVisible();
  await expect(page.getByText(review).first()).toBeVisible();
  // Its row's status badge names the state.
  await expect(page.locator('tr', { hasText: review }).getByText('In review', { exact: true })).toBeVisible();
  await expect(page.getByText(`Paint the hull ${suffix}`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  const name = `In review ${suffix}`;
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/views\/[0-9a-f-]{36}\?/);
  const viewUrl = page.url();

  await page.goto('/d');
  await page.goto(viewUrl.replace(/\?.*$/, ''));
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByText(review).first()).toBeVisible();
  await expect(page.getByText(`Paint the hull ${suffix}`)).toHaveCount(0);
});
