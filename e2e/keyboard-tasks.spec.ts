import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';

// Issue 30, "Shortcuts that act", without the mouse: on /tasks (narrowed to a product of its
// own, so tests running beside it never meet its tasks), j moves the focus, x selects three
// tasks, s / a / l / p set their status, assignee, a label and priority in one request each, and
// Undo takes one change back. Then e renames, m moves to another product and Delete puts in the
// trash, each undone from the toast. axe finds nothing serious with the selection bar, a picker,
// the title editor and the move picker on screen.

const statusOf = (page: Page, title: string) =>
  page
    .getByRole('row')
    .filter({ hasText: title })
    .getByText(/^(Pending|In Progress|Completed)$/);

test('selects three tasks with x, changes them with s, a, l and p, and undoes one change', async ({
  page,
  signInAs,
}) => {
  const me = await signInAs('member');
  const suffix = randomSuffix();
  const product = await createProduct(page, { name: `Keys ${suffix}` });
  const titles = ['First', 'Second', 'Third', 'Fourth'].map((word) => `${word} key task ${suffix}`);
  for (const title of titles) {
    const res = await page.request.post('/api/tasks', { data: { title, projectId: product.id } });
    expect(res.status(), `POST /api/tasks: ${await res.text()}`).toBe(201);
  }
  const label = await page.request.post(`/api/projects/${product.id}/labels`, {
    data: { name: `Radio ${suffix}`, color: '#3b82f6' },
  });
  expect(label.status(), `POST labels: ${await label.text()}`).toBe(201);
  // Newest first: Fourth, Third, Second, First.
  await page.goto(`/tasks?productId=${product.id}`);
  await expect(page.getByRole('link', { name: titles[0] })).toBeVisible();

  // j focuses the first row; x selects it and the next two.
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('j');
    await page.keyboard.press('x');
  }
  const bar = page.getByRole('region', { name: 'Selection' });
  await expect(bar).toContainText('3 selected');

  // s: the status picker filters as you type; Enter applies to the three.
  await page.keyboard.press('s');
  const statusPicker = page.getByRole('dialog', { name: 'Status for 3 tasks' });
  await expect(statusPicker).toBeVisible();
  await expectNoSeriousViolations(page, '/tasks with the selection bar and the status picker');
  await page.keyboard.type('progress');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Status set to In Progress for 3 tasks').first()).toBeVisible();
  for (const title of titles.slice(1)) await expect(statusOf(page, title)).toHaveText('In Progress');
  await expect(statusOf(page, titles[0] ?? '')).toHaveText('Pending');

  // a: the assignee picker, by typing a name.
  await page.keyboard.press('a');
  await expect(page.getByRole('dialog', { name: 'Assignee for 3 tasks' })).toBeVisible();
  await page.keyboard.type(me.name);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Assigned to ${me.name} for 3 tasks`).first()).toBeVisible();

  // l: a label, by typing its name.
  await page.keyboard.press('l');
  await expect(page.getByRole('dialog', { name: 'Labels for 3 tasks' })).toBeVisible();
  await page.keyboard.type('radio');
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Label Radio ${suffix} added for 3 tasks`).first()).toBeVisible();

  // p: priority.
  await page.keyboard.press('p');
  await expect(page.getByRole('dialog', { name: 'Priority for 3 tasks' })).toBeVisible();
  await page.keyboard.type('crit');
  await page.keyboard.press('Enter');
  const toast = page
    .locator('[data-sonner-toast]')
    .filter({ hasText: 'Priority set to Critical for 3 tasks' });
  await expect(toast).toBeVisible();

  // Undo the priority with the keyboard: Tab to the toast's Undo (sonner's hotkey region).
  await toast.getByRole('button', { name: 'Undo' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Undone: Priority set to Critical for 3 tasks')).toBeAttached();
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/tasks/${product.id}/tasks?limit=10`);
      const body = (await res.json()) as {
        data: Array<{ title: string; priority: string; assignee: unknown }>;
      };
      return body.data.map((t) => t.priority).sort();
    })
    .toEqual(['medium', 'medium', 'medium', 'medium']);
  // The other changes stay.
  for (const title of titles.slice(1)) await expect(statusOf(page, title)).toHaveText('In Progress');

  // Esc clears the selection.
  await page.keyboard.press('Escape');
  await expect(bar).toBeHidden();
});

test('renames with e, moves to another product with m and deletes with Delete, each undone from the keyboard', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const suffix = randomSuffix();
  const home = await createProduct(page, { name: `Keys home ${suffix}` });
  const away = await createProduct(page, { name: `Keys away ${suffix}` });
  const titles = ['Rename', 'Move', 'Delete'].map((word) => `${word} me ${suffix}`);
  const ids: string[] = [];
  for (const title of titles) {
    const res = await page.request.post('/api/tasks', { data: { title, projectId: home.id } });
    expect(res.status(), `POST /api/tasks: ${await res.text()}`).toBe(201);
    ids.push(((await res.json()) as { id: string }).id);
  }
  const productOf = async (id: string) =>
    ((await (await page.request.get(`/api/tasks/${id}`)).json()) as { projectId: string }).projectId;
  const undo = async (text: string) => {
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: text });
    await expect(toast).toBeVisible();
    await toast.getByRole('button', { name: 'Undo' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Undone: ${text}`)).toBeAttached();
  };
  // Newest first: Delete, Move, Rename.
  await page.goto(`/tasks?productId=${home.id}`);
  await expect(page.getByRole('link', { name: titles[0] })).toBeVisible();

  // e on the third row: its title opens selected, so typing replaces it; Enter saves.
  for (let i = 0; i < 3; i++) await page.keyboard.press('j');
  await page.keyboard.press('e');
  const editor = page.getByRole('dialog', { name: /^Title of / });
  await expect(editor.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await expectNoSeriousViolations(page, '/tasks with the title editor');
  await page.keyboard.type(`Renamed ${suffix}`);
  await page.keyboard.press('Enter');
  await expect(editor).toBeHidden();
  await expect(page.getByRole('link', { name: `Renamed ${suffix}` })).toBeVisible();
  await expect(page.getByText(`Title changed to Renamed ${suffix}`)).toBeAttached();

  // m on the second row: the other product, found by typing; one Undo brings it back.
  await page.keyboard.press('k');
  await page.keyboard.press('m');
  const picker = page.getByRole('dialog', { name: 'Product for 1 task' });
  await expect(picker).toBeVisible();
  await expect(picker.getByText(home.name)).toHaveCount(0);
  await expectNoSeriousViolations(page, '/tasks with the move picker');
  await page.keyboard.type(`away ${suffix}`);
  await page.keyboard.press('Enter');
  await expect.poll(() => productOf(ids[1] ?? '')).toBe(away.id);
  await expect(page.getByRole('link', { name: titles[1] })).toBeHidden();
  await undo(`1 task moved to ${away.name}`);
  await expect.poll(() => productOf(ids[1] ?? '')).toBe(home.id);
  await expect(page.getByRole('link', { name: titles[1] })).toBeVisible();

  // Delete on the first row: straight to the trash, no dialog; Undo restores it.
  await page.keyboard.press('Escape');
  await page.keyboard.press('j');
  await expect(page.locator('[data-focused]')).toContainText(titles[2] ?? '');
  await page.keyboard.press('Delete');
  await expect(page.getByRole('link', { name: titles[2] })).toBeHidden();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await undo('1 task moved to the trash');
  await expect(page.getByRole('link', { name: titles[2] })).toBeVisible();
  expect((await page.request.get(`/api/tasks/${ids[2]}`)).status()).toBe(200);
});
