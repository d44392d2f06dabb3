import type { Page } from '@playwright/test';
import { center, createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';

// Issue 31, the Gantt per product: a member drags a task's bar on the product's Schedule tab by
// the mouse, the task it blocks moves with it (both outlast a reload), and the Undo of the toast
// puts both back. Dates are around today, so the bars are in the opened window whenever this runs.

const DAY_MS = 86_400_000;
const isoDay = (at: Date) =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
const plusDays = (day: string, days: number) => {
  const [y, m, d] = day.split('-').map(Number);
  return isoDay(new Date(new Date(y ?? 0, (m ?? 1) - 1, d ?? 1).getTime() + days * DAY_MS + DAY_MS / 2));
};
const shown = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(y ?? 0, (m ?? 1) - 1, d ?? 1),
  );
};

async function createTask(page: Page, body: Record<string, unknown>) {
  const res = await page.request.post('/api/tasks', { data: body });
  expect(res.status(), `POST /api/tasks: ${await res.text()}`).toBe(201);
  return (await res.json()) as { id: string; key: string; title: string };
}

test('a member drags a Gantt bar and sees the task it blocks move; Undo puts both back', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const today = isoDay(new Date());
  const product = await createProduct(page, { name: `Gantt ${randomSuffix()}` });
  const design = await createTask(page, {
    title: 'Design the flow',
    projectId: product.id,
    startDate: plusDays(today, 1),
    dueDate: plusDays(today, 3),
  });
  const build = await createTask(page, {
    title: 'Build the flow',
    projectId: product.id,
    startDate: plusDays(today, 4),
    dueDate: plusDays(today, 8),
  });
  const link = await page.request.post(`/api/tasks/${design.id}/relations`, {
    data: { type: 'blocks', taskId: build.id },
  });
  expect(link.status(), await link.text()).toBe(201);

  await page.goto(`/products/${product.id}?tab=schedule&zoom=day`);
  const bar = (task: { key: string; title: string }) =>
    page.getByRole('group', { name: new RegExp(`^${task.key} ${task.title}:`) });
  const span = (from: string, to: string) => `${shown(from)} – ${shown(to)}`;
  await expect(bar(design)).toHaveAccessibleName(
    `${design.key} ${design.title}: ${span(plusDays(today, 1), plusDays(today, 3))}`,
  );
  await expect(page.getByTestId('gantt-arrows').locator('path[data-link]')).toHaveCount(1);

  // The day zoom is 32 px a day: 64 px to the right is two days later.
  const from = await center(bar(design));
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 32, from.y, { steps: 4 });
  await page.mouse.move(from.x + 64, from.y, { steps: 4 });
  await expect(bar(design)).toHaveAttribute('data-dragging', 'true');
  await page.mouse.up();

  await expect(bar(design)).toHaveAccessibleName(
    `${design.key} ${design.title}: ${span(plusDays(today, 3), plusDays(today, 5))}`,
  );
  await expect(bar(build)).toHaveAccessibleName(
    `${build.key} ${build.title}: ${span(plusDays(today, 6), plusDays(today, 10))}`,
  );
  await expect(page.getByText('Task moved', { exact: true })).toBeVisible();

  await page.reload();
  await expect(bar(build)).toHaveAccessibleName(
    `${build.key} ${build.title}: ${span(plusDays(today, 6), plusDays(today, 10))}`,
  );
  await expect(bar(design)).toHaveAccessibleName(
    `${design.key} ${design.title}: ${span(plusDays(today, 3), plusDays(today, 5))}`,
  );

  // By keyboard: a day back, saved with Enter; the toast's Undo puts both where they were.
  await bar(design).focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await expect(bar(build)).toHaveAccessibleName(
    `${build.key} ${build.title}: ${span(plusDays(today, 5), plusDays(today, 9))}`,
  );
  await page.getByRole('button', { name: 'Undo' }).last().click();
  await expect(bar(build)).toHaveAccessibleName(
    `${build.key} ${build.title}: ${span(plusDays(today, 6), plusDays(today, 10))}`,
  );
  await expect(bar(design)).toHaveAccessibleName(
    `${design.key} ${design.title}: ${span(plusDays(today, 3), plusDays(today, 5))}`,
  );
});
