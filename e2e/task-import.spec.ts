import { call } from './support/api.ts';
import { runState } from './support/run-state.ts';
import { expect, test } from './support/test.ts';

// Issue 20: a CSV file imported into a product's Tasks tab through the wizard. A file with a bad
// row shows its row errors and imports nothing; the fixed file imports, the toast counts the
// tasks and the tab lists them without a reload.

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

test('imports tasks from a CSV file: row errors first, nothing stored, then the fixed file in one go', async ({
  page,
  signInAs,
}) => {
  const ada = await signInAs('admin');
  const name = `Import ${suffix()}`;
  const created = await call(
    runState().baseURL,
    'POST',
    '/projects',
    {
      name,
      description: 'Created by the task import e2e flow.',
      start_date: '2026-03-02',
      target_end_date: '2026-09-30',
      status: 'development',
      priority: 'medium',
      team_size: 2,
    },
    ada.token,
  );
  const productId = (created.body as { id: string }).id;

  await page.goto(`/products/${productId}`);
  await page.getByRole('tab', { name: 'Tasks', exact: true }).click();
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Import tasks' });
  const file = dialog.getByLabel('File (CSV or Trello JSON)');

  const bad = 'Title;State;Due\nWrite the brief;Doing;2026-04-01\nReview it;Pending;2026-04-02\n';
  await file.setInputFiles({ name: 'tasks.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await expect(
    dialog.getByText('Row 2: status "Doing" is not one of Pending, In Progress, Completed'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Import 2 tasks' })).toBeDisabled();

  const good = bad.replace('Doing', 'In Progress');
  await file.setInputFiles({ name: 'tasks.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await expect(dialog.getByText('2 tasks are ready to import.')).toBeVisible();
  await expect(dialog.getByLabel('Status', { exact: true })).toHaveValue('1');
  await dialog.getByRole('button', { name: 'Import 2 tasks' }).click();

  await expect(page.getByText('Imported 2 tasks')).toBeVisible();
  await expect(dialog).toBeHidden();
  const tasks = page.getByRole('list', { name: 'Tasks' });
  await expect(tasks.getByRole('article', { name: 'Write the brief' })).toBeVisible();
  await expect(tasks.getByRole('article', { name: 'Review it' })).toBeVisible();
});
