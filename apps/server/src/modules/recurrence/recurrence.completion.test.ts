import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { labels, taskChecklistItems, taskLabels, taskOccurrences } from '../../db/schema/index.ts';
import { useTestApp } from '../../testing/http.ts';
import { edit, move, recurrenceOf, stop, useRecurrenceKit } from './recurrence.test-kit.ts';

// "When completed": completing the live occurrence makes the next one, exactly once.

const { ctx, as, signedInOnce, taskOf, otherProcess } = useTestApp();
const owner = signedInOnce('member', 'Olive Owner');
const other = otherProcess();
const weekly = { rule: 'FREQ=WEEKLY;BYDAY=TH', timeZone: 'America/New_York' };

describe('completing a recurring task', () => {
  const kit = () => useRecurrenceKit(ctx, as);

  it('makes the next occurrence due on the rule’s next day, a copy that now carries the rule', async () => {
    const { product, task } = await taskOf(owner, [], {
      title: 'Water the plants',
      dueDate: '2026-03-26',
      priority: 'high',
      description: 'Both rooms',
    });
    const [label] = await ctx.db
      .insert(labels)
      .values({ productId: product.id, name: 'Home', color: '#22c55e' })
      .returning();
    await ctx.db.insert(taskLabels).values({ taskId: task.id, labelId: label?.id ?? '' });
    await ctx.db
      .insert(taskChecklistItems)
      .values({ taskId: task.id, title: 'Kitchen', done: true, position: 1 });
    await kit().makeRepeat(owner, task.id, weekly);

    const done = await as(owner, move(task.id, 'Completed'));
    expect(done.statusCode).toBe(200);
    const [first, second] = await kit().titled(product.id, 'Water the plants');
    expect(first).toMatchObject({ id: task.id, status: 'Completed', seriesId: null });
    expect(second).toMatchObject({
      status: 'Pending',
      dueDate: '2026-04-02',
      priority: 'high',
      description: 'Both rooms',
      productId: product.id,
    });
    expect(second?.seriesId).toEqual(expect.any(String));
    const items = await ctx.db
      .select()
      .from(taskChecklistItems)
      .where(eq(taskChecklistItems.taskId, second?.id ?? ''));
    expect(items.map((item) => [item.title, item.done])).toEqual([['Kitchen', false]]);
    const labelled = await ctx.db
      .select()
      .from(taskLabels)
      .where(eq(taskLabels.taskId, second?.id ?? ''));
    expect(labelled.map((row) => row.labelId)).toEqual([label?.id]);
    expect((await as(owner, recurrenceOf(task.id))).json()).toEqual({ recurrence: null });
    expect((await as(owner, recurrenceOf(second?.id ?? ''))).json().recurrence.next[0]).toBe('2026-04-09');
  });

  it('makes exactly one next occurrence from two concurrent completions in two processes', async () => {
    const { product, task } = await taskOf(owner, [], { title: 'Invoice', dueDate: '2026-03-26' });
    const { seriesId } = await kit().makeRepeat(owner, task.id, weekly);
    const answers = await Promise.all([
      as(owner, move(task.id, 'Completed')),
      ctx.app.inject({ ...edit(task.id, { status: 'Completed' }), headers: owner.headers }),
      other.inject({ ...move(task.id, 'Completed'), headers: owner.headers }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    const all = await kit().titled(product.id, 'Invoice');
    expect(all.map((row) => [row.dueDate, row.status])).toEqual([
      ['2026-03-26', 'Completed'],
      ['2026-04-02', 'Pending'],
    ]);
    const days = await ctx.db.select().from(taskOccurrences).where(eq(taskOccurrences.seriesId, seriesId));
    expect(days.map((row) => row.occursOn).sort()).toEqual(['2026-03-26', '2026-04-02']);
  });

  it('makes nothing more when the completed one is reopened and completed again', async () => {
    const { product, task } = await taskOf(owner, [], { title: 'Backup', dueDate: '2026-03-26' });
    await kit().makeRepeat(owner, task.id, weekly);
    await as(owner, move(task.id, 'Completed'));
    expect((await as(owner, edit(task.id, { status: 'Pending' }))).statusCode).toBe(200);
    expect((await as(owner, move(task.id, 'Completed'))).statusCode).toBe(200);
    expect((await kit().titled(product.id, 'Backup')).map((row) => row.dueDate)).toEqual([
      '2026-03-26',
      '2026-04-02',
    ]);
  });

  it('follows today when the task has no due date, and the page’s edit completes it too', async () => {
    const { product, task } = await taskOf(owner, [], { title: 'Stand-up notes' });
    await kit().makeRepeat(owner, task.id, { rule: 'FREQ=DAILY', timeZone: 'UTC' });
    expect((await as(owner, edit(task.id, { status: 'Completed' }))).statusCode).toBe(200);
    const today = ctx.clock.now().toISOString().slice(0, 10);
    const next = (await kit().titled(product.id, 'Stand-up notes')).find((row) => row.id !== task.id);
    expect(next?.dueDate).toBe(
      new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10),
    );
  });

  it('ends the series after its last time (COUNT)', async () => {
    const { product, task } = await taskOf(owner, [], { title: 'Twice', dueDate: '2026-03-26' });
    await kit().makeRepeat(owner, task.id, { rule: 'FREQ=WEEKLY;BYDAY=TH;COUNT=2', timeZone: 'UTC' });
    await as(owner, move(task.id, 'Completed'));
    const second = (await kit().titled(product.id, 'Twice'))[1];
    await as(owner, move(second?.id ?? '', 'Completed'));
    const all = await kit().titled(product.id, 'Twice');
    expect(all).toHaveLength(2);
    expect(all.every((row) => row.seriesId === null)).toBe(true);
  });

  it('makes nothing once stopped', async () => {
    const { product, task } = await taskOf(owner, [], { title: 'Stopped', dueDate: '2026-03-26' });
    await kit().makeRepeat(owner, task.id, weekly);
    expect((await as(owner, stop(task.id))).statusCode).toBe(204);
    await as(owner, move(task.id, 'Completed'));
    expect(await kit().titled(product.id, 'Stopped')).toHaveLength(1);
  });
});

describe('a recurring task due before an occurrence already made', () => {
  const kit = () => useRecurrenceKit(ctx, as);

  it('makes the next free day', async () => {
    const { product, task } = await taskOf(owner, [], { title: 'Moved back', dueDate: '2026-03-26' });
    await kit().makeRepeat(owner, task.id, weekly);
    await as(owner, move(task.id, 'Completed'));
    const next = (await kit().titled(product.id, 'Moved back'))[1];
    // Its due date moved back a week: 03-26 and 04-02 (its own) are made already.
    await as(owner, edit(next?.id ?? '', { dueDate: '2026-03-19' }));
    await as(owner, move(next?.id ?? '', 'Completed'));
    expect((await kit().titled(product.id, 'Moved back')).map((row) => row.dueDate)).toEqual([
      '2026-03-19',
      '2026-03-26',
      '2026-04-09',
    ]);
  });
});
