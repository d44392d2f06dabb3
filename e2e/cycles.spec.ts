import { expectNoSeriousViolations } from './support/a11y.ts';
import { createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';

// Issue 31: "run a cycle with five tasks and see the burn-down". A member creates a cycle on the
// product's Cycles tab (it started three days ago), adds five open tasks from its dialog, two of
// them are completed, and the burn-down shows what remains against the ideal; the task page names
// the cycle.

const DAY = 86_400_000;
const dayFromToday = (n: number) => new Date(Date.now() + n * DAY).toISOString().slice(0, 10);

test('a member runs a cycle with five tasks and sees the burn-down', async ({ page, signInAs }) => {
  await signInAs('member');
  const tag = randomSuffix();
  const product = await createProduct(page, { name: `Cycled ${tag}`, status: 'development' });
  const tasks: { id: string; key: string; title: string }[] = [];
  for (let i = 1; i <= 5; i += 1) {
    const title = `Cycle task ${i} ${tag}`;
    const res = await page.request.post('/api/tasks', { data: { projectId: product.id, title } });
    expect(res.status(), await res.text()).toBe(201);
    tasks.push({ ...((await res.json()) as { id: string; key: string }), title });
  }

  await page.goto(`/products/${product.id}?tab=cycles`);
  await page.getByRole('button', { name: 'New cycle' }).click();
  const dialog = page.getByRole('dialog', { name: 'New cycle' });
  await dialog.getByLabel('Name').fill(`Sprint ${tag}`);
  await dialog.getByLabel('Start date').fill(dayFromToday(-3));
  await dialog.getByLabel('End date').fill(dayFromToday(4));
  await dialog.getByRole('button', { name: 'Create cycle' }).click();
  await expect(dialog).toBeHidden();

  const detail = page.getByRole('region', { name: new RegExp(`Sprint ${tag}`) });
  await expect(detail.getByText('Current')).toBeVisible();
  await detail.getByRole('button', { name: 'Add tasks' }).click();
  const adding = page.getByRole('dialog', { name: 'Add tasks to the cycle' });
  await adding.getByRole('searchbox', { name: 'Search tasks' }).fill(tag);
  for (const task of tasks) await adding.getByRole('checkbox', { name: new RegExp(task.title) }).check();
  await adding.getByRole('button', { name: /Add tasks/ }).click();
  await expect(adding).toBeHidden();
  await expect(
    detail.getByRole('list', { name: `Tasks in Sprint ${tag}` }).getByRole('listitem'),
  ).toHaveCount(5);

  // Two of them are done (another browser would do it the same way: the tab follows by realtime).
  for (const task of tasks.slice(0, 2)) {
    const res = await page.request.patch(`/api/tasks/${task.id}/task/update`, {
      data: { status: 'Completed' },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await expect(detail.getByText('Tasks done: 2/5')).toBeVisible();

  // The burn-down: an ideal and a remaining line, and its figures (the table read aloud).
  await expect(detail.getByRole('radio', { name: 'Burn-down' })).toHaveAttribute('data-state', 'on');
  await expect(detail.locator('.recharts-line')).toHaveCount(2);
  const table = detail.getByRole('table', { name: 'Burn-down' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(1 + 8);
  // The first day had no scope yet; today five tasks, three of them left; the future is empty.
  await expect(rows.nth(1)).toContainText(/5\s*0/);
  await expect(rows.nth(4)).toContainText(/3$/);
  await expect(rows.nth(8)).toContainText(/0\s*–/);
  await expectNoSeriousViolations(page, 'a product’s Cycles tab');

  await detail.getByRole('radio', { name: 'Burn-up' }).click();
  await expect(detail.getByRole('table', { name: 'Burn-up' }).getByRole('row').nth(4)).toContainText(
    /5\s*2$/,
  );

  // The task page shows the task's cycle.
  await page.goto(`/tasks/${tasks[4]?.id}`);
  await expect(page.getByRole('combobox', { name: 'Cycle' })).toHaveText(`Sprint ${tag} (current)`);
});
