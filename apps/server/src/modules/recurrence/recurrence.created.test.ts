import { addCalendarDays } from '@shipyard/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taskSeries, taskWatchers, users } from '../../db/schema/index.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';
import { entriesOf, notificationsOf } from '../../testing/stored.ts';
import { webhookOf as webhookOfProduct } from '../../testing/webhooks.ts';
import { move, useRecurrenceKit } from './recurrence.test-kit.ts';
import { stoppedBecause, stoppedEntry } from './recurrence.texts.ts';

// A generated occurrence is a created task (its webhook, watchers, the assignee told, realtime),
// and an on-schedule series checks, when its day comes, that it may still make one (issue 29).

const { ctx, as, signedInOnce, member, taskOf, publishedBy } = useTestApp();
const admin = signedInOnce('admin', 'Ada Admin');
const kit = () => useRecurrenceKit(ctx, as);
const today = () => ctx.clock.now().toISOString().slice(0, 10);

/** A Webhook service of the product, added by the admin: the deliveries it is sent. */
const webhookOf = (productId: string) => webhookOfProduct(ctx, admin, productId);

/** A daily on-schedule series of a task due yesterday: its job is due now. */
async function dailySeries(owner: Signed, people: Signed[] = []) {
  const { product, task } = await taskOf(owner, people, {
    title: 'Daily check',
    dueDate: addCalendarDays(today(), -1),
  });
  const { seriesId } = await kit().makeRepeat(owner, task.id, {
    rule: 'FREQ=DAILY',
    timeZone: 'UTC',
    mode: 'schedule',
  });
  return { product, task, seriesId };
}

const seriesExists = async (id: string) =>
  (await ctx.db.select().from(taskSeries).where(eq(taskSeries.id, id))).length > 0;

describe('a recurring task’s next occurrence', () => {
  it('is a created task: the task.created webhook, its assignee told, watchers and realtime', async () => {
    const owner = await member('Olive Owner');
    const mate = await member('Mo Mate');
    const { product, task } = await taskOf(owner, [mate], {
      title: 'Water the plants',
      dueDate: '2026-03-26',
      assigneeId: mate.user.id,
    });
    await kit().makeRepeat(owner, task.id, { rule: 'FREQ=WEEKLY;BYDAY=TH', timeZone: 'UTC' });
    const deliveries = await webhookOf(product.id);
    const told = (await notificationsOf(ctx, mate.user.id)).length;

    const published = await publishedBy(async () => {
      expect((await as(owner, move(task.id, 'Completed'))).statusCode).toBe(200);
    });
    const next = (await kit().titled(product.id, 'Water the plants')).find((t) => t.id !== task.id);
    expect(next).toMatchObject({ status: 'Pending', dueDate: '2026-04-02', assigneeId: mate.user.id });
    const nextId = next?.id ?? '';
    expect(await deliveries()).toContainEqual([
      'task.created',
      expect.objectContaining({
        taskId: nextId,
        title: 'Water the plants',
        status: 'Pending',
        parentId: null,
      }),
    ]);
    const notes = (await notificationsOf(ctx, mate.user.id)).slice(told);
    expect(notes).toMatchObject([{ type: 'TASK_ASSIGNED', metadata: { taskId: nextId } }]);
    const watchers = await ctx.db.select().from(taskWatchers).where(eq(taskWatchers.taskId, nextId));
    expect(watchers.map((w) => w.userId).sort()).toEqual([owner.user.id, mate.user.id].sort());
    expect(published).toContainEqual(expect.objectContaining({ kind: 'task', op: 'created', id: nextId }));
    expect(published).toContainEqual(expect.objectContaining({ kind: 'notification', op: 'created' }));
    const entries = (await entriesOf(ctx, product.id)).filter((e) => e.taskId === nextId);
    expect(entries).toMatchObject([
      {
        actionType: 'task_created',
        performedBy: owner.user.id,
        metadata: { taskId: nextId, status: 'Pending', recurring: true },
      },
    ]);
  });

  it('on schedule, sends its webhook as the series’ creator', async () => {
    const owner = await member('Sam Scheduler');
    const { product, seriesId } = await dailySeries(owner);
    const deliveries = await webhookOf(product.id);
    await ctx.app.jobs.runDue();
    const made = (await kit().titled(product.id, 'Daily check')).find((t) => t.seriesId === seriesId);
    expect(made?.dueDate).toBe(today());
    expect(await deliveries()).toContainEqual([
      'task.created',
      expect.objectContaining({ taskId: made?.id }),
    ]);
    expect(await seriesExists(seriesId)).toBe(true);
  });
});

describe('an on-schedule series whose day came', () => {
  it('stops, saying why, when its creator may no longer create tasks in the product', async () => {
    const owner = await member('Gail Demoted');
    const { product, task, seriesId } = await dailySeries(owner);
    await ctx.db.update(users).set({ role: 'guest' }).where(eq(users.id, owner.user.id));
    await ctx.app.jobs.runDue();
    expect(await kit().titled(product.id, 'Daily check')).toHaveLength(1);
    expect(await seriesExists(seriesId)).toBe(false);
    const history = (await as(admin, { url: `/api/tasks/${task.id}/history` })).json().data;
    expect(history.map((e: { description: string }) => e.description)).toContain(
      stoppedEntry('Daily check', 'Every day', stoppedBecause.creatorCannot('Gail Demoted')),
    );
  });

  it('stops, saying why, when its product is in the trash, and makes nothing', async () => {
    const owner = await member('Tess Trasher');
    const { product, task, seriesId } = await dailySeries(owner);
    expect((await as(owner, { method: 'DELETE', url: `/api/projects/${product.id}` })).statusCode).toBe(200);
    await ctx.app.jobs.runDue();
    expect(await seriesExists(seriesId)).toBe(false);
    const entries = (await entriesOf(ctx, product.id)).filter((e) => e.taskId === task.id);
    expect(entries.map((e) => e.description)).toContain(
      stoppedEntry('Daily check', 'Every day', stoppedBecause.productTrashed),
    );
    // No occurrence, not even in the trash with its product.
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from public.tasks where product_id = ${product.id}`,
    );
    expect(rows[0]?.n).toBe(1);
  });
});
