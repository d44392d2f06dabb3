import { expectNoSeriousViolations } from './support/a11y.ts';
import { createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';

// Issue 30, "A palette that knows where you are", without the mouse: on /tasks (narrowed to a
// product of its own), j focuses a task, Ctrl+K lists its actions first, "assign" + Enter opens
// the people inside the palette, a name typed + Enter assigns the task in one request, and the
// toast's Undo takes it back. axe finds nothing serious with the nested page on screen.

type Listed = { data: Array<{ title: string; assigneeId: string | null }> };

test('assigns the focused task from the palette by typing, and undoes it', async ({ page, signInAs }) => {
  const me = await signInAs('member');
  const suffix = randomSuffix();
  const product = await createProduct(page, { name: `Palette ${suffix}` });
  const titles = ['Older', 'Newer'].map((word) => `${word} palette task ${suffix}`);
  for (const title of titles) {
    const res = await page.request.post('/api/tasks', { data: { title, projectId: product.id } });
    expect(res.status(), `POST /api/tasks: ${await res.text()}`).toBe(201);
  }
  const assigneeOf = async (title: string) => {
    const res = await page.request.get(`/api/tasks/${product.id}/tasks?limit=10`);
    const body = (await res.json()) as Listed;
    return body.data.find((t) => t.title === title)?.assigneeId ?? null;
  };

  // Newest first: j focuses "Newer".
  await page.goto(`/tasks?productId=${product.id}`);
  await expect(page.getByRole('link', { name: titles[1] })).toBeVisible();
  await page.keyboard.press('j');
  await page.keyboard.press('Control+k');

  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  const actions = palette.getByRole('group', { name: new RegExp(`palette task ${suffix}`) });
  await expect(actions.getByRole('option').first()).toHaveText(/Change status…/);

  await page.keyboard.type('assign');
  await expect(palette.getByRole('option').first()).toHaveText(/Assign to…/);
  await page.keyboard.press('Enter');
  const field = palette.getByRole('combobox');
  await expect(field).toHaveAttribute('placeholder', 'Assign to…');
  await expect(field).toHaveValue('');
  await expect(palette.getByRole('status')).toContainText('Assign to:');

  const part = me.name.slice(0, Math.max(3, Math.ceil(me.name.length / 2)));
  await page.keyboard.type(part);
  await expect(palette.getByRole('option', { name: me.name })).toBeVisible();
  await expectNoSeriousViolations(page, 'the palette’s nested page');
  await page.keyboard.press('Enter');

  await expect(palette).toBeHidden();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: `Assigned to ${me.name} for 1 task` });
  await expect(toast).toBeVisible();
  await expect.poll(() => assigneeOf(titles[1] ?? '')).not.toBeNull();
  await expect(page.getByRole('row').filter({ hasText: titles[1] })).toContainText(me.name);
  expect(await assigneeOf(titles[0] ?? '')).toBeNull();

  // Undo, from the keyboard.
  await toast.getByRole('button', { name: 'Undo' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Undone: Assigned to ${me.name} for 1 task`)).toBeAttached();
  await expect.poll(() => assigneeOf(titles[1] ?? '')).toBeNull();
});

test('goes back a page with Backspace and Esc, and closes with Esc on the actions', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const suffix = randomSuffix();
  const product = await createProduct(page, { name: `Palette back ${suffix}` });
  const title = `Palette back task ${suffix}`;
  const res = await page.request.post('/api/tasks', { data: { title, projectId: product.id } });
  expect(res.status()).toBe(201);

  await page.goto(`/tasks?productId=${product.id}`);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await page.keyboard.press('j');
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('group', { name: new RegExp(title) })).toBeVisible();
  await page.keyboard.type('due');
  await expect(palette.getByRole('option').first()).toHaveText(/Set due date…/);
  await page.keyboard.press('Enter');
  const field = palette.getByRole('combobox');
  await expect(field).toHaveAttribute('placeholder', 'e.g. fri, next week, in 3 days');
  await page.keyboard.press('Backspace');
  await expect(field).toHaveAttribute('placeholder', 'Search or type a command…');
  await page.keyboard.press('Enter');
  await expect(field).toHaveAttribute('placeholder', 'e.g. fri, next week, in 3 days');
  await page.keyboard.press('Escape');
  await expect(palette).toBeVisible();
  await expect(field).toHaveAttribute('placeholder', 'Search or type a command…');
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
});
