import type { Page } from '@playwright/test';
import { expect, horizontalOverflow, test } from './support/test.ts';

// Issue 14: no page is taller than what it shows. /tasks scrolled 255 px (1440) and ~1,100 px
// (phone) into empty space, because screen-reader labels (position: absolute) escaped the
// table's scroll box, and Analytics on a phone ended the same way (a screen-reader-only table).
// For each main page at 1440 and 390 px: the document scrolls no further than the bottom of the
// last thing one can see.

const PAGES = [
  '/d',
  '/products',
  '/tasks',
  '/activity',
  '/services',
  '/calendar',
  '/roadmap',
  '/team',
  '/reports',
  '/analytics',
  '/notifications',
  '/settings',
  '/profile',
];

/** How far the document scrolls below the bottom of the lowest visible box, in CSS px. */
function emptySpaceBelow(page: Page): Promise<{ scrollHeight: number; visibleBottom: number }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const hidden = (el: Element) => {
      for (let a: Element | null = el; a; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.display === 'none' || s.visibility === 'hidden') return true;
        // Screen-reader-only boxes (clip-path: inset(50%) or clip: rect(0 0 0 0)) show nothing.
        if (s.clipPath === 'inset(50%)' || s.clip === 'rect(0px, 0px, 0px, 0px)') return true;
      }
      return false;
    };
    let visibleBottom = 0;
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      let bottom = box.bottom;
      // What a scrolling or clipping box cuts off is not seen either.
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (s.overflowY !== 'visible' || s.overflowX !== 'visible') {
          bottom = Math.min(bottom, a.getBoundingClientRect().bottom);
        }
      }
      if (bottom + root.scrollTop <= visibleBottom || hidden(el)) continue;
      visibleBottom = bottom + root.scrollTop;
    }
    return { scrollHeight: root.scrollHeight, visibleBottom: Math.max(visibleBottom, root.clientHeight) };
  });
}

test.beforeAll(async ({ browser }) => {
  // Enough tasks that the list's scroll box holds rows far below its visible part.
  const context = await browser.newContext();
  const { runState } = await import('./support/run-state.ts');
  const { token } = runState().accounts['super admin'];
  const headers = { authorization: `Bearer ${token}` };
  const base = runState().baseURL;
  const product = await context.request.post(`${base}/api/projects`, {
    headers,
    data: {
      name: `Guidance Platform ${Date.now().toString(36).slice(-4)}`,
      description: 'Created by the page height e2e check.',
      start_date: '2026-03-02',
      target_end_date: '2026-09-30',
      status: 'development',
      priority: 'medium',
      team_size: 3,
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  const projectId = ((await product.json()) as { id: string }).id;
  for (let i = 0; i < 30; i++) {
    const task = await context.request.post(`${base}/api/tasks`, {
      headers,
      data: {
        title: `Task ${i + 1} of a long list, with a title that takes two lines`,
        description: 'A line under the title.',
        projectId,
      },
    });
    expect(task.status(), await task.text()).toBe(201);
  }
  await context.close();
});

for (const width of [1440, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 800 ? 844 : 900 } });

    test('no main page scrolls into empty space below its content', async ({ page, signInAs }) => {
      await signInAs('super admin');
      for (const path of PAGES) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        // Lists, charts and virtual rows settle once their data is in.
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        expect(await horizontalOverflow(page), `horizontal overflow of ${path} in px`).toBeLessThanOrEqual(0);
        const { scrollHeight, visibleBottom } = await emptySpaceBelow(page);
        expect(
          scrollHeight - visibleBottom,
          `empty space below the content of ${path} in px`,
        ).toBeLessThanOrEqual(4);
      }
    });
  });
}

test.describe('once /tasks scrolls', () => {
  test.use({ viewport: { width: 1440, height: 480 } });

  test("the list's sticky header passes under the top bar, not over it", async ({ page, signInAs }) => {
    await signInAs('super admin');
    await page.goto('/tasks');
    const header = page.getByRole('columnheader', { name: 'Task', exact: true });
    await expect(header).toBeVisible();
    const topBar = page
      .locator('header')
      .filter({ has: page.getByRole('button', { name: 'Toggle Sidebar' }) });
    const bar = await topBar.boundingBox();
    const before = await header.boundingBox();
    if (!bar || !before) throw new Error('no top bar or list header');
    // Scroll the page so that the list's header sits where the top bar is.
    await page.evaluate((by) => window.scrollBy(0, by), before.y - bar.y);
    const hit = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('header, thead')?.tagName ?? null,
      { x: before.x + 10, y: bar.y + bar.height / 2 },
    );
    expect(hit, 'what is painted where the top bar is').toBe('HEADER');
  });
});

test.describe('the task list at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('shows whole values in its columns rather than cutting them short', async ({ page, signInAs }) => {
    await signInAs('super admin');
    await page.goto('/tasks');
    const rows = page.locator('tr[data-task-id]').filter({ hasText: 'of a long list' });
    await expect(rows.first()).toBeVisible();
    const cut = await rows.first().evaluate((row) =>
      [...row.querySelectorAll('td *')].flatMap((el) => {
        const s = getComputedStyle(el);
        // Screen-reader-only labels are 1 px boxes on purpose.
        if (s.overflow === 'visible' || s.clipPath === 'inset(50%)' || !el.textContent?.trim()) return [];
        const cutShort = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
        return cutShort ? [el.textContent.trim()] : [];
      }),
    );
    expect(cut, 'texts cut short in a task row').toEqual([]);
  });
});
