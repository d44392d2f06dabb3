import type { Page } from '@playwright/test';
import { completeFirstLogin } from './support/api.ts';
import { runState } from './support/run-state.ts';
import { expect, test } from './support/test.ts';
import { api } from './support/two-browsers.ts';

// The inbox on a phone (decision 048's review, issue 30): at 390 px each notification gives its
// text the row's width — the message in two lines at most, ended by an ellipsis, never cut bare —
// and its actions stay on screen, with no sideways scroll; at 1440 px the split view stays.

const randomSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** Per item: the message's width share and lines, what overflows without an ellipsis, the actions' boxes. */
async function measure(page: Page) {
  return page.getByRole('list', { name: 'Notifications' }).evaluate((list) =>
    [...list.querySelectorAll(':scope > li')].map((item) => {
      const box = item.getBoundingClientRect();
      const message = [...item.querySelectorAll('p')].find((p) => !p.hasAttribute('data-excerpt'));
      const lineHeight = message ? Number.parseFloat(getComputedStyle(message).lineHeight) : 0;
      // What is shown (screen-reader-only text is clipped on purpose).
      const cutBare = [...item.querySelectorAll('p, span, time, a, button')]
        .filter((el) => !el.classList.contains('sr-only'))
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
        .filter((el) => {
          const style = getComputedStyle(el);
          const clipped = style.overflow !== 'visible' || style.overflowX !== 'visible';
          const ellipsis = style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none';
          return clipped && !ellipsis;
        })
        .map((el) => el.outerHTML.slice(0, 80));
      const actions = [...item.querySelectorAll('button[aria-label]')].map((b) => {
        const r = b.getBoundingClientRect();
        return { name: b.getAttribute('aria-label'), left: r.left, right: r.right };
      });
      return {
        share: message ? message.getBoundingClientRect().width / box.width : 0,
        lines: message ? Math.round(message.getBoundingClientRect().height / lineHeight) : 0,
        cutBare,
        actions,
      };
    }),
  );
}

test('the inbox at 390 px: two lines of message, the actions on screen, no sideways scroll', async ({
  page,
  context,
  createUser,
}) => {
  const suffix = randomSuffix();
  const { baseURL, accounts } = runState();
  const sam = accounts['super admin'];
  const fresh = await completeFirstLogin(
    baseURL,
    await createUser('admin', `Ina ${suffix}`),
    `Phone-${suffix}-pw1!`,
  );
  const myId = String((await api('GET', '/user/me', undefined, fresh.token)).id);
  const product = await api(
    'POST',
    '/projects',
    {
      name: `Customer onboarding portal ${suffix}`,
      description: 'Created by the phone inbox e2e flow.',
      start_date: '2026-03-02',
      target_end_date: '2026-09-30',
      status: 'development',
      priority: 'medium',
      team_size: 2,
    },
    sam.token,
  );
  const team = await api(
    'POST',
    `/team/${product.id}/create-team`,
    { name: `Phone team ${suffix}`, teamType: 'development' },
    sam.token,
  );
  await api('POST', `/team/${team.id}/${product.id}/invite`, { userId: myId, role: 'developer' }, sam.token);
  await api('PATCH', `/team/${team.id}/accept`, {}, fresh.token);
  const task = await api(
    'POST',
    '/tasks',
    {
      title: 'Migrate the authentication service to the new session store without any downtime at all',
      projectId: product.id,
      assigneeId: myId,
    },
    sam.token,
  );
  await api(
    'POST',
    `/tasks/${task.id}/comments`,
    { body: 'The token refresh fails when two tabs renew at once; can you look before Friday’s release?' },
    sam.token,
  );
  await context.addCookies([
    { name: 'sec-prd-token', value: fresh.token, url: baseURL, httpOnly: true, sameSite: 'Strict' },
  ]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/notifications');
  const items = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  for (const item of await measure(page)) {
    expect(item.share, 'the message takes most of the row').toBeGreaterThan(0.75);
    expect(item.lines, 'the message is two lines at most').toBeLessThanOrEqual(2);
    expect(item.cutBare, 'nothing is cut without an ellipsis').toEqual([]);
    expect(item.actions.map((a) => a.name)).toEqual(
      expect.arrayContaining(['Mark done', 'Delete notification']),
    );
    for (const action of item.actions) {
      expect(action.left).toBeGreaterThanOrEqual(0);
      expect(action.right).toBeLessThanOrEqual(390);
    }
  }
  // The actions work from there: the comment is marked done.
  await items.first().getByRole('button', { name: 'Mark done' }).click();
  await expect(items).toHaveCount(2);

  // The wide screen keeps its split view.
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('region', { name: 'Selected notification' })).toBeVisible();
});
