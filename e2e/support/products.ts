import type { Locator, Page } from '@playwright/test';
import { expect } from './test.ts';

// What the products flows share: a product made through the API, and the parts of the products
// screens they look at.

export type ProductBody = {
  name: string;
  description: string;
  start_date: string;
  target_end_date: string;
  status: 'planning' | 'development' | 'testing' | 'production' | 'maintenance';
  priority: 'low' | 'medium' | 'high';
  team_size: number;
};
type CreatedProduct = ProductBody & { id: string };

export const randomSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** POST /api/projects with the browser context's session cookie (put there by signInAs). */
export async function createProduct(
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
export const boardColumn = (page: Page, title: string) =>
  page.getByRole('region', { name: title, exact: true });

/** The product's card in a column: its name is the card's link (the drag overlay has no link). */
export const cardIn = (column: Locator, name: string) => column.getByRole('link', { name, exact: true });

/** The list view's table (its caption names it 'Products'). */
export const productsTable = (page: Page) => page.getByRole('table', { name: 'Products' });

/** The sidebar's 'Recent Products' group. */
export const recentProducts = (page: Page) =>
  page.locator('[data-sidebar="group"]').filter({ has: page.getByText('Recent Products', { exact: true }) });

/** dnd-kit's live region, which announces every step of a drag. */
export const dragAnnouncement = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text });

export async function center(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`no bounding box for ${locator}`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * A mouse drag as a person makes it: press on the middle of `item`, a few pixels first (past the
 * boards' 5 px activation), then to the middle of `target` in steps, and release.
 */
export async function dragWithMouse(page: Page, item: Locator, target: Locator) {
  const from = await center(item);
  const to = await center(target);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 8, from.y + 4, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await page.mouse.up();
}
