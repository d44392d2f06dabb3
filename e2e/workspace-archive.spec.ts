import { readFile } from 'node:fs/promises';
import { expect, test } from './support/test.ts';

// Issue 20: Settings → Security → Workspace archive. The super admin types the password again,
// and the browser saves one JSON file holding every table (their own
// account among the users). An admin has no such card. No login is spent (signInAs).

test('the super admin exports the workspace with the password typed again and gets the JSON archive as a download', async ({
  page,
  signInAs,
}) => {
  const account = await signInAs('super admin');
  await page.goto('/settings?tab=security');
  const card = page.locator('[data-slot="card"]').filter({ hasText: 'Workspace archive' });
  await expect(card).toBeVisible();

  await card.getByRole('button', { name: 'Export workspace' }).click();
  await expect(card.getByRole('alert')).toHaveText('Enter your password to export the workspace.');
  await card.getByLabel('Your password').fill(account.password);
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Export workspace' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^shipyard-workspace-\d{4}-\d{2}-\d{2}\.json$/);
  const archive = JSON.parse(await readFile((await file.path()) as string, 'utf8'));
  expect(archive.archive.format).toBe('shipyard-workspace-archive');
  const users = archive.tables.find((t: { table: string }) => t.table === 'users').rows;
  expect(users.map((u: { email: string }) => u.email)).toContain(account.email);
  await expect(page.getByText('Workspace exported')).toBeVisible();
});

test('an admin does not get the workspace archive', async ({ page, signInAs }) => {
  await signInAs('admin');
  await page.goto('/settings?tab=security');
  await expect(page.getByText('Audit log', { exact: true })).toBeVisible();
  // The card, not the words: the audit log lists the super admin's exports with the target
  // "Workspace archive" when the test above ran first on the same server.
  await expect(page.getByRole('button', { name: 'Export workspace' })).toHaveCount(0);
  await expect(page.locator('[data-slot="card-title"]').filter({ hasText: 'Workspace archive' })).toHaveCount(
    0,
  );
});
