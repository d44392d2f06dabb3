import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

// Flow (g), spec §2.3, §2.9–2.11, §4, §8.2: products as the seeded member — create one through
// /new-product, move it on the Kanban board by mouse and by keyboard, keep a document with it,
// narrow the list with search and filters — and what a guest may not do. Every test creates its
// own products, named with a random suffix, so tests running beside it never meet them.

type ProductBody = {
  name: string;
  description: string;
  start_date: string;
  target_end_date: string;
  status: 'planning' | 'development' | 'testing' | 'production' | 'maintenance';
  priority: 'low' | 'medium' | 'high';
  team_size: number;
};
type CreatedProduct = ProductBody & { id: string };

const randomSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** POST /api/projects with the browser context's session cookie (put there by signInAs). */
async function createProduct(
  page: Page,
  body: Partial<ProductBody> & { name: string },
): Promise<CreatedProduct> {
  const data: ProductBody = {
    description: `Created by the products e2e flow for ${body.name}.`,
    start_date: '2026-03-02',
    target_end_date: '2026-09-30',
    status: 'planning',
    priority: 'medium',
    team_size: 3,
    ...body,
  };
  const res = await page.request.post('/api/projects', { data });
  expect(res.status(), `POST /api/projects: ${await res.text()}`).toBe(201);
  const created = (await res.json()) as { id: string };
  return { ...data, id: created.id };
}

/** A Kanban column: a <section> named by its heading (Planning, Development, …). */
const boardColumn = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** The product's card in a column: its name is the card's link (the drag overlay has no link). */
const cardIn = (column: Locator, name: string) => column.getByRole('link', { name, exact: true });

/** The list view's table (its caption names it 'Products'). */
const productsTable = (page: Page) => page.getByRole('table', { name: 'Products' });

/** The sidebar's 'Recent Products' group. */
const recentProducts = (page: Page) =>
  page.locator('[data-sidebar="group"]').filter({ has: page.getByText('Recent Products', { exact: true }) });

