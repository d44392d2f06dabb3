import type { Page } from '@playwright/test';
import { createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';

// Issue 29, custom fields: a member defines a select and a number field in the product's Settings
// tab, sets them on a task's page, sees the select on its board card, filters /tasks by it with the
// filter bar's chip, saves the view and opens it again. Names carry a random suffix, so tests beside this one never meet them.

async function createTask(page: Page, projectId: string, title: string) {
  const res = await page.request.post('/api/tasks', { data: { title, projectId } });
  expect(res.status(), `POST /api/tasks: ${await res.text()}`).toBe(201);
  return (await res.json()) as { id: string };
}

test('a member defines fields, sets them on a task, sees them on the board and saves a view filtered by one', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const suffix = randomSuffix();
  const product = await createProduct(page, { name: `Fields flow ${suffix}` });
  const task = await createTask(page, product.id, `Fix the login ${suffix}`);
  await createTask(page, product.id, `Polish the footer ${suffix}`);

  // Settings: a select field shown on cards, and a number field.
  await page.goto(`/products/${product.id}?tab=settings`);
  await page.getByRole('textbox', { name: 'New field name' }).fill('Severity');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Single select' }).click();
  await page.getByRole('textbox', { name: 'Options' }).fill('Low, High');
  await page.getByRole('checkbox', { name: 'Show on cards' }).click();
  await page.getByRole('button', { name: 'Add field' }).click();
  await expect(page.getByRole('textbox', { name: 'Name of Severity' })).toBeVisible();
  await page.getByRole('textbox', { name: 'New field name' }).fill('Estimate');
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Number' }).click();
  await page.getByRole('button', { name: 'Add field' }).click();
  await expect(page.getByRole('textbox', { name: 'Name of Estimate' })).toBeVisible();

  // The task's page: its Fields group.
  await page.goto(`/tasks/${task.id}`);
  const severity = page.getByRole('combobox', { name: 'Severity' });
  await severity.click();
  await page.getByRole('option', { name: 'High' }).click();
  await expect(severity).toHaveText('High');
  const estimate = page.getByRole('spinbutton', { name: 'Estimate' });
  await estimate.fill('5');
  await estimate.press('Enter');
  await expect
    .poll(
      async () => Object.keys((await (await page.request.get(`/api/tasks/${task.id}`)).json()).fields).length,
    )
    .toBe(2);

  // The board card shows the field marked "show on cards".
  await page.goto(`/tasks?view=board&productId=${product.id}`);
  const card = page.locator('[data-card]').filter({ hasText: `Fix the login ${suffix}` });
  await expect(card.getByText('Severity:')).toBeVisible();
  await expect(card).toContainText('High');

  // /tasks filtered by the field, saved as a view, opened again.
  const fields = (await (await page.request.get(`/api/projects/${product.id}/fields`)).json()) as {
    data: { id: string; name: string }[];
  };
  const severityId = fields.data.find((f) => f.name === 'Severity')?.id ?? '';
  await page.goto(`/tasks?productId=${product.id}`);
  await expect(page.getByText(`Polish the footer ${suffix}`).first()).toBeVisible();
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Severity' }).click();
  await page.getByRole('dialog', { name: 'Severity filter' }).getByRole('button', { name: 'High' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Severity filter: High' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('field')).toMatch(new RegExp(`^${severityId}:is:`));
  await expect(page.getByText(`Fix the login ${suffix}`).first()).toBeVisible();
  await expect(page.getByText(`Polish the footer ${suffix}`)).toHaveCount(0);
  await page.getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  const name = `High severity ${suffix}`;
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/views\/[0-9a-f-]{36}\?/);
  await page.goto('/d');
  await page.reload();
  await page.getByRole('link', { name: `${name}, 1 task` }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  await expect(page.getByText(`Fix the login ${suffix}`).first()).toBeVisible();
  await expect(page.getByText(`Polish the footer ${suffix}`)).toHaveCount(0);
});
