import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

// Issue 16: Ctrl+K opens the command palette; typing part of a task's title finds it, and Enter
// opens its page. The product and task carry random words, so tests beside this one never meet them.

const randomWord = () => `zq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function createTask(page: Page, word: string) {
  const product = await page.request.post('/api/projects', {
    data: {
      name: `Search flow ${Math.random().toString(36).slice(2, 8)}`,
      description: 'Created by the search e2e flow.',
      start_date: '2026-03-02',
      target_end_date: '2026-09-30',
      status: 'development',
      priority: 'medium',
      team_size: 3,
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  const projectId = ((await product.json()) as { id: string }).id;
  const task = await page.request.post('/api/tasks', {
    data: { title: `Caulk the ${word} hull`, projectId },
  });
  expect(task.status(), await task.text()).toBe(201);
  return ((await task.json()) as { id: string }).id;
}

test('Ctrl+K, part of a task title, Enter: the task opens', async ({ page, signInAs }) => {
  await signInAs('member');
  const word = randomWord();
  const taskId = await createTask(page, word);

  await page.goto('/d');
  await page.getByRole('button', { name: /Search/ }).waitFor();
  await page.keyboard.press('Control+k');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const input = palette.getByRole('combobox');
  await expect(input).toBeFocused();
  // Part of the word, as someone types before finishing it.
  await input.fill(word.slice(0, -2));
  const result = palette.getByRole('group', { name: 'Tasks' }).getByRole('option');
  await expect(result).toHaveText(new RegExp(`Caulk the ${word} hull`));
  await expect(result.locator('mark')).toHaveText(word.slice(0, -2));
  await expect(result).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/tasks/${taskId}$`));
  await expect(palette).toBeHidden();
});
