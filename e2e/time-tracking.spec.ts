import { readFile } from 'node:fs/promises';
import { expectNoSeriousViolations } from './support/a11y.ts';
import { expect, test } from './support/test.ts';

// Issue 31: "time a task with the timer and find it in the timesheet's CSV". The timer is started
// and stopped on the task's page, shows in the top bar meanwhile (and after a reload: it is the
// server's), and the timesheet's CSV holds the task with what ran.

const suffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

test('a member times a task and finds it in the timesheet’s CSV', async ({ page, signInAs }) => {
  await signInAs('member');
  const tag = suffix();
  const product = await page.request.post('/api/projects', {
    data: {
      name: `Timed ${tag}`,
      description: 'Time tracked by the e2e flow',
      start_date: '2026-03-02',
      target_end_date: '2026-09-30',
      status: 'development',
      priority: 'medium',
      team_size: 1,
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  const productId = ((await product.json()) as { id: string }).id;
  const title = `Timed task ${tag}`;
  const created = await page.request.post('/api/tasks', { data: { projectId: productId, title } });
  expect(created.status(), await created.text()).toBe(201);
  const task = (await created.json()) as { id: string; key: string };

  await page.goto(`/tasks/${task.id}`);
  const time = page.getByRole('region', { name: 'Time' });
  await expect(time.getByText('No time logged yet.')).toBeVisible();
  await time.getByRole('button', { name: 'Start timer' }).click();

  // The top bar shows it, and keeps it across a reload.
  const headerTimer = page.getByRole('status', { name: new RegExp(`^Timer running on ${task.key}`) });
  await expect(headerTimer).toBeVisible();
  await page.reload();
  await expect(headerTimer).toBeVisible();
  await expect(headerTimer).toContainText(/0:00:0[2-9]|0:00:[1-5]\d/);
  await expectNoSeriousViolations(page, 'the task page with its timer running');

  await time.getByRole('button', { name: /Stop timer/ }).click();
  await expect(headerTimer).toBeHidden();
  await expect(time.getByRole('list', { name: 'Time entries' }).getByRole('listitem')).toHaveCount(1);

  await page.goto('/timesheet');
  const row = page.getByRole('rowheader', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expectNoSeriousViolations(page, '/timesheet');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^shipyard-timesheet-\d{4}-W\d{2}\.csv$/);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  const line = csv.split('\r\n').find((l) => l.includes(title));
  expect(line, csv).toBeDefined();
  expect(line).toContain(task.key);
  // Date, person, product, key, title, hours, h:mm:ss, seconds, source.
  const match = /,(\d+(?:\.\d+)?),(\d+:\d{2}:\d{2}),(\d+),timer,/.exec(line ?? '');
  expect(match, line).not.toBeNull();
  expect(Number(match?.[3])).toBeGreaterThanOrEqual(2);
});

test('the time logged on a list’s tasks shows in its header, and follows its filters', async ({
  page,
  signInAs,
}) => {
  await signInAs('member');
  const tag = suffix();
  const product = await page.request.post('/api/projects', {
    data: {
      name: `Logged ${tag}`,
      description: 'Time summed over a list',
      start_date: '2026-03-02',
      target_end_date: '2026-09-30',
      status: 'development',
      priority: 'medium',
      team_size: 1,
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  const productId = ((await product.json()) as { id: string }).id;
  const today = new Date().toISOString().slice(0, 10);
  for (const [title, seconds] of [
    [`Logged a ${tag}`, 3600],
    [`Logged b ${tag}`, 1800],
  ] as const) {
    const created = await page.request.post('/api/tasks', { data: { projectId: productId, title } });
    const id = ((await created.json()) as { id: string }).id;
    const logged = await page.request.post(`/api/tasks/${id}/time`, {
      data: { date: today, seconds, note: '' },
    });
    expect(logged.status(), await logged.text()).toBe(201);
  }

  await page.goto(`/tasks?search=${encodeURIComponent(tag)}`);
  const total = page.locator('[data-logged-time]');
  await expect(total).toHaveText(/1h 30m/);
  await page.goto(`/tasks?search=${encodeURIComponent(`Logged b ${tag}`)}`);
  await expect(total).toHaveText(/30m/);
  await expect(total).not.toHaveText(/1h/);
});
