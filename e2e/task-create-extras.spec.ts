import type { Page } from '@playwright/test';
import { createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';

// Issue 29, the create dialog: a member creates a task from the product's Tasks tab with a custom
// field set and as a sub-task of another task of the product; the server stores both.

async function post<T>(page: Page, url: string, data: unknown) {
  const res = await page.request.post(url, { data });
  expect(res.status(), `POST ${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

test('a member creates a sub-task with a custom field value from the create dialog', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const suffix = randomSuffix();
  const product = await createProduct(page, { name: `Create extras ${suffix}` });
  await post(page, `/api/projects/${product.id}/fields`, {
    name: 'Severity',
    type: 'select',
    options: [
      { name: 'Low', color: '#22c55e' },
      { name: 'High', color: '#ef4444' },
    ],
  });
  const parentTitle = `Launch the beta ${suffix}`;
  const parent = await post<{ id: string; key: string }>(page, '/api/tasks', {
    title: parentTitle,
    projectId: product.id,
  });

  await page.goto(`/products/${product.id}?tab=tasks`);
  await page.getByRole('button', { name: 'Create Task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Task' });
  const title = `Write the release notes ${suffix}`;
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByRole('combobox', { name: 'Severity' }).click();
  await page.getByRole('option', { name: 'High', exact: true }).click();
  await dialog.getByRole('button', { name: 'Make it a sub-task' }).click();
  await page.getByRole('searchbox', { name: 'Search the product’s tasks' }).fill('beta');
  await page.getByRole('button', { name: new RegExp(`${parent.key}\\s*${parentTitle}`) }).click();
  await expect(
    dialog.getByRole('button', { name: `Sub-task of ${parent.key} ${parentTitle}` }),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Create Task' }).click();
  await expect(dialog).toBeHidden();

  const fields = (await (await page.request.get(`/api/projects/${product.id}/fields`)).json()) as {
    data: { id: string; options: { id: string; name: string }[] }[];
  };
  const severity = fields.data[0];
  const high = severity?.options.find((o) => o.name === 'High')?.id;
  const found = (await (
    await page.request.get(`/api/tasks/all?productId=${product.id}&search=${encodeURIComponent(title)}`)
  ).json()) as { data: { title: string; parentId: string | null; fields: Record<string, unknown> }[] };
  const created = found.data.find((t) => t.title === title);
  expect(created?.parentId).toBe(parent.id);
  expect(created?.fields).toEqual({ [severity?.id ?? '']: high });
});
