import { expect, test } from './support/test.ts';

// Flow (h), spec §2.7.

test('an unknown path shows the not-found screen whose link returns home', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(200); // the SPA answers, then renders its own 404
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Oops! Page not found')).toHaveCount(0);
});

test('a signed-in user sees the not-found screen inside the app, and its link returns to the dashboard', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  await page.goto('/no/such/page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  // The shell stays: the sidebar's menu is there to go anywhere else.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/d$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
});
