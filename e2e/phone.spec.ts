import type { Page } from '@playwright/test';
import { completeFirstLogin } from './support/api.ts';
import { randomSuffix } from './support/products.ts';
import { runState } from './support/run-state.ts';
import { expect, test } from './support/test.ts';
import { api } from './support/two-browsers.ts';

// Issue 33, a phone layout for doing: every screen of the app fits 360 and 390 px without a
// sideways scroll; at 390 px a task's status changes from the chips under its title, /tasks is
// filtered from its bottom sheet, and the tab bar opens the inbox with its unread count.

test.setTimeout(240_000);

/** What is wider than the window, for the failure message: the outermost offenders. */
function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const over = document.documentElement.scrollWidth - width;
    const culprits = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .filter((el) => !el.parentElement || el.parentElement.getBoundingClientRect().right <= width + 0.5)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)}`);
    return { over, culprits };
  });
}

/** Every page a super admin can open (apps/web/src/app/app-routes.tsx), with ids made for the run. */
async function everyRoute(page: Page) {
  const suffix = randomSuffix();
  const product = await page.request.post('/api/projects', {
    data: {
      name: `Phone layout ${suffix}`,
      description: 'Created by the phone e2e flow.',
      start_date: '2026-03-02',
      target_end_date: '2026-09-30',
      status: 'development',
      priority: 'medium',
      team_size: 3,
    },
  });
  expect(product.status()).toBe(201);
  const productId = ((await product.json()) as { id: string }).id;
  const task = await page.request.post('/api/tasks', {
    data: {
      title: `A task with a rather long title to see it wrap on a phone ${suffix}`,
      projectId: productId,
      description:
        '## Steps\n\n- [ ] One\n- [ ] Two\n\n`a-very-long-unbroken-identifier-that-must-wrap-somewhere-on-a-phone`',
      dueDate: '2026-06-30',
      // Issue 31: dated, so the Schedule tab lists it with its span.
      startDate: '2026-06-01',
    },
  });
  expect(task.status()).toBe(201);
  const taskId = ((await task.json()) as { id: string }).id;
  const view = await page.request.post('/api/views', {
    data: { name: `Phone view ${suffix}`, query: `search=${suffix}` },
  });
  expect(view.status()).toBe(201);
  const viewId = ((await view.json()) as { id: string }).id;
  // Issue 31: a cycle holding the task, so the Cycles tab draws its detail and chart.
  const today = new Date().toISOString().slice(0, 10);
  const cycle = await page.request.post(`/api/projects/${productId}/cycles`, {
    data: { name: `Phone sprint ${suffix}`, starts_on: today, ends_on: today },
  });
  expect(cycle.status(), await cycle.text()).toBe(201);
  const cycleId = ((await cycle.json()) as { id: string }).id;
  expect(
    (await page.request.post(`/api/cycles/${cycleId}/tasks`, { data: { taskIds: [taskId] } })).ok(),
  ).toBe(true);
  const product_ = `/products/${productId}`;
  return [
    '/d',
    '/products',
    '/products?view=list',
    product_,
    `${product_}?tab=tasks`,
    `${product_}?tab=teams`,
    `${product_}?tab=documents`,
    `${product_}?tab=timeline`,
    `${product_}?tab=schedule`,
    `${product_}?tab=time`,
    `${product_}?tab=cycles`,
    `${product_}?tab=settings`,
    '/new-product',
    '/tasks',
    '/tasks?view=board',
    `/tasks/${taskId}`,
    '/views',
    `/views/${viewId}`,
    '/activity',
    '/services',
    '/settings',
    '/settings?tab=account',
    '/settings?tab=notifications',
    '/settings?tab=security',
    '/settings?tab=display',
    '/profile',
    '/trash',
    `/trash/${productId}`,
    '/team',
    '/calendar',
    '/roadmap',
    '/timesheet',
    '/reports',
    '/analytics',
    '/notifications',
    '/no-such-page',
  ];
}

for (const width of [360, 390]) {
  test(`no screen scrolls sideways at ${width} px`, async ({ page, signInAs }) => {
    await signInAs('super admin');
    await page.setViewportSize({ width, height: 800 });
    const routes = await everyRoute(page);
    for (const route of routes) {
      await test.step(route, async () => {
        await page.goto(route);
        await expect(page.locator('main h1').first()).toBeVisible();
        // Sections load after the heading: wait for the requests to settle and skeletons to go.
        await page.waitForLoadState('networkidle');
        await expect(page.locator('main [data-slot="skeleton"]')).toHaveCount(0);
        const { over, culprits } = await overflowOf(page);
        expect(
          over,
          `sideways scroll on ${route} at ${width} px: ${culprits.join(' | ')}`,
        ).toBeLessThanOrEqual(0);
      });
    }
  });
}

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a task's status changes from the chips under its title", async ({ page, signInAs }) => {
    await signInAs('member');
    const suffix = randomSuffix();
    const product = await page.request.post('/api/projects', {
      data: {
        name: `Chips ${suffix}`,
        description: 'Created by the phone e2e flow.',
        start_date: '2026-03-02',
        target_end_date: '2026-09-30',
        status: 'development',
        priority: 'medium',
        team_size: 3,
      },
    });
    const projectId = ((await product.json()) as { id: string }).id;
    const created = await page.request.post('/api/tasks', {
      data: { title: `Tap the chip ${suffix}`, projectId },
    });
    const taskId = ((await created.json()) as { id: string }).id;

    await page.goto(`/tasks/${taskId}`);
    const chips = page.getByRole('list', { name: 'Properties' });
    const status = chips.getByRole('combobox', { name: /^Status: / });
    await expect(status).toBeVisible();
    // Right under the title, in the first screen: not below the conversation.
    const box = await status.boundingBox();
    expect((box?.y ?? 844) + (box?.height ?? 0)).toBeLessThan(844 / 2);
    // The side panel's long column is folded away until asked for.
    await expect(page.getByRole('complementary', { name: 'Properties' })).toBeHidden();

    await expect(status).toHaveAccessibleName(/^Status: (Pending|To do)/);
    await status.click();
    await page.getByRole('option', { name: 'In Progress' }).click();
    await expect(status).toHaveAccessibleName('Status: In Progress');
    await expect
      .poll(async () => {
        const res = await page.request.get(`/api/tasks/${taskId}/detail`);
        return ((await res.json()) as { task: { status: string } }).task.status;
      })
      .toBe('In Progress');

    // "All properties" shows the whole panel right under the chips.
    await chips.getByRole('button', { name: 'All properties' }).click();
    await expect(page.getByRole('complementary', { name: 'Properties' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('/tasks is filtered from its bottom sheet, and the first task shows in the top third', async ({
    page,
    signInAs,
  }) => {
    await signInAs('member');
    const suffix = randomSuffix();
    const product = await page.request.post('/api/projects', {
      data: {
        name: `Sheet ${suffix}`,
        description: 'Created by the phone e2e flow.',
        start_date: '2026-03-02',
        target_end_date: '2026-09-30',
        status: 'development',
        priority: 'medium',
        team_size: 3,
      },
    });
    const projectId = ((await product.json()) as { id: string }).id;
    for (const [title, priority] of [
      [`Urgent fix ${suffix}`, 'high'],
      [`Someday tidy ${suffix}`, 'low'],
    ]) {
      const res = await page.request.post('/api/tasks', { data: { title, projectId, priority } });
      expect(res.status()).toBe(201);
    }

    await page.goto(`/tasks?search=${suffix}`);
    const list = page.getByRole('table', { name: 'Tasks' });
    const urgent = list.getByRole('link', { name: `Urgent fix ${suffix}` });
    const someday = list.getByRole('link', { name: `Someday tidy ${suffix}` });
    await expect(urgent).toBeVisible();
    await expect(someday).toBeVisible();
    const first = await list.getByRole('link').first().boundingBox();
    expect(first?.y ?? 844, 'the first task starts in the top third').toBeLessThan(844 / 3);

    await page.getByRole('button', { name: 'Filters', exact: true }).click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await expect(sheet).toBeVisible();
    await sheet.getByRole('button', { name: 'Filter', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Priority', exact: true }).click();
    const editor = page.getByRole('dialog', { name: 'Priority filter' });
    await editor.getByRole('button', { name: 'High', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(editor).toBeHidden();
    await sheet.getByRole('button', { name: 'Show tasks' }).click();
    await expect(sheet).toBeHidden();

    await expect(urgent).toBeVisible();
    await expect(someday).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Filters, 1 active' })).toBeVisible();
    await expect(page).toHaveURL(/priority=high/);
  });

  test('the tab bar opens the inbox and shows its unread count', async ({ page, context, createUser }) => {
    const suffix = randomSuffix();
    const { baseURL, accounts } = runState();
    const sam = accounts['super admin'];
    const fresh = await completeFirstLogin(
      baseURL,
      await createUser('member', `Tab ${suffix}`),
      `Tab-${suffix}-pw1!`,
    );
    const myId = String((await api('GET', '/user/me', undefined, fresh.token)).id);
    const product = await api(
      'POST',
      '/projects',
      {
        name: `Tab bar ${suffix}`,
        description: 'Created by the phone e2e flow.',
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
      { name: `Tab team ${suffix}`, teamType: 'development' },
      sam.token,
    );
    await api(
      'POST',
      `/team/${team.id}/${product.id}/invite`,
      { userId: myId, role: 'developer' },
      sam.token,
    );
    await context.addCookies([
      { name: 'sec-prd-token', value: fresh.token, url: baseURL, httpOnly: true, sameSite: 'Strict' },
    ]);
    const count = (await api('GET', '/notifications/unread-count', undefined, fresh.token)) as unknown;
    const unread = (count as { unread: number }).unread;
    expect(unread).toBeGreaterThan(0);

    await page.goto('/d');
    const tabs = page.getByRole('navigation', { name: 'Tabs' });
    await expect(tabs.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    const inbox = tabs.getByRole('link', { name: `Inbox, ${unread} unread` });
    await expect(inbox).toBeVisible();
    await inbox.click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(tabs.getByRole('link', { name: /^Inbox/ })).toHaveAttribute('aria-current', 'page');

    // The page's end is above the bar: nothing hides behind it.
    const bar = await tabs.boundingBox();
    const main = await page
      .locator('main')
      .evaluate((el) => Number.parseFloat(getComputedStyle(el).paddingBottom));
    expect(main).toBeGreaterThanOrEqual(bar?.height ?? Number.POSITIVE_INFINITY);

    // More opens the sidebar's navigation as a sheet; Search opens the palette.
    await tabs.getByRole('button', { name: 'More' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Products', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await tabs.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('combobox').or(page.getByRole('searchbox')).first()).toBeFocused();
  });
});
