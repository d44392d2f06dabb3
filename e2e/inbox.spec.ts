import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';
import { type Account, completeFirstLogin } from './support/api.ts';
import { runState } from './support/run-state.ts';
import { expect, test } from './support/test.ts';
import { api } from './support/two-browsers.ts';

// Issue 30, without a mouse: a fresh admin has five task assignments from Sam (super admin); on
// /notifications they work through them with the keyboard alone: `e` marks four done, `h`
// snoozes one. Each leaves the inbox; the header's unread count follows; axe finds nothing serious.
// And a task put in the trash from beside the list (the palette) moves the inbox on, as `e` does.

const randomSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const inboxItems = (page: Page) => page.getByRole('list', { name: 'Assigned to you' }).getByRole('listitem');

/**
 * A fresh admin, Ines, assigned `count` tasks by Sam (newest last), signed in on `context`; the
 * page at 1440 px (the split view).
 */
async function assignedInbox(
  page: Page,
  context: BrowserContext,
  createUser: (role: 'admin', name: string) => Promise<Account>,
  count: number,
) {
  const suffix = randomSuffix();
  const { baseURL, accounts } = runState();
  const sam = accounts['super admin'];
  const fresh = await completeFirstLogin(
    baseURL,
    await createUser('admin', `Ines ${suffix}`),
    `Inbox-${suffix}-pw1!`,
  );
  const me = await api('GET', '/user/me', undefined, fresh.token);
  const myId = String(me.id);
  const product = await api(
    'POST',
    '/projects',
    {
      name: `Inbox ${suffix}`,
      description: 'Created by the inbox e2e flow.',
      start_date: '2026-03-02',
      target_end_date: '2026-09-30',
      status: 'development',
      priority: 'medium',
      team_size: 2,
    },
    sam.token,
  );
  // Assignees must belong to the product: Sam invites Ines to its team, she accepts.
  const team = await api(
    'POST',
    `/team/${product.id}/create-team`,
    { name: `Inbox team ${suffix}`, teamType: 'development' },
    sam.token,
  );
  await api('POST', `/team/${team.id}/${product.id}/invite`, { userId: myId, role: 'developer' }, sam.token);
  await api('PATCH', `/team/${team.id}/accept`, {}, fresh.token);
  const taskIds: string[] = [];
  for (let i = 1; i <= count; i++) {
    const task = await api(
      'POST',
      '/tasks',
      { title: `Inbox task ${i} ${suffix}`, projectId: product.id, assigneeId: myId },
      sam.token,
    );
    taskIds.push(String(task.id));
  }
  await context.addCookies([
    { name: 'sec-prd-token', value: fresh.token, url: baseURL, httpOnly: true, sameSite: 'Strict' },
  ]);
  await page.setViewportSize({ width: 1440, height: 900 });
  return { taskIds };
}

test('works through five notifications with e, snoozing one with h, without a mouse', async ({
  page,
  context,
  createUser,
}) => {
  await assignedInbox(page, context, createUser, 5);
  // The Assigned filter: the five assignments (the invitation, read, stays under All).
  await page.goto('/notifications?filter=assigned');
  await expect(inboxItems(page)).toHaveCount(5);
  const bell = page.getByRole('banner').getByRole('link', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 5 unread');

  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    'axe: serious violations on /notifications',
  ).toEqual([]);

  // The newest is current; its task shows beside the list.
  await expect(page.getByRole('region', { name: 'Selected notification' })).toContainText('Inbox task 5');
  await page.keyboard.press('j');
  await expect(page.getByRole('region', { name: 'Selected notification' })).toContainText('Inbox task 4');
  await page.keyboard.press('k');

  for (const left of [4, 3, 2]) {
    await page.keyboard.press('e');
    await expect(inboxItems(page)).toHaveCount(left);
    await expect(page.getByRole('status').filter({ hasText: 'Marked done.' })).toBeAttached();
  }
  // Snooze one: h opens the picker, the arrows and Enter choose Tomorrow.
  await page.keyboard.press('h');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveCount(3);
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: /Tomorrow/ })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(inboxItems(page)).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: /^Snoozed until / })).toBeAttached();
  await page.keyboard.press('e');
  await expect(page.getByText('No assignments')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');

  // Done lists the four; the snoozed one waits for tomorrow.
  await page.goto('/notifications?filter=done');
  await expect(page.getByRole('list', { name: 'Done notifications' }).getByRole('listitem')).toHaveCount(4);
});

test('moves on to the next notification after the task beside the list goes to the trash, and Undo brings it back', async ({
  page,
  context,
  createUser,
}) => {
  const { taskIds } = await assignedInbox(page, context, createUser, 2);
  const taskStatus = async () => (await page.request.get(`/api/tasks/${taskIds[1]}`)).status();
  await page.goto('/notifications?filter=assigned');
  await expect(inboxItems(page)).toHaveCount(2);
  const pane = page.getByRole('region', { name: 'Selected notification' });
  await expect(pane.getByRole('heading', { level: 1 })).toContainText('Inbox task 2');

  // The palette's "Move to the trash" on the task shown.
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  // Typed before the palette holds the focus, 'h' would be the inbox's snooze.
  await expect(palette.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('trash');
  await expect(palette.getByRole('option').first()).toHaveText(/Move to the trash/);
  await page.keyboard.press('Enter');

  // On to the next one, not a "Task not found".
  await expect(pane.getByRole('heading', { level: 1 })).toContainText('Inbox task 1');
  await expect(inboxItems(page)).toHaveCount(1);
  await expect(pane).not.toContainText('Task not found');
  expect(await taskStatus()).toBe(404);
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: '1 task moved to the trash' });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(taskStatus).toBe(200);
});
