import { scheduleMessages, taskDateMessages, taskMessages } from '@shipyard/shared';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { taskRelations, tasks } from '../../db/schema/index.ts';
import { createProduct, createTask } from '../../testing/factories.ts';
import { type Req, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { entriesOf } from '../../testing/stored.ts';

// A product's schedule, the Gantt (issue 31, decision 057): GET /api/projects/{id}/schedule and
// PATCH /api/tasks/{id}/schedule (a move, optionally shifting the tasks it blocks).
const { ctx, as, member, guest, productOf, publishedBy } = useTestApp();

const read = (productId: string): Req => ({ method: 'GET', url: `/api/projects/${productId}/schedule` });
const move = (taskId: string, payload: object): Req => ({
  method: 'PATCH',
  url: `/api/tasks/${taskId}/schedule`,
  payload,
});
const blocks = (sourceId: string, targetId: string) =>
  ctx.db.insert(taskRelations).values({ kind: 'blocks', sourceId, targetId });
const datesOf = async (ids: string[]) =>
  Object.fromEntries(
    (
      await ctx.db
        .select({ id: tasks.id, startDate: tasks.startDate, dueDate: tasks.dueDate })
        .from(tasks)
        .where(inArray(tasks.id, ids))
    ).map((r) => [r.id, [r.startDate, r.dueDate]]),
  );

type Answer = {
  canEdit: boolean;
  hasMore: boolean;
  tasks: { id: string; startDate: string | null; dueDate: string | null }[];
  links: { from: string; to: string }[];
  states: unknown[];
};

describe('GET /api/projects/{id}/schedule', () => {
  it('answers 401 without a session', async () => {
    expect((await as(undefined, read(UNKNOWN_ID))).statusCode).toBe(401);
  });

  it('answers 404 for a product the caller does not see, and for none', async () => {
    const stranger = await member('Sid Stranger');
    const other = await member();
    const hidden = await createProduct(ctx, stranger.user.id);
    expect((await as(other, read(hidden.id))).statusCode).toBe(404);
    expect((await as(other, read(UNKNOWN_ID))).statusCode).toBe(404);
  });

  it('shows the product’s tasks with their dates, names and the blocks relations among them only', async () => {
    const owner = await member('Olive Owner');
    const { product, team } = await productOf(owner);
    const other = await createProduct(ctx, owner.user.id);
    const a = await createTask(ctx, product.id, {
      title: 'Design',
      startDate: '2026-03-02',
      dueDate: '2026-03-06',
      assigneeId: owner.user.id,
      teamId: team.id,
      estimate: '3',
    });
    const b = await createTask(ctx, product.id, {
      title: 'Build',
      startDate: '2026-03-09',
      dueDate: '2026-03-20',
    });
    const c = await createTask(ctx, product.id, { title: 'Undated' });
    const elsewhere = await createTask(ctx, other.id, { title: 'Elsewhere' });
    const trashed = await createTask(ctx, product.id, { title: 'Trashed', deletedAt: new Date() });
    await blocks(a.id, b.id);
    await blocks(b.id, elsewhere.id);
    await blocks(trashed.id, c.id);
    await ctx.db.insert(taskRelations).values({ kind: 'relates', sourceId: a.id, targetId: c.id });

    const res = await as(owner, read(product.id));
    expect(res.statusCode).toBe(200);
    const body = res.json<Answer>();
    expect(body.canEdit).toBe(true);
    expect(body.hasMore).toBe(false);
    // Dated first by start, undated last; a trashed task is not shown.
    expect(body.tasks.map((t) => t.id)).toEqual([a.id, b.id, c.id]);
    expect(body.tasks[0]).toEqual({
      id: a.id,
      key: a.key,
      title: 'Design',
      status: 'Pending',
      stateId: a.stateId,
      assignee: { id: owner.user.id, name: 'Olive Owner' },
      team: { id: team.id, name: team.name },
      estimate: '3',
      startDate: '2026-03-02',
      dueDate: '2026-03-06',
    });
    expect(body.links).toEqual([{ from: a.id, to: b.id }]);
    expect(body.states.length).toBeGreaterThan(0);
  });

  it('tells a guest and the viewer of an archived product they may not move tasks', async () => {
    const owner = await member();
    const visitor = await guest();
    const { product } = await productOf(owner, [visitor]);
    expect((await as(visitor, read(product.id))).json<Answer>().canEdit).toBe(false);
    const archived = await createProduct(ctx, owner.user.id, { archivedAt: new Date() });
    expect((await as(owner, read(archived.id))).json<Answer>().canEdit).toBe(false);
  });

  it('reads a large product in a few queries, not one per task', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const rows = await ctx.db
      .insert(tasks)
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          productId: product.id,
          title: `T${i}`,
          startDate: '2026-01-01',
          dueDate: '2026-01-05',
        })),
      )
      .returning({ id: tasks.id });
    await ctx.db
      .insert(taskRelations)
      .values(
        rows
          .slice(1, 60)
          .map((r, i) => ({ kind: 'blocks' as const, sourceId: rows[i]?.id ?? '', targetId: r.id })),
      );
    let queries = 0;
    const original = ctx.pool.query.bind(ctx.pool);
    const spy = (...args: Parameters<typeof original>) => {
      queries++;
      return original(...args);
    };
    // The pool's queries while the one read runs (the session's lookup included).
    ctx.pool.query = spy as typeof ctx.pool.query;
    try {
      const res = await as(owner, read(product.id));
      expect(res.statusCode).toBe(200);
      expect(res.json<Answer>().tasks).toHaveLength(120);
      expect(res.json<Answer>().links).toHaveLength(59);
    } finally {
      ctx.pool.query = original;
    }
    expect(queries).toBeGreaterThan(0);
    expect(queries).toBeLessThan(12);
  });
});

