import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';
import { boardColumn } from './support/two-browsers.ts';

// Issue 30, "Shortcuts that act", on a product's board and a task's page, without the mouse:
// j and l move the focus ring over the cards, x selects two, s sets their status in one request;
// o opens a task, whose page takes p for its priority, e for its title and Delete back to the
// board, with the toast's Undo. axe finds nothing serious with the selection, a focused card, a
// picker and the Undo toast on screen.

/** A column's cards, top to bottom, by title. */
const titlesIn = (page: Page, column: string) =>
  boardColumn(page, column)
    .locator('[data-kanban-card]')
    .evaluateAll((cards) => cards.map((card) => card.querySelector('h3')?.textContent?.trim() ?? ''));

/** The title of the card with the focus ring. */
const focusedCard = (page: Page) => page.locator('[data-focused] h3');

test('moves over a board with j and l, sets two cards’ status with x and s, and a task’s priority with p', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const suffix = randomSuffix();
  const product = await createProduct(page, { name: `Board keys ${suffix}` });
  // Each new task goes on top of its column: Pending reads Alpha, Bravo, Charlie.
  for (const title of ['Charlie', 'Bravo', 'Alpha']) {
    const res = await page.request.post('/api/tasks', { data: { title, projectId: product.id } });
    expect(res.status(), `POST /api/tasks: ${await res.text()}`).toBe(201);
  }
  const xray = await page.request.post('/api/tasks', {
    data: { title: 'Xray', projectId: product.id, status: 'In Progress' },
  });
  expect(xray.status()).toBe(201);
  const xrayTask = (await xray.json()) as { id: string; key: string };

  await page.goto(`/tasks?view=board&product=${product.id}`);
  await expect.poll(() => titlesIn(page, 'Pending')).toEqual(['Alpha', 'Bravo', 'Charlie']);

  // j focuses the first card, x selects it and the next.
  await page.keyboard.press('j');
  await expect(focusedCard(page)).toHaveText('Alpha');
  await page.keyboard.press('x');
  await page.keyboard.press('j');
  await page.keyboard.press('x');
  const bar = page.getByRole('region', { name: 'Selection' });
  await expect(bar).toContainText('2 selected');
  // l: the next column's card beside it; h back.
  await page.keyboard.press('l');
  await expect(focusedCard(page)).toHaveText('Xray');
  await page.keyboard.press('h');
  await expect(focusedCard(page)).toHaveText('Alpha');

  // s: the status picker; Enter applies to both selected cards in one request.
  await page.keyboard.press('s');
  await expect(page.getByRole('dialog', { name: 'Status for 2 tasks' })).toBeVisible();
  await expectNoSeriousViolations(page, 'a board with a focused card, the selection and the status picker');
  await page.keyboard.type('complet');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Status set to Completed for 2 tasks').first()).toBeVisible();
  await expect.poll(() => titlesIn(page, 'Completed')).toEqual(expect.arrayContaining(['Alpha', 'Bravo']));
  await expect.poll(() => titlesIn(page, 'Pending')).toEqual(['Charlie']);

  // Esc clears the selection; h and o open Xray's page.
  await page.keyboard.press('Escape');
  await expect(bar).toBeHidden();
  await page.keyboard.press('h');
  await expect(focusedCard(page)).toHaveText('Xray');
  await page.keyboard.press('o');
  await expect(page).toHaveURL(new RegExp(`/tasks/${xrayTask.key}$`));
  await expect(page.getByRole('heading', { level: 1, name: /Xray/ })).toBeVisible();

  // p on the task's page: the priority picker, beside its Priority.
  await page.keyboard.press('p');
  await expect(page.getByRole('dialog', { name: 'Priority for 1 task' })).toBeVisible();
  await expectNoSeriousViolations(page, 'a task page with the priority picker');
  await page.keyboard.type('crit');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Priority set to Critical for 1 task').first()).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Properties' })).toContainText('Critical');
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/tasks/${xrayTask.id}`);
      return ((await res.json()) as { priority: string }).priority;
    })
    .toBe('critical');

  // e: the page's own title becomes a field, its text selected: typing replaces it, Enter saves.
  await page.keyboard.press('e');
  const titleField = page.getByRole('textbox', { name: 'Title' });
  await expect(titleField).toBeFocused();
  await page.keyboard.type('Xray renamed');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /Xray renamed/ })).toBeVisible();

  // Delete: to the trash in one request, and back to the board it was opened from; Undo restores it.
  await page.keyboard.press('Delete');
  await expect(page).toHaveURL(/view=board/);
  await expect.poll(() => titlesIn(page, 'In Progress')).toEqual([]);
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: '1 task moved to the trash' });
  await expect(toast).toBeVisible();
  await expectNoSeriousViolations(page, "the board after a task page's Delete, with its Undo toast");
  await toast.getByRole('button', { name: 'Undo' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => titlesIn(page, 'In Progress')).toEqual(['Xray renamed']);
  const restored = await page.request.get(`/api/tasks/${xrayTask.id}`);
  expect(restored.status()).toBe(200);
});
