import type { Locator, Page } from '@playwright/test';
import { randomSuffix } from './support/products.ts';
import { runState } from './support/run-state.ts';
import { expect, test } from './support/test.ts';
import { api, boardColumn, contextPage } from './support/two-browsers.ts';

// Issue 28, manual order: a card dropped between two others stays there, for everyone, live;
// a status move's toast takes it back (Undo) to its status and place.

/** A column's cards, top to bottom, by title. */
const titlesIn = (page: Page, column: string) =>
  boardColumn(page, column)
    .locator('[data-kanban-card]')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('h3')?.textContent?.trim() ?? ''));

/** A card on the board, by its title. */
const cardOf = (page: Page, title: string, scope: Page | Locator = page) =>
  scope
    .locator('[data-kanban-card]')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no bounding box for ${locator}`);
  return found;
}

/**
 * Drags a card by its handle so that its middle lands level with the gap between `above` and
 * `below` in `column` (where the board reads a drop's place from).
 */
async function dropBetween(page: Page, title: string, column: string, above: string, below: string) {
  const handle = await box(page.getByRole('button', { name: `Move ${title}` }));
  const card = await box(cardOf(page, title));
  const target = boardColumn(page, column);
  const upper = await box(cardOf(page, above, target));
  const lower = await box(cardOf(page, below, target));
  const columnBox = await box(target);
  const from = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
  // The card's middle is this far below the point it is held by.
  const offset = card.y + card.height / 2 - from.y;
  const gap = (upper.y + upper.height + lower.y) / 2;
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 8, from.y + 4, { steps: 4 });
  await page.mouse.move(columnBox.x + columnBox.width / 2, gap - offset, { steps: 15 });
  await page.mouse.up();
}

test('a card dropped between two others stays there, on a second browser too; Undo puts a move back', async ({
  page,
  browser,
  signInAs,
}) => {
  const admin = await signInAs('admin');
  const other = runState().accounts['super admin'];
  const suffix = randomSuffix();
  const product = await api(
    'POST',
    '/projects',
    {
      name: `Order ${suffix}`,
      description: 'Created by the manual order e2e flow.',
      start_date: '2026-03-02',
      target_end_date: '2026-09-30',
      status: 'development',
      priority: 'medium',
      team_size: 2,
    },
    admin.token,
  );
  // Each new task goes on top of its column: Pending reads Alpha, Bravo, Charlie.
  for (const title of ['Charlie', 'Bravo', 'Alpha']) {
    await api('POST', '/tasks', { title, projectId: product.id }, admin.token);
  }
  await api('POST', '/tasks', { title: 'Xray', projectId: product.id, status: 'In Progress' }, admin.token);
  const board = `/tasks?view=board&product=${product.id}`;
  const otherPage = await contextPage(browser, other.token);
  await Promise.all([page.goto(board), otherPage.goto(board)]);
  for (const p of [page, otherPage]) {
    await expect.poll(() => titlesIn(p, 'Pending')).toEqual(['Alpha', 'Bravo', 'Charlie']);
  }

  // Dropped between Alpha and Bravo: there at once, there on the other board without a reload.
  await dropBetween(page, 'Xray', 'Pending', 'Alpha', 'Bravo');
  await expect.poll(() => titlesIn(page, 'Pending')).toEqual(['Alpha', 'Xray', 'Bravo', 'Charlie']);
  await expect
    .poll(() => titlesIn(otherPage, 'Pending'), { timeout: 5_000 })
    .toEqual(['Alpha', 'Xray', 'Bravo', 'Charlie']);
  await expect(boardColumn(otherPage, 'In Progress').getByText('No tasks')).toBeVisible();
  // And it stays there: a reload reads it from the server.
  await otherPage.reload();
  await expect.poll(() => titlesIn(otherPage, 'Pending')).toEqual(['Alpha', 'Xray', 'Bravo', 'Charlie']);

  // A status move (a drop on Completed) toasts with Undo, which puts it back in its place.
  const done = await box(boardColumn(page, 'Completed'));
  const handle = await box(page.getByRole('button', { name: 'Move Xray' }));
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  await page.mouse.move(handle.x + 12, handle.y + 6, { steps: 4 });
  await page.mouse.move(done.x + done.width / 2, done.y + 80, { steps: 15 });
  await page.mouse.up();
  await expect.poll(() => titlesIn(page, 'Completed')).toEqual(['Xray']);
  await expect.poll(() => titlesIn(otherPage, 'Completed'), { timeout: 5_000 }).toEqual(['Xray']);
  // The newest toast (sonner lists it first); the first move's still offers its own Undo.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Task status updated' }).first();
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => titlesIn(page, 'Pending')).toEqual(['Alpha', 'Xray', 'Bravo', 'Charlie']);
  await expect
    .poll(() => titlesIn(otherPage, 'Pending'), { timeout: 5_000 })
    .toEqual(['Alpha', 'Xray', 'Bravo', 'Charlie']);
  await otherPage.context().close();
});