describe('PATCH /api/tasks/{id}/schedule', () => {
  it('answers 401 without a session', async () => {
    expect((await as(undefined, move(UNKNOWN_ID, { startDate: null, dueDate: null }))).statusCode).toBe(401);
  });

  it('answers 404 for a task the caller does not see, 403 to a guest, 409 in an archived product', async () => {
    const owner = await member();
    const visitor = await guest();
    const stranger = await member('Sid Stranger');
    const { product } = await productOf(owner, [visitor]);
    const task = await createTask(ctx, product.id, { dueDate: '2026-04-10' });
    const body = { startDate: '2026-04-01', dueDate: '2026-04-10' };
    expect((await as(stranger, move(task.id, body))).statusCode).toBe(404);
    expect((await as(owner, move(UNKNOWN_ID, body))).statusCode).toBe(404);
    const refused = await as(visitor, move(task.id, body));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'READ_ONLY', message: taskMessages.guestReadOnly });
    const archived = await createProduct(ctx, owner.user.id, { archivedAt: new Date() });
    const old = await createTask(ctx, archived.id);
    expect((await as(owner, move(old.id, body))).statusCode).toBe(409);
    expect(await datesOf([task.id])).toEqual({ [task.id]: [null, '2026-04-10'] });
  });

  it('refuses a start after the due date with the start date’s field message, and bad dates', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id);
    const res = await as(owner, move(task.id, { startDate: '2026-04-11', dueDate: '2026-04-10' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: taskDateMessages.startAfterDue,
      details: { fields: { startDate: [taskDateMessages.startAfterDue] } },
    });
    const bad = await as(owner, move(task.id, { startDate: '2026-02-30', dueDate: null }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      details: { fields: { startDate: [taskDateMessages.startDateInvalid] } },
    });
    expect((await as(owner, move(task.id, { startDate: 'x'.repeat(5000), dueDate: null }))).statusCode).toBe(
      400,
    );
  });

  it('moves the task, records it in its history and tells who sees the product', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const task = await createTask(ctx, product.id, {
      title: 'Ship',
      startDate: '2026-04-01',
      dueDate: '2026-04-03',
    });
    const published = await publishedBy(async () => {
      const res = await as(owner, move(task.id, { startDate: '2026-04-06', dueDate: '2026-04-09' }));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        task: { id: task.id, startDate: '2026-04-06', dueDate: '2026-04-09' },
        days: 0,
        shifted: [],
      });
    });
    expect(await datesOf([task.id])).toEqual({ [task.id]: ['2026-04-06', '2026-04-09'] });
    const entry = (await entriesOf(ctx, product.id)).find((e) => e.actionType === 'task_updated');
    expect(entry?.description).toBe('Updated task "Ship": due date, start date');
    expect(entry?.metadata).toMatchObject({
      changes: {
        startDate: { from: '2026-04-01', to: '2026-04-06' },
        dueDate: { from: '2026-04-03', to: '2026-04-09' },
      },
    });
    expect(published).toContainEqual(expect.objectContaining({ kind: 'task', op: 'updated', id: task.id }));
  });

  it('shifts the tasks it blocks, transitively, by as many days, each recorded; Completed and other products’ stay', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const other = await createProduct(ctx, owner.user.id);
    const a = await createTask(ctx, product.id, { startDate: '2026-05-01', dueDate: '2026-05-05' });
    const b = await createTask(ctx, product.id, { startDate: '2026-05-06', dueDate: '2026-05-08' });
    const c = await createTask(ctx, product.id, { dueDate: '2026-05-12' });
    const done = await createTask(ctx, product.id, { status: 'Completed', dueDate: '2026-05-07' });
    const away = await createTask(ctx, other.id, { dueDate: '2026-05-09' });
    const free = await createTask(ctx, product.id, { dueDate: '2026-05-09' });
    await blocks(a.id, b.id);
    await blocks(b.id, c.id);
    await blocks(a.id, done.id);
    await blocks(a.id, away.id);
    // A cycle comes back to the task moved: it is moved once.
    await blocks(c.id, a.id).catch(() => undefined);

    const res = await as(
      owner,
      move(a.id, { startDate: '2026-05-04', dueDate: '2026-05-08', shiftBlocked: true }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      days: 3,
      shifted: [
        {
          id: b.id,
          startDate: '2026-05-09',
          dueDate: '2026-05-11',
          previous: { startDate: '2026-05-06', dueDate: '2026-05-08' },
        },
        {
          id: c.id,
          startDate: null,
          dueDate: '2026-05-15',
          previous: { startDate: null, dueDate: '2026-05-12' },
        },
      ],
    });
    expect(await datesOf([a.id, b.id, c.id, done.id, away.id, free.id])).toEqual({
      [a.id]: ['2026-05-04', '2026-05-08'],
      [b.id]: ['2026-05-09', '2026-05-11'],
      [c.id]: [null, '2026-05-15'],
      [done.id]: [null, '2026-05-07'],
      [away.id]: [null, '2026-05-09'],
      [free.id]: [null, '2026-05-09'],
    });
    const updated = (await entriesOf(ctx, product.id)).filter((e) => e.actionType === 'task_updated');
    expect(updated.map((e) => e.taskId).sort()).toEqual([a.id, b.id, c.id].sort());

    // The Undo: the old dates with the shift again put every task back.
    await as(owner, move(a.id, { startDate: '2026-05-01', dueDate: '2026-05-05', shiftBlocked: true }));
    expect(await datesOf([a.id, b.id, c.id])).toEqual({
      [a.id]: ['2026-05-01', '2026-05-05'],
      [b.id]: ['2026-05-06', '2026-05-08'],
      [c.id]: [null, '2026-05-12'],
    });
  });

  it('moves nothing when one shifted task may not move (the whole move is one transaction)', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const a = await createTask(ctx, product.id, { dueDate: '2026-06-05' });
    const b = await createTask(ctx, product.id, { startDate: '2026-06-06', dueDate: '2026-06-08' });
    await blocks(a.id, b.id);
    // A row the database refuses to move (as a refusal of any one shifted task would).
    await ctx.pool.query(`create or replace function test_refuse_move() returns trigger language plpgsql
      as $$ begin raise exception 'refused by the test'; end $$`);
    await ctx.pool.query(`create trigger test_refuse_move before update on public.tasks
      for each row when (new.id = '${b.id}'::uuid) execute function test_refuse_move()`);
    try {
      const res = await as(owner, move(a.id, { startDate: null, dueDate: '2026-06-10', shiftBlocked: true }));
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.pool.query('drop trigger test_refuse_move on public.tasks');
    }
    expect(await datesOf([a.id, b.id])).toEqual({
      [a.id]: [null, '2026-06-05'],
      [b.id]: ['2026-06-06', '2026-06-08'],
    });
  });

  it('refuses a move that would shift more than the cap', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const head = await createTask(ctx, product.id, { dueDate: '2026-07-01' });
    const rows = await ctx.db
      .insert(tasks)
      .values(
        Array.from({ length: 201 }, (_, i) => ({
          productId: product.id,
          title: `D${i}`,
          dueDate: '2026-07-10',
        })),
      )
      .returning({ id: tasks.id });
    await ctx.db
      .insert(taskRelations)
      .values(rows.map((r) => ({ kind: 'blocks' as const, sourceId: head.id, targetId: r.id })));
    const res = await as(
      owner,
      move(head.id, { startDate: null, dueDate: '2026-07-02', shiftBlocked: true }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_SHIFTED', message: scheduleMessages.tooManyShifted });
    expect((await ctx.db.select({ d: tasks.dueDate }).from(tasks).where(eq(tasks.id, head.id)))[0]?.d).toBe(
      '2026-07-01',
    );
  });
});
