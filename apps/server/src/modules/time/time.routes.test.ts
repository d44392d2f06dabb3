import { isoWeekOf, taskMessages, timeMessages } from '@shipyard/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products, timeEntries } from '../../db/schema/index.ts';
import { useProductCast } from '../../testing/cast.ts';
import { apiTokenHeaders, createTask } from '../../testing/factories.ts';
import { type Req, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';

const { ctx, as } = useTestApp();
const { alice, mia, gus, bob, admin, productId } = useProductCast(ctx);

const today = () => new Date().toISOString().slice(0, 10);
const newTask = async (title = 'A task') => (await createTask(ctx, productId(), { title })).id;
const log = (taskId: string, payload: object): Req => ({
  method: 'POST',
  url: `/api/tasks/${taskId}/time`,
  payload,
});
const entry = (date = today(), seconds = 5400, note = '') => ({ date, seconds, note });

describe('GET and POST /api/tasks/{id}/time', () => {
  it('logs time by hand and answers the task’s totals, everyone’s and the caller’s', async () => {
    const taskId = await newTask();
    const first = await as(mia, log(taskId, entry(today(), 5400, 'Pairing')));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ taskId, totalSeconds: 5400, mySeconds: 5400, entryCount: 1 });
    expect(first.json().entries[0]).toMatchObject({
      seconds: 5400,
      note: 'Pairing',
      source: 'manual',
      author: { id: mia.user.id, name: 'Mia' },
    });
    await as(alice, log(taskId, entry(today(), 600)));
    const read = await as(gus, { url: `/api/tasks/${taskId}/time` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ totalSeconds: 6000, mySeconds: 0, entryCount: 2 });
  });

  it('answers 401 signed out, 404 out of sight or unknown, 403 to guests', async () => {
    const taskId = await newTask();
    expect((await as(undefined, { url: `/api/tasks/${taskId}/time` })).statusCode).toBe(401);
    expect((await as(undefined, log(taskId, entry()))).statusCode).toBe(401);
    const hidden = await as(bob, { url: `/api/tasks/${taskId}/time` });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(taskMessages.notFound);
    expect((await as(bob, log(taskId, entry()))).statusCode).toBe(404);
    expect((await as(mia, log(UNKNOWN_ID, entry()))).statusCode).toBe(404);
    const guest = await as(gus, log(taskId, entry()));
    expect(guest.statusCode).toBe(403);
    expect(guest.json().message).toBe(timeMessages.readOnly);
  });

  it('refuses a duration out of bounds, a future or unreal day and a long note with the field’s message', async () => {
    const taskId = await newTask();
    const cases: Array<[object, string]> = [
      [entry(today(), 0), timeMessages.durationTooShort],
      [entry(today(), 86_401), timeMessages.durationTooLong],
      [entry('2026-02-30'), timeMessages.dateInvalid],
      [entry('3000-01-01'), timeMessages.dateInFuture],
      [entry(today(), 60, 'x'.repeat(501)), timeMessages.noteTooLong],
    ];
    for (const [payload, message] of cases) {
      const res = await as(mia, log(taskId, payload));
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await as(mia, log(taskId, entry(today(), 86_400)))).statusCode).toBe(201);
  });

  it('refuses time on a task of an archived product (409) and hides a trashed task’s time', async () => {
    const taskId = await newTask();
    await as(mia, log(taskId, entry()));
    await ctx.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, productId()));
    try {
      expect((await as(mia, log(taskId, entry()))).statusCode).toBe(409);
    } finally {
      await ctx.db.update(products).set({ archivedAt: null }).where(eq(products.id, productId()));
    }
    expect((await as(mia, { method: 'DELETE', url: `/api/tasks/${taskId}` })).statusCode).toBeLessThan(300);
    expect((await as(mia, { url: `/api/tasks/${taskId}/time` })).statusCode).toBe(404);
  });

  it('takes a write token and refuses a read-only one', async () => {
    const taskId = await newTask();
    const write = await apiTokenHeaders(ctx, mia, 'write');
    const read = await apiTokenHeaders(ctx, mia, 'read');
    expect((await ctx.app.inject({ ...log(taskId, entry()), headers: write })).statusCode).toBe(201);
    expect((await ctx.app.inject({ ...log(taskId, entry()), headers: read })).statusCode).toBe(403);
    expect((await ctx.app.inject({ url: `/api/tasks/${taskId}/time`, headers: read })).statusCode).toBe(200);
  });
});

