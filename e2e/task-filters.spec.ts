import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

// Issue 28, Find: a member filters /tasks to "assigned to me + overdue" through the filter chips,
// reloads, and sees the same filtered list (the filters live in the URL). The tasks carry a random
// suffix and the search narrows to it, so tests running beside this one never meet them.

const randomSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function createProduct(page: Page, name: string): Promise<string> {
  const res = await page.request.post('/api/projects', {
    data: {
      name,
      description: 'Created by the task filters e2e flow.',
      start_date: '2026-03-02',
      target_end_date: '2026-09-30',
      status: 'development',
      priority: 'medium',
      team_size: 3,
    },
  });
  expect(res.status(), `POST /api/projects: ${await res.text()}`).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function createTask(page: Page, data: Record<string, unknown>) {
  const res = await page.request.post('/api/tasks', { data });
  expect(res.status(), `POST /api/tasks: ${await res.text()}`).toBe(201);
}

/** The caller's own id: the product's creator is one of the people a task may be assigned to. */
async function myId(page: Page, productId: string, email: string): Promise<string> {
  const res = await page.request.get(`/api/tasks/${productId}/options`);
  expect(res.status()).toBe(200);
  const { assignees } = (await res.json()) as { assignees: Array<{ id: string; email: string }> };
  const me = assignees.find((person) => person.email === email);
  if (!me) throw new Error(`${email} is not among the product's assignees`);
  return me.id;
}

const isoDay = (offsetDays: number) => {
  const day = new Date();
  day.setDate(day.getDate() + offsetDays);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};

async function addFilter(page: Page, name: string, value: string) {
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
  const editor = page.getByRole('dialog', { name: `${name} filter` });
  await editor.getByRole('button', { name: value, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
}

test('a member filters /tasks to assigned to me + overdue through the chips, reloads, and sees the same list', async ({
  page,
  signInAs,
}) => {
  const account = await signInAs('member');
  const suffix = randomSuffix();
  const productId = await createProduct(page, `Filters ${suffix}`);
  const me = await myId(page, productId, account.email);
  const mineLate = `Mine and late ${suffix}`;
  const mineLater = `Mine, due next month ${suffix}`;
  const nobodysLate = `Nobody's and late ${suffix}`;
  await createTask(page, { projectId: productId, title: mineLate, assigneeId: me, dueDate: isoDay(-3) });
  await createTask(page, { projectId: productId, title: mineLater, assigneeId: me, dueDate: isoDay(30) });
  await createTask(page, { projectId: productId, title: nobodysLate, dueDate: isoDay(-3) });

  await page.goto(`/tasks?search=${suffix}`);
  const list = page.getByRole('table', { name: 'Tasks' });
  await expect(list.getByRole('link', { name: mineLate })).toBeVisible();
  await expect(list.getByRole('link', { name: nobodysLate })).toBeVisible();
  await expect(list.getByRole('link', { name: mineLater })).toBeVisible();

  await addFilter(page, 'Assignee', 'Me');
  await addFilter(page, 'Due', 'Overdue');

  await expect(page).toHaveURL(/[?&]assignee=me(&|$)/);
  await expect(page).toHaveURL(/[?&]due=overdue(&|$)/);
  const filtered = async () => {
    await expect(list.getByRole('link', { name: mineLate })).toBeVisible();
    await expect(list.getByRole('link', { name: mineLater })).toHaveCount(0);
    await expect(list.getByRole('link', { name: nobodysLate })).toHaveCount(0);
    await expect(page.getByText('1 task', { exact: true })).toBeVisible();
    // Past due and open: red, with 'Overdue'.
    await expect(list.locator('[data-overdue]')).toHaveText(/Overdue/);
  };
  await filtered();

  await page.reload();
  await expect(page.getByRole('button', { name: 'Assignee filter: Me' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Due filter: Overdue' })).toBeVisible();
  await filtered();

  // Removing a chip widens the list again.
  await page.getByRole('button', { name: 'Remove Assignee filter' }).click();
  await expect(list.getByRole('link', { name: nobodysLate })).toBeVisible();
  await expect(page).not.toHaveURL(/assignee=/);
});
