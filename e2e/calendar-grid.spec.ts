import type { Page } from '@playwright/test';
import { createProduct, dragWithMouse, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';

// Issue 31: a member drags a task to another day on the week grid; a reload keeps it there; a
// second drag's Undo puts it back. The week is a fixed one and the calendar shows one product of
// this flow's own (?product=), so flows running beside this one never meet it.

const WEEK = '2027-03-10';

const dayCell = (page: Page, day: string) => page.locator(`[data-day="${day}"]`);
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

test('a member reschedules a task by dragging it on the week grid; a reload keeps it, Undo puts it back', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const product = await createProduct(page, { name: `Calendar grid ${randomSuffix()}` });
  const title = `Write the launch post ${randomSuffix()}`;
  const res = await page.request.post('/api/tasks', {
    data: { title, projectId: product.id, dueDate: '2027-03-10' },
  });
  expect(res.status(), `POST /api/tasks: ${await res.text()}`).toBe(201);

  await page.goto(`/calendar?product=${product.id}&view=week&date=${WEEK}`);
  const grid = page.getByRole('region', { name: 'Week', exact: true });
  await expect(grid).toBeVisible();
  const taskIn = (day: string) => dayCell(page, day).getByRole('link', { name: title, exact: true });
  await expect(taskIn('2027-03-10')).toBeVisible();

  // Wednesday → Friday.
  await dragWithMouse(page, taskIn('2027-03-10'), dayCell(page, '2027-03-12'));
  await expect(taskIn('2027-03-12')).toBeVisible();
  await expect(taskIn('2027-03-10')).toHaveCount(0);
  await expect(toast(page, `Moved "${title}" to Friday, March 12, 2027`)).toBeVisible();

  await page.reload();
  await expect(taskIn('2027-03-12')).toBeVisible();
  await expect(taskIn('2027-03-10')).toHaveCount(0);

  // Friday → Saturday, then Undo: back on Friday, and a reload agrees.
  await dragWithMouse(page, taskIn('2027-03-12'), dayCell(page, '2027-03-13'));
  await expect(taskIn('2027-03-13')).toBeVisible();
  const moved = page.getByRole('region', { name: /Notifications/ }).locator('[data-sonner-toast]', {
    hasText: `Moved "${title}" to Saturday, March 13, 2027`,
  });
  await moved.getByRole('button', { name: 'Undo' }).click();
  await expect(taskIn('2027-03-12')).toBeVisible();
  await expect(taskIn('2027-03-13')).toHaveCount(0);
  await page.reload();
  await expect(taskIn('2027-03-12')).toBeVisible();
  await expect(taskIn('2027-03-13')).toHaveCount(0);
});
