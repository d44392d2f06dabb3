import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

// Issue 15, the task's page: opened from the /tasks board it slides in as a panel over the board
// with the task's own URL; Back closes it and the board is as it was; a reload of that URL shows
// the full page, where the title is renamed in place. The product and task carry a random
// suffix, so tests running beside this one never meet them. No login is spent (signInAs).

const randomSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function createProductWithTask(page: Page, suffix: string) {
  const product = await page.request.post('/api/projects', {
    data: {
      name: `Task page ${suffix}`,
      description: 'Created by the task page e2e flow.',
      start_date: '2026-03-02',
      target_end_date: '2026-09-30',
      status: 'development',
      priority: 'medium',
      team_size: 3,
    },
  });
  expect(product.status(), `POST /api/projects: ${await product.text()}`).toBe(201);
  const projectId = ((await product.json()) as { id: string }).id;
  const title = `Wire the radio ${suffix}`;
  const task = await page.request.post('/api/tasks', {
    data: { title, projectId, description: '## Steps\n\n- [x] Antenna\n- [ ] Receiver' },
  });
  expect(task.status(), `POST /api/tasks: ${await task.text()}`).toBe(201);
  return { title, taskId: ((await task.json()) as { id: string }).id };
}

test('a task opens from the board as a panel with its own URL, Back closes it, a reload shows the page, where the title is renamed in place', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const suffix = randomSuffix();
  const { title, taskId } = await createProductWithTask(page, suffix);

  await page.goto(`/tasks?view=board&search=${suffix}`);
  const pending = page.getByRole('region', { name: 'Pending', exact: true });
  const card = pending.getByRole('link', { name: title, exact: true });
  await expect(card).toBeVisible();

  // Into the panel: the URL is the task's, the board stays underneath.
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/tasks/${taskId}$`));
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Steps' })).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'History' })).toBeVisible();
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    'axe: serious violations in the task panel',
  ).toEqual([]);

  // Back closes it, and the board is as it was (its search kept).
  await page.goBack();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/tasks\\?view=board&search=${suffix}$`));
  await expect(card).toBeVisible();

  // Forward and reload: the full page, no panel.
  await page.goForward();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Tasks', exact: true }).first()).toBeVisible();

  // Rename in place: Enter saves, and the new title stays after a reload.
  const renamed = `${title} (final)`;
  await page.getByRole('button', { name: `${title} (rename)` }).click();
  const field = page.getByRole('textbox', { name: 'Title' });
  await field.fill(renamed);
  await field.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByRole('list', { name: 'History' })).toContainText(`Updated task "${renamed}": title`);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
});

test('a task that is gone shows "Task not found" with a way back', async ({ page, signInAs }) => {
  await signInAs('member');
  await page.goto('/tasks/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Task not found', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Back to tasks' }).click();
  await expect(page).toHaveURL(/\/tasks$/);
});
