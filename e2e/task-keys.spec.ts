import { expect, test } from './support/test.ts';

// Issue 28, task keys: a product's first task is <KEY>-1; /tasks/<key>-1 (any casing) opens its
// page, which shows the key and copies the task's link and branch name. The product carries a
// random suffix, so tests running beside this one never meet it. No login is spent (signInAs).

const randomSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

test('a task opens at /tasks/<KEY>-1, shows its key and copies its link and branch name', async ({
  page,
  context,
  signInAs,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs('member');
  const suffix = randomSuffix();
  const product = await page.request.post('/api/projects', {
    data: {
      name: `Key flow ${suffix}`,
      description: 'Created by the task keys e2e flow.',
      start_date: '2026-03-02',
      target_end_date: '2026-09-30',
      status: 'development',
      priority: 'medium',
      team_size: 3,
    },
  });
  expect(product.status(), `POST /api/projects: ${await product.text()}`).toBe(201);
  const { id: projectId, key } = (await product.json()) as { id: string; key: string };
  expect(key).toMatch(/^[A-Z][A-Z0-9]{1,5}$/);
  const title = `Fix double charge ${suffix}`;
  const task = await page.request.post('/api/tasks', { data: { title, projectId } });
  expect(task.status(), `POST /api/tasks: ${await task.text()}`).toBe(201);
  expect(((await task.json()) as { key: string }).key).toBe(`${key}-1`);

  await page.goto(`/tasks/${key.toLowerCase()}-1`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(`${key}-1`, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/tasks/${key.toLowerCase()}-1$`));

  await page.getByRole('button', { name: 'Copy branch name' }).click();
  await expect(page.getByText('Branch name copied')).toBeVisible();
  const branch = `${key.toLowerCase()}-1-fix-double-charge-${suffix}`;
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(branch);

  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`/tasks/${key}-1$`));

  // The copied link opens the same task.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});
