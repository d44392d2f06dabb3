import { expect, logIn, test } from './support/test.ts';

// Flow (b), spec §2.4: a failed login keeps the visitor on /auth and says why.

test('a wrong password shows an error and stays on /auth', async ({ page, createUser }) => {
  const user = await createUser('member', 'Wanda Wrong');

  await page.goto('/auth');
  await logIn(page, user.email, 'not-the-password');

  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeEnabled();
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toHaveCount(0);
});
