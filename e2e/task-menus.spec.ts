import { expectNoSeriousViolations } from './support/a11y.ts';
import { createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';

// Issue 30, "the menus show every shortcut": a row's menu on /tasks holds an item for each action
// key, its key beside it (Copy link and Copy key in its Copy submenu), beside the spec's own items
// (§2.11: Edit, Mark as Pending, Mark as In Progress, Mark as Completed, flat and in that order),
// and each opens what its key opens, for that row's task alone. Here "Assign to…" opens the
// assignee picker; a person picked, the row shows them. axe finds nothing serious with the menu
// and its Copy submenu open, nor with its picker.

test('assigns a row’s task from its menu’s "Assign to…", through the key’s picker', async ({
  page,
  signInAs,
}) => {
  const me = await signInAs('member');
  const suffix = randomSuffix();
  const product = await createProduct(page, { name: `Menus ${suffix}` });
  const titles = ['Older', 'Newer'].map((word) => `${word} menu task ${suffix}`);
  for (const title of titles) {
    const res = await page.request.post('/api/tasks', { data: { title, projectId: product.id } });
    expect(res.status(), `POST /api/tasks: ${await res.text()}`).toBe(201);
  }
  const row = (title: string) => page.getByRole('row').filter({ hasText: title });

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`/tasks?productId=${product.id}`);
  await expect(page.getByRole('link', { name: titles[0] })).toBeVisible();
  const trigger = row(titles[0] ?? '').getByRole('button', { name: `Actions for ${titles[0]}` });
  await trigger.click();
  const menu = page.getByRole('menu');
  const item = menu.getByRole('menuitem', { name: 'Assign to…' });
  await expect(item).toHaveAttribute('aria-keyshortcuts', 'A');
  await expect(item).toContainText('A');
  // The spec's row menu (§2.11) as it is, top level and in its order, the keys' items beside it.
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Edit',
    /^Edit title…/,
    'Mark as Pending',
    'Mark as In Progress',
    'Mark as Completed',
    /^Change status…/,
    /^Assign to…/,
    /^Assign to me/,
    /^Labels…/,
    /^Set priority…/,
    /^Set due date…/,
    /^Move to…/,
    'Copy',
    'Duplicate',
    'Save as template',
    /^Delete/,
  ]);
  // Its Copy submenu, with the keys.
  await menu.getByRole('menuitem', { name: 'Copy', exact: true }).hover();
  const copy = page.getByRole('menu', { name: 'Copy' });
  await expect(copy.getByRole('menuitem')).toHaveText([
    /^Copy link\s*Ctrl\/⌘ C$/,
    /^Copy key\s*Ctrl\/⌘ Shift C$/,
    'Copy branch name',
  ]);
  await expectNoSeriousViolations(page, '/tasks with a row’s menu and its Copy submenu open');
  await item.hover();
  await expect(copy).toBeHidden();

  await item.click();
  const picker = page.getByRole('dialog', { name: 'Assignee for 1 task' });
  await expect(picker).toBeVisible();
  await expectNoSeriousViolations(page, '/tasks with the menu’s assignee picker');
  await page.keyboard.type(me.name);
  await picker.getByRole('option', { name: me.name }).click();

  await expect(picker).toBeHidden();
  await expect(row(titles[0] ?? '')).toContainText(me.name);
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: `Assigned to ${me.name} for 1 task` }),
  ).toBeVisible();
  // Only that row's task; focus is back on its menu's button.
  await expect(row(titles[1] ?? '')).not.toContainText(me.name);
  await expect(trigger).toBeFocused();

  // On a phone neither side has room for the submenu: it opens over the menu, in sight.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: `Actions for ${titles[1]}` }).click();
  await page.getByRole('menuitem', { name: 'Copy', exact: true }).click();
  await expect(
    page.getByRole('menu', { name: 'Copy' }).getByRole('menuitem', { name: 'Copy branch name' }),
  ).toBeInViewport({ ratio: 1 });
});
