import { expect, logIn, test } from './support/test.ts';

// Flow (d), spec §2.4, §4, §5, §8.2: an account created by an admin must replace its mailed
// temporary password at first login.

test('an admin-created user changes the temporary password at first login, then reaches /d', async ({
  page,
  createUser,
}) => {
  const user = await createUser('member', 'Tom Temporary');
  const newPassword = 'chosen-pass-123';

  await page.goto('/auth');
  await logIn(page, user.email, user.password);

  await expect(page.getByRole('heading', { name: 'Change Your Password' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveCount(0);
  const field = page.getByLabel('New Password', { exact: true });

  // Fewer than 8 characters: no submission, an error toast.
  await field.fill('short1');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change Your Password' })).toBeVisible();

  await field.fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed', { exact: true })).toBeVisible();
  await expect(page.getByText('Your password has been updated successfully.')).toBeVisible();

  // The change goes to /auth (spec §4), which the server's new session passes straight on to /d:
  // the login form must not show in between.
  const dashboard = page.getByRole('heading', { name: 'Dashboard', exact: true });
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/d$/);
  await expect(dashboard).toBeVisible();
});
