import { readFile } from 'node:fs/promises';
import { boardColumn, createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';

// Issue 32, stage history and the lifecycle reports: a member moves a new product from Planning to
// Development (the board's move) and on to Testing (the edit form's), sees its stays on the
// Overview and "Entered this stage today" on its board card, then finds it behind the Development
// figure of /lifecycle and downloads that list as CSV.

test('a product moved through stages shows its stage history, its time in stage and counts on /lifecycle', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const product = await createProduct(page, { name: `Lifecycle ${randomSuffix()}` });
  const board = await page.request.patch(`/api/projects/${product.id}/status`, {
    data: { status: 'development' },
  });
  expect(board.status(), await board.text()).toBe(200);
  const edit = await page.request.patch(`/api/projects/${product.id}`, { data: { status: 'testing' } });
  expect(edit.status(), await edit.text()).toBe(200);

  await page.goto(`/products/${product.id}`);
  const history = page.getByRole('list', { name: 'Stage history' });
  await expect(history.getByRole('listitem')).toHaveCount(3);
  await expect(history.getByRole('listitem').nth(0)).toContainText('Testing');
  await expect(history.getByRole('listitem').nth(0)).toContainText('so far');
  await expect(history.getByRole('listitem').nth(1)).toContainText('Development');
  await expect(history.getByRole('listitem').nth(2)).toContainText('Planning');

  await page.goto('/products?view=board');
  const card = boardColumn(page, 'Testing').locator('article').filter({ hasText: product.name });
  await expect(card.getByTestId('time-in-stage')).toHaveText('Entered this stage today');
  await expect(card.getByTestId('time-in-stage')).toHaveAttribute('title', /^In Testing since /);

  await page.goto('/lifecycle');
  await expect(page.getByRole('heading', { name: 'Lifecycle', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /^Stays in Development: median/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Stays in Development' });
  await expect(dialog.getByRole('link', { name: product.name })).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: /Export CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^shipyard-lifecycle-stays-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  expect(csv).toContain('product,stage,entered_at,left_at,days');
  expect(csv).toContain(`${product.name},development`);
});
