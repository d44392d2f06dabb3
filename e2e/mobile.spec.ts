import { expect, horizontalOverflow, test } from './support/test.ts';

// Flow (g), spec §2.3, §9: below 768 px the sidebar is a slide-over (18rem) opened by the trigger,
// and no screen scrolls sideways at 360 px.

test.use({ viewport: { width: 360, height: 800 } });

test('nothing scrolls sideways at 360 px on the landing page and /auth', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(await horizontalOverflow(page), 'horizontal overflow on / in px').toBeLessThanOrEqual(0);

  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  expect(await horizontalOverflow(page), 'horizontal overflow on /auth in px').toBeLessThanOrEqual(0);
});

test('on a phone the sidebar is a slide-over opened by the trigger, and /d does not scroll sideways', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  await page.goto('/d');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  expect(await horizontalOverflow(page), 'horizontal overflow on /d in px').toBeLessThanOrEqual(0);

  const menuEntry = page.getByRole('link', { name: 'Products', exact: true });
  await expect(menuEntry).not.toBeVisible();

  await page.getByRole('button', { name: 'Toggle Sidebar' }).filter({ visible: true }).click();
  const panel = page.getByRole('dialog');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Products', exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Logout' })).toBeVisible();
  // Focus starts on the current page's link, never on Logout (one Enter must not sign out).
  await expect(panel.getByRole('link', { name: 'Dashboard', exact: true })).toBeFocused();
  await expect
    .poll(async () => {
      const box = await panel.boundingBox();
      return box ? { x: Math.round(box.x), width: Math.round(box.width) } : undefined;
    })
    .toEqual({ x: 0, width: 288 }); // 18rem, sliding in from the left edge

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await page.getByRole('button', { name: 'Toggle Sidebar' }).filter({ visible: true }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
});
