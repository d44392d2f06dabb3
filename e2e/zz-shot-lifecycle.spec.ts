import { createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';

test('shots', async ({ page, signInAs }) => {
  test.setTimeout(120_000);
  await signInAs('member');
  const product = await createProduct(page, { name: `Shot ${randomSuffix()}` });
  await page.request.patch(`/api/projects/${product.id}/status`, { data: { status: 'development' } });
  await page.request.patch(`/api/projects/${product.id}`, { data: { status: 'testing' } });
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, path] of [
      ['lifecycle', `/lifecycle?product=${product.id}`],
      ['overview', `/products/${product.id}`],
      ['board', '/products'],
    ] as const) {
      for (const theme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
        await page.goto(path);
        await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
        await page.waitForTimeout(1500);
        await page.screenshot({ path: `/tmp/lc/${name}-${width}-${theme}.png`, fullPage: true });
      }
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/lifecycle');
  await page.getByRole('button', { name: /^Stays in Development: median/ }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/lc/drill-1440.png' });
});
