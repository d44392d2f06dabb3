import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

// Issue 7, spec §2.19, §4 Service status, §8.2: an admin adds a service through the dialog and
// disables it; after a reload it is still disabled (stored, not a toast only). The service's
// name carries a random suffix, so tests running beside this one never meet it. No login is
// spent (signInAs, e2e/README.md).

const randomSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

/** A service's card in the grid: the list item holding its name as a heading. */
const serviceCard = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Services' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

async function choose(page: Page, field: string, option: string) {
  await page.getByRole('combobox', { name: field }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('an admin adds a service, disables it, and it stays disabled after a reload', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin');
  const name = `Stripe ${randomSuffix()}`;

  await page.goto('/services');
  await expect(page.getByRole('heading', { level: 1, name: 'Third-Party Services' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Service' }).first().click();

  const dialog = page.getByRole('dialog', { name: 'Add Service' });
  await dialog.getByLabel('Service Name').fill(name);
  await choose(page, 'Category', 'Payment');
  await dialog.getByLabel('Description').fill('Card payments, added by the services e2e flow.');
  await choose(page, 'Integration Type', 'Direct API');
  await dialog.getByLabel('API Key').fill('sk_test_e2e_0000wxyz');
  await expect(dialog.getByLabel('API Key')).toHaveAttribute('type', 'password');
  await dialog.getByRole('button', { name: 'Add Service' }).click();

  await expect(toast(page, 'Service added')).toBeVisible();
  await expect(dialog).toBeHidden();

  // Narrowed to this test's service: other flows may add their own.
  await page.getByRole('searchbox', { name: 'Search services' }).fill(name);
  await expect(page).toHaveURL(/search=/);
  const card = serviceCard(page, name);
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Active');
  await expect(card).toContainText('Payment');
  await expect(card).toContainText('Direct API');
  await expect(card).toContainText('Not in use');
  await expect(page.getByRole('tab', { name: 'Payment' })).toBeVisible();

  await card.getByRole('button', { name: 'Disable' }).click();
  await expect(toast(page, 'Service disabled')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Enable' })).toBeVisible();
  await expect(card).toContainText('Inactive');

  await page.reload();
  const reloaded = serviceCard(page, name);
  await expect(reloaded).toHaveCount(1);
  await expect(reloaded).toContainText('Inactive');
  await expect(reloaded.getByRole('button', { name: 'Enable' })).toBeVisible();
  await expect(reloaded.getByRole('button', { name: 'Disable' })).toHaveCount(0);

  // The key is kept, and shown only masked.
  await reloaded.getByRole('button', { name: 'Details' }).click();
  const details = page.getByRole('dialog', { name });
  await expect(details).toContainText('••••••••wxyz');
  await expect(details).not.toContainText('sk_test_e2e');
});
