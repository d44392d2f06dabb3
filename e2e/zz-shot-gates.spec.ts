import { createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';

for (const [w, h] of [[1440, 900]] as const) {
  for (const scheme of ['light'] as const) {
    test(`shots ${w} ${scheme}`, async ({ page, signInAs }) => {
      await page.setViewportSize({ width: w, height: h });
      await page.emulateMedia({ colorScheme: scheme });
      await signInAs('admin');
      const tag = randomSuffix();
      const product = await createProduct(page, { name: `Shot ${tag}`, status: 'testing' });
      const res = await page.request.put(`/api/projects/${product.id}/gates/testing`, {
        data: {
          criteria: [
            { kind: 'manual', label: 'Release notes written' },
            { kind: 'no_label', label: 'No blockers', labelName: 'blocker' },
            { kind: 'phase_done', label: 'Testing tasks done', phase: 'testing' },
            { kind: 'approval', label: 'PM approval', roles: ['admin'] },
          ],
        },
      });
      expect(res.status()).toBe(200);
      const id = (await res.json()).current[0].id;
      const cands = await page.request.get(`/api/projects/${product.id}/gates/approver-candidates`);
      console.log('CANDS', cands.status(), (await cands.text()).slice(0, 300));
      await page.request.put(`/api/projects/${product.id}/gates/criteria/${id}/confirmation`, { data: { confirmed: true } });
      await page.goto(`/products/${product.id}`);
      const card = page.getByTestId('stage-gate-card');
      await card.scrollIntoViewIfNeeded();
      await expect(card.getByText(/of 4 met/)).toBeVisible();
      await card.screenshot({ path: `/tmp/gates-card-${w}-${scheme}.png` });
      await page.getByRole('combobox', { name: 'Stage' }).click();
      await page.getByRole('option', { name: 'Production' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.screenshot({ path: `/tmp/gates-dialog-${w}-${scheme}.png` });
      await page.keyboard.press('Escape');
      await page.goto(`/products/${product.id}?tab=settings`);
      const settings = page.getByRole('region', { name: 'Stage gates' });
      await settings.scrollIntoViewIfNeeded();
      await settings.screenshot({ path: `/tmp/gates-settings-${w}-${scheme}.png` });
    });
  }
}