/** dnd-kit's live region, which announces every step of a drag. */
const dragAnnouncement = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function center(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no bounding box for ${locator}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

test('a member creates a product at /new-product; it opens, and shows in the list, the board and Recent Products', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const name = `Checkout ${randomSuffix()}`;

  await page.goto('/new-product');
  await expect(page.getByRole('heading', { name: 'Create Product' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Description', { exact: true }).fill('A faster checkout for the mobile shop.');
  await page.getByLabel('Start Date', { exact: true }).fill('2026-03-02');
  await page.getByLabel('Target End Date', { exact: true }).fill('2026-09-30');
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Planning', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Planning');
  await page.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'High', exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Priority' })).toHaveText('High');
  await page.getByLabel('Team Size', { exact: true }).fill('4');
  await page.getByRole('button', { name: 'Create Product', exact: true }).click();

  // Scoped to the toasts: the overview's Recent Activity names the entry 'Product Created' too.
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('Product Created', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(`${name} has been created successfully.`, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/products\/[0-9a-f-]{36}$/);
  const productPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('A faster checkout for the mobile shop.')).toBeVisible();

  // The sidebar's Recent Products (newest first) names it and links to its page, marked current.
  const recent = recentProducts(page).getByRole('link', { name, exact: true });
  await expect(recent).toBeVisible();
  await expect(recent).toHaveAttribute('href', productPath);
  await expect(recent).toHaveAttribute('aria-current', 'page');

  // List View (the default tab): the row's name and its View button open the product.
  await page.getByRole('link', { name: 'Products', exact: true }).first().click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'List View' })).toHaveAttribute('aria-selected', 'true');
  const row = productsTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Planning');
  await expect(row.getByRole('link', { name: `View ${name}` })).toHaveAttribute('href', productPath);

  // Kanban Board: in the Planning column, and in no other.
  await page.getByRole('tab', { name: 'Kanban Board' }).click();
  await expect(page).toHaveURL(/\/products\?view=board$/);
  await expect(cardIn(boardColumn(page, 'Planning'), name)).toBeVisible();
  await expect(
    page.locator('[data-slot="product-board"]').getByRole('link', { name, exact: true }),
  ).toHaveCount(1);

  await cardIn(boardColumn(page, 'Planning'), name).click();
  await expect(page).toHaveURL(new RegExp(`${productPath}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});

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

test('the search box and the Priority filter narrow the products list; Reset shows them all again', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const tag = `flt${randomSuffix()}`;
  const high = await createProduct(page, {
    name: `Alpha ${tag}`,
    status: 'development',
    priority: 'high',
  });
  const low = await createProduct(page, {
    name: `Beta ${tag}`,
    status: 'maintenance',
    priority: 'low',
  });
  const table = productsTable(page);
  const listed = (name: string) => table.getByRole('link', { name, exact: true });

  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeVisible();
  // The tag appears in these two names only: the list is theirs alone.
  await page.getByRole('searchbox', { name: 'Search products' }).fill(tag);
  await expect(page).toHaveURL(new RegExp(`search=${tag}`));
  await expect(listed(high.name)).toBeVisible();
  await expect(listed(low.name)).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(3); // the header and two products

  await page.getByRole('button', { name: 'Filters' }).click();
  const filters = page.getByRole('region', { name: 'Filters' });
  await expect(filters).toBeVisible();
  await filters.getByRole('checkbox', { name: 'High', exact: true }).check();
  // Ticking only prepares the choice.
  await expect(listed(low.name)).toBeVisible();
  await filters.getByRole('button', { name: 'Apply Filters' }).click();
  await expect(page).toHaveURL(/priority=high/);
  await expect(listed(low.name)).toHaveCount(0);
  await expect(listed(high.name)).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(page.getByRole('button', { name: /Filters\s*1 active/ })).toBeVisible();

  await filters.getByRole('button', { name: 'Reset' }).click();
  await expect(page).not.toHaveURL(/priority=/);
  await expect(filters.getByRole('checkbox', { name: 'High', exact: true })).not.toBeChecked();
  await expect(listed(high.name)).toBeVisible();
  await expect(listed(low.name)).toBeVisible();

  // The search box narrows by name: the second product's whole name leaves only it.
  await page.getByRole('searchbox', { name: 'Search products' }).fill(low.name);
  await expect(listed(high.name)).toHaveCount(0);
  await expect(listed(low.name)).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);

  // A search that matches nothing: the empty state offers to clear it.
  await page.getByRole('searchbox', { name: 'Search products' }).fill(`${tag}-nothing`);
  await expect(page.getByText('No products found', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Clear search and filters' }).click();
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('');
  await expect(page).toHaveURL(/\/products$/);
});

test('a guest has no New Product button and no drag handles, and cannot open a member’s product', async ({
  page,
  context,
  signInAs,
}) => {
  // A product of the member's, which the guest is in no team of.
  await signInAs('member');
  const product = await createProduct(page, { name: `Private ${randomSuffix()}` });
  await context.clearCookies();

  await signInAs('guest');
  await page.goto('/products');
  await expect(page.getByRole('heading', { name: 'Products', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard', exact: true }).first()).toBeVisible();
  const newProduct = page
    .getByRole('link', { name: 'New Product' })
    .or(page.getByRole('button', { name: 'New Product' }));
  // The list has answered (empty for the guest) before the absence of the button is trusted.
  await expect(page.getByText('No products found', { exact: true })).toBeVisible();
  await expect(newProduct).toHaveCount(0);
  await expect(productsTable(page).getByRole('link', { name: product.name })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Kanban Board' }).click();
  await expect(page).toHaveURL(/view=board/);
  await expect(page.getByText('No products found', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Move / })).toHaveCount(0);
  await expect(page.locator('[aria-roledescription="draggable product"]')).toHaveCount(0);
  await expect(newProduct).toHaveCount(0);

  // Nor is it in the guest's Recent Products.
  await expect(recentProducts(page).getByText('No products yet', { exact: true })).toBeVisible();

  // The product's own page: not found (a product the caller may not see is a 404, never a 403).
  await page.goto(`/products/${product.id}`);
  const error = page.getByRole('alert').filter({ hasText: 'Error Loading Product' });
  await expect(error).toBeVisible();
  await expect(error).toContainText('Product not found');
  await expect(page.getByRole('heading', { name: product.name })).toHaveCount(0);
  await error.getByRole('link', { name: 'Back to Products' }).click();
  await expect(page).toHaveURL(/\/products$/);
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

test('on a 390 px phone the products list is cards, and every product tab and Tasks filter fits on screen', async ({
  page,
  signInAs,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs('member');
  const product = await createProduct(page, { name: `Phone ${randomSuffix()}` });

  await page.goto('/products');
  const cards = page.getByRole('list', { name: 'Products' });
  await expect(cards.getByRole('link', { name: product.name, exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Products' })).toHaveCount(0);
  // Nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  /** Every one of `tabs` lies whole inside the viewport's width, its label not clipped. */
  async function expectAllInside(tabs: Locator) {
    const count = await tabs.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const tab = tabs.nth(i);
      const box = await tab.boundingBox();
      expect(box, await tab.innerText()).not.toBeNull();
      expect(box?.x ?? -1, await tab.innerText()).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0), await tab.innerText()).toBeLessThanOrEqual(390);
      const clipped = await tab.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
      expect(clipped, `${await tab.innerText()} is cut`).toBe(false);
    }
  }

  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expectAllInside(page.getByRole('tablist').first().getByRole('tab'));
  await page.getByRole('tab', { name: 'Tasks', exact: true }).click();
  const filters = page.getByRole('tablist', { name: 'Filter tasks by status' });
  await expect(filters.getByRole('tab', { name: /Completed/ })).toBeVisible();
  await expectAllInside(filters.getByRole('tab'));
});
