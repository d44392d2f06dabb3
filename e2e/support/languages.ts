import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect } from './test.ts';

// What the languages flow (issue 33) shares: the texts of a language read from the web app's
// locale files at test time (never copied into the test: they are being written while the tests
// are), a device set to a language, a product with a task to look at, and the layout checks.

const LOCALES = new URL('../../apps/web/src/locales/', import.meta.url);

/** The storage key of lib/i18n/boot.ts: the language this device was set to. */
const LANGUAGE_STORAGE_KEY = 'shipyard.language';

export type Texts = {
  /** The text of an English key in the language; the key itself while it is not translated yet. */
  (key: string): string;
  /** The keys asked for that the language does not translate yet. */
  untranslated: Set<string>;
};

/** The language's texts: every `locales/<code>/<part>.json` merged, as the app merges them. */
export function textsOf(code: string): Texts {
  const folder = new URL(`${code}/`, LOCALES);
  const all: Record<string, string> = {};
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
    Object.assign(all, JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as Record<string, string>);
  }
  const untranslated = new Set<string>();
  const lookup = (key: string) => {
    const text = all[key];
    if (text) return text;
    untranslated.add(key);
    return key;
  };
  return Object.assign(lookup, { untranslated });
}

/** Sets this device's language before every page of the context loads (as the picker leaves it). */
export async function setDeviceLanguage(page: Page, code: string) {
  await page.addInitScript(
    ([key, value]) => localStorage.setItem(key as string, value as string),
    [LANGUAGE_STORAGE_KEY, code],
  );
}

/** A product and one task in it through the API, with the session of the page's context. */
export async function createTask(
  page: Page,
  suffix: string,
  task: { title: string; assigneeId?: string; dueDate?: string },
): Promise<{ productId: string; taskId: string }> {
  const product = await page.request.post('/api/projects', {
    data: {
      name: `Languages ${suffix}`,
      description: 'Created by the languages e2e flow.',
      start_date: '2026-03-02',
      target_end_date: '2026-09-30',
      status: 'development',
      priority: 'high',
      team_size: 3,
    },
  });
  expect(product.status(), `POST /api/projects: ${await product.text()}`).toBe(201);
  const productId = ((await product.json()) as { id: string }).id;
  const created = await page.request.post('/api/tasks', {
    data: { ...task, projectId: productId, description: '## Steps\n\n- [x] Antenna\n- [ ] Receiver' },
  });
  expect(created.status(), `POST /api/tasks: ${await created.text()}`).toBe(201);
  return { productId, taskId: ((await created.json()) as { id: string }).id };
}

/** The page's heading is shown and nothing is loading any more (no skeleton, no animation running). */
export async function waitForScreen(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * What does not fit: the page's sideways scroll in px, and each visible button, link or tab with
 * text whose text is wider than its box (or than a box inside it that hides what overflows),
 * unless it is cut on purpose with an ellipsis (`truncate`), one line each; and the elements that
 * stick out of the page's sides (what makes it scroll sideways).
 */
export function layoutProblems(
  page: Page,
): Promise<{ sideways: number; beyond: string[]; clipped: string[] }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const onPurpose = (node: Element) =>
      node.classList.contains('truncate') ||
      node.closest('.truncate') !== null ||
      getComputedStyle(node).textOverflow === 'ellipsis';
    const overflows = (node: Element) => {
      const style = getComputedStyle(node);
      if (style.display === 'inline' || node.getBoundingClientRect().width <= 1) return false;
      return node.scrollWidth > node.clientWidth + 1 && !onPurpose(node);
    };
    const describe = (element: Element, cut: Element) => {
      const name = element.getAttribute('aria-label') ?? element.textContent ?? '';
      const where = cut === element ? '' : ` (its <${cut.tagName.toLowerCase()}>)`;
      const box = element.getBoundingClientRect();
      return `<${element.tagName.toLowerCase()}> "${name.trim().replace(/\s+/g, ' ').slice(0, 60)}": ${cut.scrollWidth}px of text in ${cut.clientWidth}px${where} at x=${Math.round(box.x)}`;
    };
    const clipped: string[] = [];
    const candidates = document.querySelectorAll(
      'button, a[href], [role="button"], [role="tab"], [role="link"]',
    );
    for (const element of candidates) {
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      if (!element.textContent?.trim()) continue;
      const inside = [element, ...element.querySelectorAll('*')].filter(
        (node) => node === element || getComputedStyle(node).overflowX !== 'visible',
      );
      const cut = inside.find((node) => node.textContent?.trim() && overflows(node));
      if (cut) clipped.push(describe(element, cut));
    }
    // What sticks out past the page's right edge (or its left one, right to left): the innermost.
    const width = root.clientWidth;
    const outside = [...document.body.querySelectorAll('*')].filter((node) => {
      const box = node.getBoundingClientRect();
      return box.width > 0 && (box.right > width + 0.5 || box.left < -0.5) && node.checkVisibility();
    });
    const beyond = outside
      .filter((node) => !outside.some((other) => other !== node && node.contains(other)))
      .slice(0, 5)
      .map((node) => {
        const box = node.getBoundingClientRect();
        const text = (node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        return `<${node.tagName.toLowerCase()} class="${node.getAttribute('class') ?? ''}"> "${text}" ${Math.round(box.left)}–${Math.round(box.right)}px`;
      });
    return { sideways: root.scrollWidth - root.clientWidth, beyond, clipped };
  });
}
