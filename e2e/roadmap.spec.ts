import { center, createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';

// Issue 31, the roadmap across products: a member drags a product's target date on /roadmap by
// the mouse, the move outlasts a reload, and the product's Activity Timeline records it. Dates are
// around today, so the product is in the roadmap's default window whenever this runs.

const DAY_MS = 86_400_000;
const isoDay = (at: Date) =>
  `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}-${String(at.getDate()).padStart(2, '0')}`;
const plusDays = (day: string, days: number) => {
  const [y, m, d] = day.split('-').map(Number);
  return isoDay(new Date(new Date(y ?? 0, (m ?? 1) - 1, d ?? 1).getTime() + days * DAY_MS + DAY_MS / 2));
};
const shown = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(y ?? 0, (m ?? 1) - 1, d ?? 1),
  );
};

test('a member drags a product’s target date on the roadmap; it stays after a reload and the activity lists it', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const today = isoDay(new Date());
  const product = await createProduct(page, {
    name: `Roadmap ${randomSuffix()}`,
    start_date: plusDays(today, -20),
    target_end_date: plusDays(today, 40),
  });

  await page.goto(`/roadmap`);
  const handle = page.getByRole('slider', { name: `Target date of ${product.name}` });
  await expect(handle).toHaveAttribute('aria-valuetext', shown(product.target_end_date));

  // The month zoom is 4 px a day: 40 px to the right is ten days later. Other tests' products come
  // first by name, so the row may be below the fold.
  await handle.scrollIntoViewIfNeeded();
  const from = await center(handle);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y, { steps: 5 });
  await page.mouse.move(from.x + 40, from.y, { steps: 5 });
  const moved = plusDays(product.target_end_date, 10);
  await expect(handle).toHaveAttribute('aria-valuetext', shown(moved));
  await page.mouse.up();
  await expect(page.getByText('Target date moved', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('slider', { name: `Target date of ${product.name}` })).toHaveAttribute(
    'aria-valuetext',
    shown(moved),
  );

  await page.goto(`/products/${product.id}?tab=timeline`);
  await expect(page.getByText('Activity Timeline', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: `Updated product "${product.name}": target end date` }),
  ).toHaveCount(1);
});
