import type { Locator } from '@playwright/test';
import {
  boardColumn,
  cardIn,
  createProduct,
  productsTable,
  randomSuffix,
  recentProducts,
} from './support/products.ts';
import { expect, test } from './support/test.ts';

// Flow (g), spec §2.3, §2.9–2.11, §4, §8.2: products as the seeded member — create one through
// /new-product, narrow the list with search and filters, see it on a phone — and what a guest may
// not do. Every test creates its own products, named with a random suffix, so tests running beside
// it never meet them. Moving, editing and documents: product-lifecycle.spec.ts.

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
