import type { Page } from '@playwright/test';
import { createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';

// Issue 29, templates: a member saves their product as a template and starts a new product from
// it (its states, labels and starter tasks come along); creates a task from a task template (its
// checklist comes along); and duplicates a task (the copy opens, Undo is offered).

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

async function post(page: Page, url: string, data: object) {
  const res = await page.request.post(url, { data });
  expect(res.status(), `POST ${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as { id: string };
}

test('saves a product as a template and creates a new product from it', async ({ page, signInAs }) => {
  await signInAs('member');
  const suffix = randomSuffix();
  const product = await createProduct(page, { name: `Template source ${suffix}` });
  await post(page, `/api/projects/${product.id}/labels`, { name: `Launch ${suffix}`, color: '#22c55e' });
  const starter = `Kick-off ${suffix}`;
  const task = await post(page, '/api/tasks', { projectId: product.id, title: starter, priority: 'high' });
  await post(page, `/api/tasks/${task.id}/checklist`, { title: 'Book a room' });
  // A fourth workflow state: the product's states come along too.
  await post(page, `/api/projects/${product.id}/states`, {
    name: 'In review',
    color: '#ef4444',
    category: 'In Progress',
  });

  await page.goto(`/products/${product.id}`);
  await page.getByRole('button', { name: `Actions for ${product.name}` }).click();
  await page.getByRole('menuitem', { name: 'Save as template' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save as template' });
  const templateName = `Launch kit ${suffix}`;
  await dialog.getByLabel('Name', { exact: true }).fill(templateName);
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(toast(page, 'Template saved')).toBeVisible();

  await page.goto('/new-product');
  await page.getByRole('combobox', { name: 'Start from' }).click();
  await page.getByRole('option', { name: templateName, exact: true }).click();
  await expect(page.getByText('Comes with 4 workflow states, 1 label, 1 starter task.')).toBeVisible();
  const name = `From template ${suffix}`;
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description', { exact: true }).fill('Started from a template.');
  await page.getByLabel('Start Date', { exact: true }).fill('2026-03-02');
  await page.getByLabel('Target End Date', { exact: true }).fill('2026-09-30');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Planning', exact: true }).click();
  await page.getByLabel('Team Size', { exact: true }).fill('4');
  await page.getByRole('button', { name: 'Create Product', exact: true }).click();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // Its starter task and its label.
  await page.goto(`${new URL(page.url()).pathname}?tab=tasks`);
  await expect(page.getByRole('article', { name: starter, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Labels', exact: true }).click();
  await expect(
    page.getByRole('dialog', { name: 'Labels' }).getByRole('textbox', { name: `Name of Launch ${suffix}` }),
  ).toHaveValue(`Launch ${suffix}`);
});

test('creates a task from a task template, and duplicates a task', async ({ page, signInAs }) => {
  await signInAs('member');
  const suffix = randomSuffix();
  const product = await createProduct(page, { name: `Task templates ${suffix}` });
  const templateName = `Bug report ${suffix}`;
  await post(page, `/api/projects/${product.id}/task-templates`, {
    name: templateName,
    title: 'Bug: ',
    priority: 'high',
    parts: { checklist: ['Reproduce it', 'Write a test'] },
  });

  // The Settings tab lists it.
  await page.goto(`/products/${product.id}?tab=settings`);
  await expect(page.getByText(templateName, { exact: true })).toBeVisible();

  await page.goto(`/products/${product.id}?tab=tasks`);
  // The header's button; once the empty list has loaded, its empty state offers one too.
  await page.getByRole('button', { name: 'Create Task' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create New Task' });
  await dialog.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: templateName, exact: true }).click();
  const title = dialog.getByLabel('Title', { exact: true });
  await expect(title).toHaveValue('Bug:');
  const made = `Bug: login fails ${suffix}`;
  await title.fill(made);
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('article', { name: made, exact: true }).getByRole('link', { name: made }).click();
  await expect(page.getByText('Reproduce it', { exact: true })).toBeVisible();
  await expect(page.getByText('Write a test', { exact: true })).toBeVisible();
  const original = page.url();

  // Duplicate: the copy opens, with the same title and checklist, and Undo is offered.
  await page.getByRole('button', { name: `Actions for ${made}` }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(toast(page, 'Task duplicated')).toBeVisible();
  await expect(page).not.toHaveURL(original);
  await expect(page.getByRole('heading', { name: made })).toBeVisible();
  await expect(page.getByText('Reproduce it', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Undo' }),
  ).toBeVisible();
});