describe('PATCH and DELETE /api/time-entries/{id}', () => {
  it('lets only the author change or delete an entry', async () => {
    const taskId = await newTask();
    const id = (await as(mia, log(taskId, entry()))).json().entries[0].id as string;
    const patch = (payload: object): Req => ({ method: 'PATCH', url: `/api/time-entries/${id}`, payload });
    const remove: Req = { method: 'DELETE', url: `/api/time-entries/${id}` };

    expect((await as(undefined, patch({ note: 'x' }))).statusCode).toBe(401);
    expect((await as(bob, patch({ note: 'x' }))).statusCode).toBe(404);
    expect((await as(gus, patch({ note: 'x' }))).statusCode).toBe(403);
    const other = await as(alice, patch({ note: 'x' }));
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(timeMessages.notAuthor);
    expect((await as(admin, remove)).statusCode).toBe(403);
    expect((await as(mia, patch({}))).statusCode).toBe(400);
    expect((await as(mia, patch({ seconds: 90_000 }))).json().message).toBe(timeMessages.durationTooLong);

    const changed = await as(mia, patch({ seconds: 1800, note: 'Review' }));
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ seconds: 1800, note: 'Review' });

    expect((await as(undefined, remove)).statusCode).toBe(401);
    expect((await as(mia, remove)).statusCode).toBe(204);
    expect((await as(mia, remove)).statusCode).toBe(404);
    expect(
      (await as(mia, { ...patch({ note: 'x' }), url: `/api/time-entries/${UNKNOWN_ID}` })).statusCode,
    ).toBe(404);
  });
});

describe('the timer', () => {
  const start = (taskId: string): Req => ({ method: 'POST', url: `/api/tasks/${taskId}/timer`, payload: {} });
  const stop: Req = { method: 'DELETE', url: '/api/me/timer' };

  it('runs one per person: starting another stops and logs the first', async () => {
    const [one, two] = [await newTask('One'), await newTask('Two')];
    const started = await as(mia, start(one));
    expect(started.statusCode).toBe(200);
    expect(started.json().timer.task).toMatchObject({ id: one, title: 'One' });
    expect((await as(mia, start(one))).json().timer.id).toBe(started.json().timer.id);
    // Five seconds ago, as if it had run.
    await ctx.db
      .update(timeEntries)
      .set({ startedAt: sql`now() - interval '5 seconds'` })
      .where(eq(timeEntries.id, started.json().timer.id));

    const switched = await as(mia, start(two));
    expect(switched.json().timer.task.id).toBe(two);
    expect(switched.json().stopped).toMatchObject({ taskId: one, source: 'timer' });
    expect(switched.json().stopped.seconds).toBeGreaterThanOrEqual(5);
    expect((await as(mia, { url: '/api/me/timer' })).json().timer.task.id).toBe(two);
    // Someone else's timer is their own.
    expect((await as(alice, { url: '/api/me/timer' })).json().timer).toBeNull();

    const stopped = await as(mia, stop);
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ timer: null, stopped: { taskId: two } });
    expect(stopped.json().stopped.seconds).toBeGreaterThanOrEqual(1);
    const none = await as(mia, stop);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(timeMessages.notRunning);
    expect((await as(mia, { url: `/api/tasks/${one}/time` })).json().totalSeconds).toBeGreaterThanOrEqual(5);
  });

  it('tells its owner’s tabs of a start, and whoever sees the product of the time a stop logs', async () => {
    const taskId = await newTask();
    const before = ctx.published.length;
    await as(mia, start(taskId));
    expect(ctx.published.slice(before)).toEqual([
      expect.objectContaining({ kind: 'time', id: taskId, productId: null, userIds: [mia.user.id] }),
    ]);
    const stopped = ctx.published.length;
    await as(mia, stop);
    expect(ctx.published.slice(stopped)).toEqual([
      expect.objectContaining({ kind: 'time', id: taskId, productId: productId(), userIds: [mia.user.id] }),
    ]);
  });

  it('answers 401 signed out, 404 out of sight and 403 to guests', async () => {
    const taskId = await newTask();
    expect((await as(undefined, start(taskId))).statusCode).toBe(401);
    expect((await as(undefined, stop)).statusCode).toBe(401);
    expect((await as(undefined, { url: '/api/me/timer' })).statusCode).toBe(401);
    expect((await as(bob, start(taskId))).statusCode).toBe(404);
    expect((await as(gus, start(taskId))).statusCode).toBe(403);
    expect((await as(gus, { url: '/api/me/timer' })).json()).toEqual({ timer: null });
  });

  it('refuses a second running timer for one person in the database', async () => {
    const taskId = await newTask();
    await as(alice, start(taskId));
    await expect(
      ctx.db.insert(timeEntries).values({
        taskId,
        authorId: alice.user.id,
        date: today(),
        source: 'timer',
        startedAt: new Date(),
      }),
    ).rejects.toThrow();
    await as(alice, stop);
  });
});

