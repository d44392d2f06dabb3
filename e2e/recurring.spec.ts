import type { Page } from '@playwright/test';
import { createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';

// Issue 29, recurring work: a member makes a task repeat weekly on its page, completes it, and
// finds the next one due a week later, carrying the rule; a weekly event shows on the following
// weeks of the calendar. Random suffixes keep flows running beside these apart; no login is
// spent (signInAs, e2e/README.md).

const dayKey = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const fullDay = (date: Date) => new Intl.DateTimeFormat('en-US', { dateStyle: 'full' }).format(date);
const weekdayName = (date: Date) => new Intl.DateTimeFormat('en-US', { weekday: 'long' }).format(date);
const toast = (page: Page, text: string) =>
  page.getByRole('region', { name: /Notifications/ }).getByText(text, { exact: true });

type ListedTask = { id: string; title: string; status: string; dueDate: string | null; recurring?: boolean };

test('a task made to repeat weekly comes back a week later once completed', async ({ page, signInAs }) => {
  await signInAs('member');
  const suffix = randomSuffix();
  const product = await createProduct(page, { name: `Recurring ${suffix}` });
  const due = new Date();
  due.setDate(due.getDate() + 3);
  const title = `Water the plants ${suffix}`;
  const created = await page.request.post('/api/tasks', {
    data: { title, projectId: product.id, dueDate: dayKey(due) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const taskId = ((await created.json()) as { id: string }).id;

  await page.goto(`/tasks/${taskId}`);
  const repeat = page.getByRole('region', { name: 'Repeat' });
  await expect(repeat.getByText('Does not repeat')).toBeVisible();
  await repeat.getByRole('button', { name: 'Repeat…' }).click();
  const popover = page.getByRole('dialog', { name: 'Repeat' });
  await popover.getByRole('combobox', { name: 'Repeat' }).click();
  await page.getByRole('option', { name: `Weekly on ${weekdayName(due)}` }).click();
  const words = `Every week on ${weekdayName(due).slice(0, 3)}`;
  await expect(popover.getByText(words)).toBeVisible();
  await popover.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'The task repeats')).toBeVisible();
  await expect(repeat.getByText(words)).toBeVisible();

  // Completing it makes the next one, due a week later; this one no longer repeats.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await expect(repeat.getByText('Does not repeat')).toBeVisible();

  const next = new Date(due);
  next.setDate(due.getDate() + 7);
  const listed = await page.request.get(`/api/tasks/all?search=${suffix}`);
  const tasks = ((await listed.json()) as { data: ListedTask[] }).data;
  expect(tasks.map((t) => [t.status, t.dueDate, t.recurring ?? false]).sort()).toEqual([
    ['Completed', dayKey(due), false],
    ['Pending', dayKey(next), true],
  ]);
  const following = tasks.find((t) => t.status === 'Pending');

  // On the list it carries the repeat mark; its page says how it repeats.
  await page.goto(`/tasks?search=${suffix}`);
  await expect(page.getByRole('link', { name: `${title} Repeats` })).toBeVisible();
  await page.goto(`/tasks/${following?.id}`);
  await expect(page.getByRole('region', { name: 'Repeat' }).getByText(words)).toBeVisible();
});

test('a weekly event shows on the following weeks of the calendar', async ({ page, signInAs }) => {
  await signInAs('member');
  const title = `Weekly sync ${randomSuffix()}`;
  const now = new Date();
  const first = new Date(now.getFullYear(), now.getMonth(), 1);
  const res = await page.request.post('/api/events', {
    data: { title, date: dayKey(first), type: 'meeting', recurrence: 'FREQ=WEEKLY' },
  });
  expect(res.status(), await res.text()).toBe(201);

  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible();
  for (const offset of [7, 14, 21]) {
    const day = new Date(first.getFullYear(), first.getMonth(), 1 + offset);
    const label = fullDay(day);
    await page.getByRole('button', { name: new RegExp(`^(Today, )?${escapeRegExp(label)}`) }).click();
    const panel = page.getByRole('region', { name: label, exact: true });
    const card = panel.getByRole('article', { name: title, exact: true });
    await expect(card).toBeVisible();
    await expect(card.getByText('Every week')).toBeVisible();
  }
});
