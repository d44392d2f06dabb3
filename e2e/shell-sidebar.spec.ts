import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

// Flow (f), spec §2.3, §4, §9: the sidebar collapses to icons (3rem) from the 'Toggle Sidebar'
// button and from Ctrl+B, and the choice survives a reload through the sidebar_state cookie (7 days).

/** Width of the Dashboard menu entry: the whole 16rem row when expanded, an icon when collapsed. */
const menuEntryWidth = async (page: Page) =>
  (await page.getByRole('link', { name: 'Dashboard', exact: true }).boundingBox())?.width ?? 0;

const COLLAPSED_MAX = 48; // 3rem
const EXPANDED_MIN = 150;

test('the sidebar collapses by button and Ctrl+B and stays collapsed after a reload', async ({
  page,
  context,
  signInAs,
}) => {
  await signInAs('member');
  await page.goto('/d');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect.poll(() => menuEntryWidth(page)).toBeGreaterThan(EXPANDED_MIN);

  const sidebarCookie = async () => (await context.cookies()).find((c) => c.name === 'sidebar_state');

  // shadcn-style shells label both the top-bar trigger and the sidebar rail 'Toggle Sidebar'.
  await page.getByRole('button', { name: 'Toggle Sidebar' }).first().click();
  await expect.poll(() => menuEntryWidth(page)).toBeLessThanOrEqual(COLLAPSED_MAX);
  await expect.poll(async () => (await sidebarCookie())?.value).toBe('false');
  const cookie = await sidebarCookie();
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days, 'sidebar_state cookie lifetime in days').toBeGreaterThan(6.9);
  expect(days, 'sidebar_state cookie lifetime in days').toBeLessThanOrEqual(7.01);

  await page.keyboard.press('Control+b');
  await expect.poll(() => menuEntryWidth(page)).toBeGreaterThan(EXPANDED_MIN);
  await expect.poll(async () => (await sidebarCookie())?.value).toBe('true');

  await page.keyboard.press('Control+b');
  await expect.poll(() => menuEntryWidth(page)).toBeLessThanOrEqual(COLLAPSED_MAX);
  await expect.poll(async () => (await sidebarCookie())?.value).toBe('false');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect.poll(() => menuEntryWidth(page)).toBeLessThanOrEqual(COLLAPSED_MAX);
  // Collapsed to icons, the entry still names itself to assistive technology and still works.
  await page.getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
});
