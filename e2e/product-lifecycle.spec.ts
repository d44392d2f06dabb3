import { readFile } from 'node:fs/promises';
import {
  boardColumn,
  cardIn,
  center,
  createProduct,
  dragAnnouncement,
  productsTable,
  randomSuffix,
  recentProducts,
} from './support/products.ts';
import { expect, test } from './support/test.ts';

// Flow (g), spec §2.9–2.11, §4: a product over its life as the seeded member — moved on the Kanban
// board by mouse and by keyboard, a document kept with it, edited, archived, unarchived and
// deleted. Every test creates its own products, named with a random suffix, so tests running
// beside it never meet them. Creating, the list and a guest: products.spec.ts.

test('a member drags a card from Planning to Testing with the mouse and on to another column with the keyboard', async ({
  page,
  signInAs,
}) => {
  const member = await signInAs('member');
  const product = await createProduct(page, { name: `Board ${randomSuffix()}`, status: 'planning' });

  await page.goto('/products?view=board');
  const planning = boardColumn(page, 'Planning');
  const testing = boardColumn(page, 'Testing');
  await expect(cardIn(planning, product.name)).toBeVisible();

  // Hold the server's answer back: the card must be in Testing before it comes (optimistic move).
  let release = () => {};
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/projects/*/status', async (route) => {
    await answered;
    await route.continue();
  });

  const handle = page.getByRole('button', { name: `Move ${product.name}`, exact: true });
  const from = await center(handle);
  const columnBox = await testing.boundingBox();
  if (!columnBox) throw new Error('the Testing column has no bounding box');
  const to = { x: columnBox.x + columnBox.width / 2, y: columnBox.y + 60 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  // Past dnd-kit's 5 px activation distance first, then across to Testing in small steps.
  await page.mouse.move(from.x + 8, from.y + 4, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await expect(dragAnnouncement(page, `${product.name} is over the Testing column.`)).toBeAttached();
  await page.mouse.up();

  await expect(cardIn(testing, product.name)).toBeVisible();
  await expect(cardIn(planning, product.name)).toHaveCount(0);
  release();
  await expect(page.getByText('Product status updated', { exact: true })).toBeVisible();
  await page.unroute('**/api/projects/*/status');

  await page.reload();
  await expect(cardIn(boardColumn(page, 'Testing'), product.name)).toBeVisible();
  await expect(cardIn(boardColumn(page, 'Planning'), product.name)).toHaveCount(0);

  // Keyboard: focus the handle, Space picks the card up, ArrowRight ×2 (Testing → Production →
  // Maintenance), Space drops it.
  const keyboardHandle = page.getByRole('button', { name: `Move ${product.name}`, exact: true });
  await keyboardHandle.focus();
  await page.keyboard.press('Space');
  // Picked up: the handle is pressed, and the live region says where the card is (it announces
  // 'Picked up …' and at once 'is over the Testing column', keeping only the last).
  await expect(keyboardHandle).toHaveAttribute('aria-pressed', 'true');
  await expect(dragAnnouncement(page, `${product.name} is over the Testing column.`)).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(dragAnnouncement(page, `${product.name} is over the Production column.`)).toBeAttached();
  await page.keyboard.press('ArrowRight');
  await expect(dragAnnouncement(page, `${product.name} is over the Maintenance column.`)).toBeAttached();
  await page.keyboard.press('Space');

  const maintenance = boardColumn(page, 'Maintenance');
  await expect(cardIn(maintenance, product.name)).toBeVisible();
  await expect(cardIn(boardColumn(page, 'Testing'), product.name)).toHaveCount(0);
  // The first move's toast went with the reload: this one is the keyboard move's.
  await expect(page.getByText('Product status updated', { exact: true })).toBeVisible();
  // After a keyboard drop the moved card's handle has the focus again.
  await expect(page.getByRole('button', { name: `Move ${product.name}`, exact: true })).toBeFocused();

  await page.reload();
  await expect(cardIn(boardColumn(page, 'Maintenance'), product.name)).toBeVisible();

  // The product's Activity Timeline records both moves, newest first.
  await page.goto(`/products/${product.id}?tab=timeline`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText('Activity Timeline', { exact: true })).toBeVisible();
  const entries = page.getByRole('listitem').filter({ hasText: 'Status Update' });
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('Status changed from Testing to Maintenance');
  await expect(entries.nth(1)).toContainText('Status changed from Planning to Testing');
  await expect(entries.nth(1)).toContainText(`${member.name} (You)`);
});

test('a member uploads a document to a product, downloads it unchanged and deletes it', async ({
  page,
  signInAs,
}) => {
  const member = await signInAs('member');
  const product = await createProduct(page, { name: `Docs ${randomSuffix()}` });
  const content = `Meeting notes for ${product.name}\nShip the beta on Friday.\n`;

  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.getByRole('tab', { name: 'Documents' }).click();
  await expect(page).toHaveURL(/\?tab=documents$/);
  await expect(page.getByText('No documents yet', { exact: true })).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from(content) });

  await expect(page.getByText('Document uploaded', { exact: true })).toBeVisible();
  await expect(page.getByText('notes.txt has been uploaded.', { exact: true })).toBeVisible();
  const documents = page.getByRole('table', { name: 'Documents' });
  const row = documents.getByRole('row').filter({ hasText: 'notes.txt' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('TXT');
  await expect(row).toContainText(member.name);

  const download = page.waitForEvent('download');
  await row.getByRole('link', { name: 'Download notes.txt' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('notes.txt');
  const saved = await file.path();
  expect(await readFile(saved, 'utf8')).toBe(content);

  await row.getByRole('button', { name: 'Delete notes.txt' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Document' });
  await expect(dialog).toContainText(
    'Are you sure you want to delete notes.txt? This action cannot be undone.',
  );
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Document deleted', { exact: true })).toBeVisible();
  await expect(page.getByText('No documents yet', { exact: true })).toBeVisible();
  await expect(page.getByText('notes.txt', { exact: true })).toHaveCount(0);

  // Gone on the server too, not only from the list on screen.
  await page.reload();
  await expect(page.getByText('No documents yet', { exact: true })).toBeVisible();
});

test('a member edits a product, changes its stage, archives it (gone from the board and the sidebar), finds it with Show archived, unarchives and deletes it', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const product = await createProduct(page, { name: `Manage ${randomSuffix()}` });
  const renamed = `Renamed ${randomSuffix()}`;

  // Edit: every field of the create form, filled in, in a dialog on the product's page.
  await page.goto(`/products/${product.id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(product.name);
  await dialog.getByLabel('Name', { exact: true }).fill(renamed);
  await dialog.getByLabel('Team Size', { exact: true }).fill('6');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.locator('p', { hasText: /^6 members$/ })).toBeVisible();

  // The stage, from the header, without dragging.
  await page.getByRole('combobox', { name: 'Stage' }).click();
  await page.getByRole('option', { name: 'Testing', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Stage' })).toHaveText('Testing');

  // Archive from its board card's menu: it leaves the board and Recent Products.
  await page.goto('/products?view=board');
  const testing = boardColumn(page, 'Testing');
  await expect(cardIn(testing, renamed)).toBeVisible();
  await expect(recentProducts(page).getByRole('link', { name: renamed, exact: true })).toBeVisible();
  await testing.getByRole('button', { name: `Actions for ${renamed}` }).click();
  await page.getByRole('menuitem', { name: 'Archive', exact: true }).click();
  await expect(cardIn(testing, renamed)).toHaveCount(0);
  await expect(recentProducts(page).getByRole('link', { name: renamed, exact: true })).toHaveCount(0);

  // Show archived brings it back, marked; its page is read-only until it is unarchived.
  await page.getByRole('button', { name: 'Show archived' }).click();
  await expect(page).toHaveURL(/archived=1/);
  await expect(cardIn(testing, renamed)).toBeVisible();
  await expect(page.getByRole('button', { name: `Move ${renamed}` })).toHaveCount(0);
  await cardIn(testing, renamed).click();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  const readOnly = page.getByText('This product is archived and read-only. Unarchive it to make changes.');
  await expect(readOnly).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeDisabled();
  await page.getByRole('button', { name: `Actions for ${renamed}` }).click();
  await page.getByRole('menuitem', { name: 'Unarchive', exact: true }).click();
  await expect(readOnly).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeEnabled();

  // Delete from its row menu in the list, after a confirmation that names it.
  await page.goto('/products');
  const row = productsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: renamed, exact: true }) });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Actions for ${renamed}` }).click();
  await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete product' });
  await expect(confirm).toContainText(`Are you sure you want to delete "${renamed}"?`);
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toHaveCount(0);
  expect((await page.request.get(`/api/projects/${product.id}`)).status()).toBe(404);
});
