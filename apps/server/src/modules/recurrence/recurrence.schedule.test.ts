import { addCalendarDays } from '@shipyard/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taskSeries } from '../../db/schema/index.ts';
import { useTestApp } from '../../testing/http.ts';
import { move, useRecurrenceKit } from './recurrence.test-kit.ts';

// "On schedule": the job queue makes the next occurrence on its day, exactly once.

const { ctx, as, signedInOnce, taskOf, otherProcess } = useTestApp();
const owner = signedInOnce('member', 'Olive Owner');
const other = otherProcess();

const jobOf = async (seriesId: string) => {
  const { rows } = await ctx.db.execute<{ key: string; run_at: Date }>(
    sql`select key, run_at from graphile_worker.jobs where key like ${`recurrence:${seriesId}:%`} order by run_at`,
  );
  return rows.map((row) => ({ key: row.key, runAt: new Date(row.run_at).toISOString() }));
};

describe('a task repeating on schedule', () => {
  const kit = () => useRecurrenceKit(ctx, as);

  it('is made at the start of its day in the series’ time zone, on both sides of a daylight-saving change', async () => {
    // Europe/Berlin moves to summer time on Sunday 2026-03-29.
    const before = await taskOf(owner, [], { dueDate: '2026-03-19' });
    const winter = await kit().makeRepeat(owner, before.task.id, {
      rule: 'FREQ=WEEKLY;BYDAY=TH',
      timeZone: 'Europe/Berlin',
      mode: 'schedule',
    });
    expect(await jobOf(winter.seriesId)).toEqual([
      { key: `recurrence:${winter.seriesId}:2026-03-26`, runAt: '2026-03-25T23:00:00.000Z' },
    ]);
    const after = await taskOf(owner, [], { dueDate: '2026-03-26' });
    const summer = await kit().makeRepeat(owner, after.task.id, {
      rule: 'FREQ=WEEKLY;BYDAY=TH',
      timeZone: 'Europe/Berlin',
      mode: 'schedule',
    });
    expect(await jobOf(summer.seriesId)).toEqual([
      { key: `recurrence:${summer.seriesId}:2026-04-02`, runAt: '2026-04-01T22:00:00.000Z' },
    ]);
  });

  it('makes the day’s occurrence once with two workers in two processes, even from a duplicate job', async () => {
    const today = ctx.clock.now().toISOString().slice(0, 10);
    const { product, task } = await taskOf(owner, [], {
      title: 'Daily check',
      dueDate: addCalendarDays(today, -1),
    });
    const { seriesId } = await kit().makeRepeat(owner, task.id, {
      rule: 'FREQ=DAILY',
      timeZone: 'UTC',
      mode: 'schedule',
    });
    // A second job of the same day without its key: only the day's unique key stops it.
    await ctx.db.execute(
      sql`select graphile_worker.add_job('recurrence.occur', ${JSON.stringify({ seriesId, on: today })}::json)`,
    );
    await Promise.all([ctx.app.jobs.runDue(), other.jobs.runDue()]);
    await Promise.all([ctx.app.jobs.runDue(), other.jobs.runDue()]);

    const all = await kit().titled(product.id, 'Daily check');
    // The previous one is still open: on schedule does not wait for it.
    expect(all.map((row) => [row.dueDate, row.status, row.seriesId !== null])).toEqual([
      [addCalendarDays(today, -1), 'Pending', false],
      [today, 'Pending', true],
    ]);
    const [series] = await ctx.db.select().from(taskSeries).where(eq(taskSeries.id, seriesId));
    expect(series?.nextOn).toBe(addCalendarDays(today, 1));
    expect((await jobOf(seriesId)).map((job) => job.key)).toContain(
      `recurrence:${seriesId}:${addCalendarDays(today, 1)}`,
    );
  });

  it('makes nothing when completed, and nothing from a job of a day it no longer expects', async () => {
    const today = ctx.clock.now().toISOString().slice(0, 10);
    const { product, task } = await taskOf(owner, [], {
      title: 'Stale',
      dueDate: addCalendarDays(today, -1),
    });
    await kit().makeRepeat(owner, task.id, { rule: 'FREQ=DAILY', timeZone: 'UTC', mode: 'schedule' });
    // Changed to yearly: the job of today has nothing to do.
    await kit().makeRepeat(owner, task.id, { rule: 'FREQ=YEARLY', timeZone: 'UTC', mode: 'schedule' });
    expect((await as(owner, move(task.id, 'Completed'))).statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    expect(await kit().titled(product.id, 'Stale')).toHaveLength(1);
  });
});
