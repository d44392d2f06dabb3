import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { createProduct, randomSuffix } from './support/products.ts';
import { expect, test } from './support/test.ts';

// Flow (i): axe-core finds no serious or critical violation on the landing page, /auth and the
// signed-in shell. A failure lists each rule, its help link and the offending elements.

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

function describe(violations: Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) => `    - ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
}

async function expectNoSeriousViolations(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  // Compared as one line per violation, so that a failure reads as a list rather than a JSON diff.
  expect(
    serious.map((v) => `[${v.impact}] ${v.id} ×${v.nodes.length}`),
    `axe violations on ${where}:\n${describe(serious)}`,
  ).toEqual([]);
}

test('the landing page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expectNoSeriousViolations(page, '/');
});

test('/auth has no serious accessibility violations', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  await expectNoSeriousViolations(page, '/auth (Login tab)');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await expect(page.getByRole('button', { name: 'Sign Up', exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, '/auth (Sign Up tab)');
});

test('the signed-in shell on /d has no serious accessibility violations', async ({ page, signInAs }) => {
  await signInAs('member');
  await page.goto('/d');
  await expect(page.getByRole('heading', { name: 'Dashboard', exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, '/d');
});

test('/tasks (list and board), /notifications and /team have no serious accessibility violations', async ({
  page,
  signInAs,
}) => {
  await signInAs('admin');
  await page.goto('/tasks');
  await expect(page.getByRole('tab', { name: 'List View' })).toBeVisible();
  await expectNoSeriousViolations(page, '/tasks (List View)');
  await page.getByRole('tab', { name: 'Kanban Board' }).click();
  await expect(page.getByRole('tab', { name: 'Kanban Board' })).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousViolations(page, '/tasks (Kanban Board)');
  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notifications', exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, '/notifications');
  await page.goto('/team');
  await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, '/team');
});

test('/roadmap (timeline and phone list) has no serious accessibility violations', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const product = await createProduct(page, {
    name: `Axe ${randomSuffix()}`,
    start_date: day(-20),
    target_end_date: day(60),
  });
  const plan = await page.request.put(`/api/projects/${product.id}/stage-plans/planning`, {
    data: { starts_on: day(-20), ends_on: day(5) },
  });
  expect(plan.status()).toBe(200);
  await page.goto('/roadmap');
  await expect(page.getByRole('slider', { name: `Target date of ${product.name}` })).toBeVisible();
  await expectNoSeriousViolations(page, '/roadmap');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('list', { name: 'Roadmap' }).getByText(product.name)).toBeVisible();
  await expectNoSeriousViolations(page, '/roadmap (phone)');
});

test('a product’s Schedule tab (Gantt and phone list) has no serious accessibility violations', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const product = await createProduct(page, { name: `Axe Gantt ${randomSuffix()}` });
  const ids: string[] = [];
  for (const [title, start, due] of [
    ['Plan it', day(-2), day(1)],
    ['Build it', day(2), day(6)],
    ['Someday', '', ''],
  ] as const) {
    const res = await page.request.post('/api/tasks', {
      data: { title, projectId: product.id, startDate: start, dueDate: due },
    });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { id: string }).id);
  }
  await page.request.post(`/api/tasks/${ids[0]}/relations`, { data: { type: 'blocks', taskId: ids[1] } });
  await page.goto(`/products/${product.id}?tab=schedule&critical=1&group=state`);
  await expect(page.getByTestId('gantt')).toBeVisible();
  await expectNoSeriousViolations(page, 'the Schedule tab');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('schedule-list')).toBeVisible();
  await expectNoSeriousViolations(page, 'the Schedule tab (phone)');
});
