import type { Page } from '@playwright/test';
import { runState } from './support/run-state.ts';
import { expect, test } from './support/test.ts';
import { api, contextPage } from './support/two-browsers.ts';

// Issue 15, two people on one task, each in a browser of their own: Ada (admin) comments with a
// mention of Sam (super admin, who created the product: the mention list offers only the
// product's own people, issue 27); Sam, on the same task's page, sees the comment appear and the
// notification arrive without a reload, and opens the task at the comment from it. Then Ada ticks
// the checklist and labels the task, and Sam's board follows. The seeded accounts' sessions are
// used (no login spent); names carry a random suffix so parallel tests never meet them.

const randomSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

/** A product with one task that has a two-item checklist, and a label the product offers. */
async function arrange(token: string, suffix: string) {
  const product = await api(
    'POST',
    '/projects',
    {
      name: `Conversation ${suffix}`,
      description: 'Created by the task conversation e2e flow.',
      start_date: '2026-03-02',
      target_end_date: '2026-09-30',
      status: 'development',
      priority: 'medium',
      team_size: 2,
    },
    token,
  );
  const title = `Launch checklist ${suffix}`;
  const task = await api('POST', '/tasks', { title, projectId: product.id }, token);
  for (const item of ['Write notes', 'Tag release']) {
    await api('POST', `/tasks/${task.id}/checklist`, { title: item }, token);
  }
  await api('POST', `/projects/${product.id}/labels`, { name: `Release ${suffix}`, color: '#2563eb' }, token);
  return { title, taskId: task.id, productId: product.id as string, label: `Release ${suffix}` };
}

const unreadBadge = (page: Page) => page.getByRole('link', { name: /^Notifications(, (\d+) unread)?$/ });
async function unreadCount(page: Page): Promise<number> {
  const name = (await unreadBadge(page).first().getAttribute('aria-label')) ?? '';
  const text = name || ((await unreadBadge(page).first().textContent()) ?? '');
  return Number(/(\d+) unread/.exec(text)?.[1] ?? 0);
}

test('a comment with a mention appears on the other’s page, the notification arrives live, and it opens the task at the comment', async ({
  page,
  browser,
  signInAs,
}) => {
  await signInAs('admin'); // Ada, in `page`
  const sam = runState().accounts['super admin'];
  const suffix = randomSuffix();
  const { title, taskId } = await arrange(sam.token, suffix);

  const samPage = await contextPage(browser, sam.token);
  await samPage.goto(`/tasks/${taskId}`);
  await expect(samPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(samPage.getByText('No comments yet. Start the conversation.')).toBeVisible();
  const before = await unreadCount(samPage);

  await page.goto(`/tasks/${taskId}`);
  const box = page.getByRole('combobox', { name: 'New comment' });
  await box.click();
  await box.pressSequentially('Ready for review, @Sam');
  await page.getByRole('option', { name: /Sam Super/ }).click();
  await box.pressSequentially('please check the notes.');
  await page.getByRole('button', { name: 'Comment', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Comments' }).getByText(/Ready for review/)).toBeVisible();

  // Sam's page follows without a reload: the comment, its mention, and the unread badge.
  const comments = samPage.getByRole('list', { name: 'Comments' });
  await expect(comments.getByText(/Ready for review/)).toBeVisible({ timeout: 5_000 });
  await expect(comments.locator('[data-mention]')).toHaveText('@Sam Super');
  await expect.poll(() => unreadCount(samPage), { timeout: 5_000 }).toBeGreaterThan(before);

  // The notification opens the task at the comment.
  await unreadBadge(samPage).first().click();
  const mention = samPage.getByRole('listitem').filter({ hasText: `Ada Admin mentioned you on “${title}”` });
  await expect(mention).toBeVisible();
  await mention.getByRole('link').first().click();
  await expect(samPage).toHaveURL(new RegExp(`/tasks/${taskId}#comment-[0-9a-f-]{36}$`));
  await expect(samPage.getByRole('list', { name: 'Comments' }).getByText(/Ready for review/)).toBeVisible();
  await samPage.context().close();
});

test('checklist ticks and label changes on the task’s page show on the other’s board without a reload', async ({
  page,
  browser,
  signInAs,
}) => {
  const ada = await signInAs('admin');
  const sam = runState().accounts['super admin'];
  const suffix = randomSuffix();
  const { title, taskId, productId, label } = await arrange(ada.token, suffix);

  const samPage = await contextPage(browser, sam.token);
  // The product's board: its cards come from the one board request (compact cards, issue 17).
  await samPage.goto(`/tasks?view=board&search=${suffix}&product=${productId}`);
  const card = samPage
    .getByRole('region', { name: 'Pending', exact: true })
    .getByRole('listitem')
    .filter({
      has: samPage.getByRole('link', { name: title, exact: true }),
    });
  await expect(card).toContainText('0/2');

  await page.goto(`/tasks/${taskId}`);
  await page.getByRole('checkbox', { name: 'Write notes' }).click();
  await expect(page.getByRole('checkbox', { name: 'Write notes' })).toBeChecked();
  await expect(card).toContainText('1/2', { timeout: 5_000 });

  await page.getByRole('button', { name: 'Edit labels' }).click();
  await page.getByRole('button', { name: label }).click();
  await expect(card).toContainText(label, { timeout: 5_000 });
  await samPage.context().close();
});