describe('GET /api/time/timesheet and its CSV', () => {
  it('answers the caller’s week, tasks × days, and the CSV of its entries', async () => {
    const taskId = await newTask('=HYPERLINK("x") docs');
    await as(mia, log(taskId, entry(today(), 3600, '=cmd|calc')));
    const week = isoWeekOf(today());
    const res = await as(mia, { url: `/api/time/timesheet?week=${week}` });
    expect(res.statusCode).toBe(200);
    const sheet = res.json();
    expect(sheet.week).toBe(week);
    expect(sheet.days).toHaveLength(7);
    const row = sheet.rows.find((r: { task: { id: string } }) => r.task.id === taskId);
    expect(row.totalSeconds).toBe(3600);
    expect(row.days[sheet.days.indexOf(today())]).toBe(3600);

    const csv = await as(mia, { url: `/api/time/timesheet.csv?week=${week}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain(`shipyard-timesheet-${week}.csv`);
    expect(csv.body).toContain(`"'=HYPERLINK(""x"") docs"`);
    expect(csv.body).toContain(",1,1:00:00,3600,manual,'=cmd|calc");
  });

  it('shows another person’s week to admins only, and never a task out of the caller’s sight', async () => {
    const week = isoWeekOf(today());
    const url = `/api/time/timesheet?week=${week}&userId=${mia.user.id}`;
    expect((await as(undefined, { url })).statusCode).toBe(401);
    expect((await as(undefined, { url: '/api/time/timesheet.csv' })).statusCode).toBe(401);
    const member = await as(alice, { url });
    expect(member.statusCode).toBe(403);
    expect(member.json().message).toBe(timeMessages.othersTimesheet);
    expect((await as(alice, { url: `/api/time/timesheet.csv?userId=${mia.user.id}` })).statusCode).toBe(403);
    expect((await as(admin, { url })).json().user).toMatchObject({ id: mia.user.id, name: 'Mia' });
    expect((await as(admin, { url: `/api/time/timesheet?userId=${UNKNOWN_ID}` })).statusCode).toBe(404);
    // A task in the trash drops out of every read of its time.
    const trashed = await newTask('Trashed');
    await as(mia, log(trashed, entry(today(), 900)));
    const shown = async () =>
      (await as(mia, { url: `/api/time/timesheet?week=${week}` }))
        .json()
        .rows.some((r: { task: { id: string } }) => r.task.id === trashed);
    expect(await shown()).toBe(true);
    await as(mia, { method: 'DELETE', url: `/api/tasks/${trashed}` });
    expect(await shown()).toBe(false);
    expect((await as(mia, { url: `/api/time/timesheet.csv?week=${week}` })).body).not.toContain('Trashed');
    const bad = await as(mia, { url: '/api/time/timesheet?week=2026-W54' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(timeMessages.weekInvalid);
  });
});

describe('GET /api/projects/{id}/time-report and its CSV', () => {
  it('sums a period per person and per task, to whoever sees the product', async () => {
    const taskId = await newTask('Reported');
    await as(mia, log(taskId, entry(today(), 7200)));
    const res = await as(gus, { url: `/api/projects/${productId()}/time-report` });
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.totalSeconds).toBeGreaterThanOrEqual(7200);
    expect(report.tasks.find((t: { task: { id: string } }) => t.task.id === taskId).seconds).toBe(7200);
    expect(report.people.some((p: { user: { id: string } }) => p.user.id === mia.user.id)).toBe(true);
    const csv = await as(alice, { url: `/api/projects/${productId()}/time-report.csv` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Reported');
  });

  it('answers 401, 404 out of sight and 400 for a period the wrong way round', async () => {
    const url = `/api/projects/${productId()}/time-report`;
    expect((await as(undefined, { url })).statusCode).toBe(401);
    expect((await as(undefined, { url: `${url}.csv` })).statusCode).toBe(401);
    expect((await as(bob, { url })).statusCode).toBe(404);
    expect((await as(bob, { url: `${url}.csv` })).statusCode).toBe(404);
    const order = await as(alice, { url: `${url}?from=2026-03-02&to=2026-03-01` });
    expect(order.statusCode).toBe(400);
    expect(order.json().message).toBe(timeMessages.periodOrder);
    const long = await as(alice, { url: `${url}?from=2024-01-01&to=2026-01-01` });
    expect(long.json().message).toBe(timeMessages.periodTooLong);
    const unreal = await as(alice, { url: `${url}?from=2026-02-30` });
    expect(unreal.json().message).toBe(timeMessages.dateInvalid);
  });
});
