import { createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';

// Issue 32: "set two exit criteria on Testing, try to move to Production and see them listed, meet
// one, override the other with a reason, and find both in the activity and the audit log". An admin
// sets a manual item and a no-label criterion on the product's Testing stage (Settings tab), a task
// carries the label, the header's stage select refuses the move listing both; the item is ticked on
// the Overview's Stage gate card, the move is overridden with a reason, and the confirmation and the
// override are on the product's Activity Timeline and in the admin audit log.

test('exit criteria refuse a move, one is met, the other overridden with a reason', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin');
  const tag = randomSuffix();
  const product = await createProduct(page, { name: `Gated ${tag}`, status: 'testing' });
  const label = await page.request.post(`/api/projects/${product.id}/labels`, {
    data: { name: `blocker-${tag}`, color: '#ef4444' },
  });
  expect(label.status(), await label.text()).toBe(201);
  const task = await page.request.post('/api/tasks', {
    data: { projectId: product.id, title: `Crash ${tag}` },
  });
  expect(task.status(), await task.text()).toBe(201);
  const labelled = await page.request.put(`/api/tasks/${(await task.json()).id}/labels`, {
    data: { labelIds: [(await label.json()).id] },
  });
  expect(labelled.status(), await labelled.text()).toBe(200);

  // Two exit criteria on Testing, in the product's Settings.
  await page.goto(`/products/${product.id}?tab=settings`);
  const settings = page.getByRole('region', { name: 'Stage gates' });
  await expect(settings.getByText('Workspace default', { exact: true })).toBeVisible();
  await settings.getByRole('button', { name: 'Add criterion' }).click();
  await settings.getByRole('textbox', { name: 'Criterion label' }).nth(0).fill('Release notes written');
  await settings.getByRole('combobox', { name: 'Kind of the new criterion' }).click();
  await page.getByRole('option', { name: 'No open task with label' }).click();
  await settings.getByRole('button', { name: 'Add criterion' }).click();
  await settings.getByRole('textbox', { name: 'Criterion label' }).nth(1).fill('No blockers');
  await settings.getByRole('textbox', { name: 'Label name' }).fill(`blocker-${tag}`);
  await settings.getByRole('button', { name: 'Save criteria' }).click();
  await expect(settings.getByText('Customised for this product')).toBeVisible();

  // The move to Production is refused, listing both.
  await page.goto(`/products/${product.id}`);
  const stage = page.getByRole('combobox', { name: 'Stage' });
  await stage.click();
  await page.getByRole('option', { name: 'Production' }).click();
  const dialog = page.getByRole('dialog', { name: 'The stage gate is not met' });
  const unmet = dialog.getByRole('list', { name: 'Unmet exit criteria' }).getByRole('listitem');
  await expect(unmet).toHaveCount(2);
  await expect(unmet.nth(0)).toContainText('Release notes written');
  await expect(unmet.nth(1)).toContainText('No blockers');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(stage).toHaveText('Testing');

  // One is met on the Overview's card.
  const card = page.getByTestId('stage-gate-card');
  await expect(card.getByText('0 of 2 met')).toBeVisible();
  await card.getByRole('checkbox', { name: 'Release notes written' }).click();
  await expect(card.getByText('1 of 2 met')).toBeVisible();

  // The other is overridden with a reason.
  await stage.click();
  await page.getByRole('option', { name: 'Production' }).click();
  await expect(unmet).toHaveCount(1);
  await expect(unmet.nth(0)).toContainText('No blockers');
  await dialog.getByRole('button', { name: 'Override and move' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('A reason is required to override the stage gate');
  await dialog.getByLabel('Reason for the override').fill(`Hotfix ${tag} for a customer`);
  await dialog.getByRole('button', { name: 'Override and move' }).click();
  await expect(dialog).toBeHidden();
  await expect(stage).toHaveText('Production');

  // Both are in the product's Activity Timeline…
  await page.goto(`/products/${product.id}?tab=timeline`);
  await expect(page.getByText('Confirmed "Release notes written" (Testing exit criterion)')).toBeVisible();
  await expect(
    page.getByText(`Overrode the stage gate from Testing to Production: Hotfix ${tag} for a customer`),
  ).toBeVisible();

  // …and in the admin audit log.
  await page.goto('/settings?tab=security');
  const log = page.getByRole('table', { name: 'Audit log' });
  const event = page.getByLabel('Event');
  await event.selectOption('stage_gate.overridden');
  const overridden = log.getByRole('row').filter({ hasText: `Gated ${tag}` });
  await expect(overridden).toHaveCount(1);
  await expect(overridden).toContainText('stage gate: overridden');
  await expect(overridden).toContainText(`Hotfix ${tag} for a customer`);
  await event.selectOption('stage_gate.confirmed');
  const confirmed = log.getByRole('row').filter({ hasText: `Gated ${tag}` });
  await expect(confirmed).toHaveCount(1);
  await expect(confirmed).toContainText('Release notes written');
});
