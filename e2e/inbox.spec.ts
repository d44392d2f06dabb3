import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { completeFirstLogin } from './support/api.ts';
import { runState } from './support/run-state.ts';
import { expect, test } from './support/test.ts';
import { api } from './support/two-browsers.ts';

// Issue 30, without a mouse: a fresh admin has five task assignments from Sam (super admin); on
// /notifications they work through them with the keyboard alone: `e` marks four done, `h`
// snoozes one. Each leaves the inbox; the header's unread count follows; axe finds nothing serious.

test.setTimeout(90_000);

const randomSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

const inboxItems = (page: Page) => page.getByRole('list', { name: 'Assigned to you' }).getByRole('listitem');

test('works through five notifications with e, snoozing one with h, without a mouse', async ({
  page,
  context,
  createUser,
}) => {
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
  for (let i = 1; i <= 5; i++) {
    await api(
      'POST',
      '/tasks',
      { title: `Inbox task ${i} ${suffix}`, projectId: product.id, assigneeId: myId },
      sam.token,
    );
  }
  await context.addCookies([
    { name: 'sec-prd-token', value: fresh.token, url: baseURL, httpOnly: true, sameSite: 'Strict' },
  ]);

  await page.setViewportSize({ width: 1440, height: 900 });
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
