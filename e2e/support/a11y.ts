import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe finds no serious or critical violation on the page as it is now. axe reads colours as
 * drawn, so a toast or popover mid-fade has too little contrast: finite animations end first.
 * A failure lists one line per violation: impact, rule, how many elements, the first of them.
 */
export async function expectNoSeriousViolations(page: Page, where: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `[${v.impact}] ${v.id} ×${v.nodes.length}: ${v.nodes[0]?.target.join(' ')}`),
    where,
  ).toEqual([]);
}
