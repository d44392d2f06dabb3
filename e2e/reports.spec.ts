import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test.ts';

// Spec §2.14 and §6 (ARCHITECTURE §5: reports are real): the super admin opens /reports, reads a
// report in the Tables and Summary tabs, and 'Generate Report' downloads it as CSV with the
// product this test created in it. A member is refused the same call. No login is spent: the
// seeded sessions of signInAs (e2e/README.md "Rate limits").

const randomSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

test('the super admin reads a report in Tables and Summary, and Generate Report downloads it as CSV', async ({
  page,
  signInAs,
}) => {
  await signInAs('super admin');
  // A comma, so that the CSV must quote it.
  const name = `Reports, flow ${randomSuffix()}`;
  const created = await page.request.post('/api/projects', {
    data: {
      name,
      description: 'Created by the reports e2e flow.',
      start_date: '2026-03-02',
      target_end_date: '2030-06-30',
      status: 'development',
      priority: 'high',
      team_size: 2,
    },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Report type' })).toHaveText('Project Status');
  await expect(page.getByRole('figure', { name: 'Products by status' })).toBeVisible();

  await page.getByRole('tab', { name: 'Tables' }).click();
  const table = page.getByRole('table', { name: /^Project Status,/ });
  const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  await expect(row.getByRole('cell')).toHaveText([
    name,
    'Development',
    'High',
    '0%',
    '0',
    '0',
    '0',
    '0',
    '0',
    new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(2030, 5, 30)),
    'No',
  ]);

  await page.getByRole('tab', { name: 'Summary' }).click();
  const figures = page.getByRole('list', { name: 'Summary figures' });
  await expect(figures.getByRole('listitem').filter({ hasText: 'Development' })).toBeVisible();
  const products = figures
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Products', exact: true }) });
  await expect(products).toHaveText(/^Products\s*[1-9][\d,]*$/);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate Report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(
    /^shipyard-project-status-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const path = await file.path();
  const lines = (await readFile(path, 'utf8')).split('\r\n');
  expect(lines[0]).toBe(
    'Product,Status,Priority,Progress,Tasks,Open tasks,Completed tasks,Completed in period,Overdue tasks,Target end date,Past target',
  );
  expect(lines).toContain(`"${name}",Development,High,0,0,0,0,0,0,2030-06-30,No`);
  await expect(page.getByText('Report downloaded', { exact: true })).toBeVisible();
});

test('a member is refused reports by the server', async ({ page, signInAs }) => {
  await signInAs('member');
  const res = await page.request.get('/api/reports/project-status');
  expect(res.status()).toBe(403);
  expect((await res.json()).message).toBe('Only super admins can view reports.');
});
