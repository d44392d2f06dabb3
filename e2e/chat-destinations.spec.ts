import { expectNoSeriousViolations } from './support/a11y.ts';
import { createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';

// Issue 33, chat: a member adds a Slack destination in their product's Settings tab, sees it
// listed by its host (never the URL), sends a test message (the server here reaches no outside
// host, so it fails and says why) and finds it in the destination's delivery log.

test('a member adds a chat destination, sends a test message and reads its delivery log', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const product = await createProduct(page, { name: `Chat ${randomSuffix()}` });

  await page.goto(`/products/${product.id}`);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Add destination' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add destination' });
  await dialog.getByLabel('Name').fill('#apollo-dev');
  await dialog.getByRole('combobox', { name: 'Chat app' }).click();
  await page.getByRole('option', { name: 'Slack' }).click();
  await dialog
    .getByLabel('Incoming webhook URL')
    .fill('https://hooks.chat.invalid/services/T0/B0/secret-part');
  await dialog.getByLabel('Comment added').check();
  await dialog.getByRole('button', { name: 'Add destination' }).click();
  await expect(dialog).toBeHidden();

  const list = page.getByRole('list', { name: 'Chat destinations' });
  await expect(list.getByText('#apollo-dev')).toBeVisible();
  await expect(list.getByText('Slack · hooks.chat.invalid')).toBeVisible();
  await expect(list.getByText('Task created, Task status or state changed, Comment added')).toBeVisible();
  await expect(page.getByText('secret-part')).toHaveCount(0);

  await list.getByRole('button', { name: 'Send test message' }).click();
  await expect(page.getByText('Test message failed')).toBeVisible({ timeout: 20_000 });
  await list.getByRole('button', { name: 'Delivery log' }).click();
  const log = page.getByRole('list', { name: 'Deliveries' });
  await expect(log.getByText('chat.test')).toBeVisible();
  await expect(log.getByText('Failed', { exact: true })).toBeVisible();
  await expect(log.getByText('DNS lookup failed')).toBeVisible();

  // The error toast first goes (its description's contrast on red is the toaster's own matter).
  await expect(page.getByText('Test message failed')).toBeHidden({ timeout: 20_000 });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoSeriousViolations(page, `chat settings, ${colorScheme}`);
  }
});
