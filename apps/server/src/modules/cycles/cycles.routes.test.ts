import { cycleMessages, productMessages, taskMessages } from '@shipyard/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cycleScopeEvents, cycles, cycleTasks, products } from '../../db/schema/index.ts';
import { createProduct, createTask } from '../../testing/factories.ts';
import { type Req, UNKNOWN_ID, useTestApp } from '../../testing/http.ts';
import { addTasks, type CycleBody, create, cyclesKit, detail, list } from './cycles.test-kit.ts';

// Cycles (issue 31): a product's cycles, their tasks, burn charts, completion and velocity.
const { ctx, as, member, guest, productOf, publishedBy } = useTestApp();

const { dayFromToday, running } = cyclesKit({ ctx, as, productOf });

describe('cycles of a product', () => {
  it('answers 401 without a session on every route', async () => {
    for (const req of [
      list(UNKNOWN_ID),
      create(UNKNOWN_ID, {}),
      detail(UNKNOWN_ID),
      { method: 'PATCH', url: `/api/cycles/${UNKNOWN_ID}`, payload: { name: 'x' } },
      { method: 'DELETE', url: `/api/cycles/${UNKNOWN_ID}` },
      addTasks(UNKNOWN_ID, [UNKNOWN_ID]),
      { method: 'DELETE', url: `/api/cycles/${UNKNOWN_ID}/tasks/${UNKNOWN_ID}` },
      { method: 'POST', url: `/api/cycles/${UNKNOWN_ID}/complete` },
      { method: 'GET', url: `/api/tasks/${UNKNOWN_ID}/cycle` },
      { method: 'PUT', url: `/api/tasks/${UNKNOWN_ID}/cycle`, payload: { cycleId: null } },
      { method: 'PUT', url: `/api/projects/${UNKNOWN_ID}/cycle-settings`, payload: { rollOver: false } },
      { method: 'GET', url: `/api/projects/${UNKNOWN_ID}/velocity` },
    ] satisfies Req[]) {
      expect((await as(undefined, req)).statusCode, `${req.method} ${req.url}`).toBe(401);
    }
  });

  it('creates a cycle, stores it and tells whoever sees the product', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const body = {
      name: '  Sprint 1 ',
      starts_on: dayFromToday(-1),
      ends_on: dayFromToday(12),
      time_zone: 'Europe/Berlin',
    };
    const changes = await publishedBy(async () => {
      const res = await as(owner, create(product.id, body));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name: 'Sprint 1', status: 'current', time_zone: 'Europe/Berlin' });
    });
    const [stored] = await ctx.db.select().from(cycles).where(eq(cycles.productId, product.id));
    expect(stored).toMatchObject({ name: 'Sprint 1', startsOn: body.starts_on, createdBy: owner.user.id });
    expect(changes).toContainEqual(
      expect.objectContaining({ kind: 'cycle', op: 'created', productId: product.id }),
    );
  });

  it('validates the dates (start ≤ end, length) and refuses overlapping cycles with the field’s message', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const backwards = await as(
      owner,
      create(product.id, { name: 'A', starts_on: '2026-05-10', ends_on: '2026-05-01' }),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().details.fields.ends_on).toEqual([cycleMessages.endBeforeStart]);
    const long = await as(
      owner,
      create(product.id, { name: 'A', starts_on: '2026-01-01', ends_on: '2026-12-01' }),
    );
    expect(long.json().details.fields.ends_on).toEqual([cycleMessages.tooLong]);
    const bad = await as(
      owner,
      create(product.id, { name: '', starts_on: '2026-02-30', ends_on: '2026-03-01' }),
    );
    expect(bad.json().details.fields).toMatchObject({
      name: [cycleMessages.nameRequired],
      starts_on: [cycleMessages.dateInvalid],
    });
    const tooLongName = await as(
      owner,
      create(product.id, { name: 'x'.repeat(81), starts_on: '2026-05-01', ends_on: '2026-05-02' }),
    );
    expect(tooLongName.json().details.fields.name).toEqual([cycleMessages.nameTooLong]);

    expect(
      (await as(owner, create(product.id, { name: 'A', starts_on: '2026-05-01', ends_on: '2026-05-14' })))
        .statusCode,
    ).toBe(201);
    const overlap = await as(
      owner,
      create(product.id, { name: 'B', starts_on: '2026-05-14', ends_on: '2026-05-28' }),
    );
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json()).toMatchObject({ code: 'CYCLE_OVERLAPS', message: cycleMessages.overlaps('A') });
    expect(
      (await as(owner, create(product.id, { name: 'B', starts_on: '2026-05-15', ends_on: '2026-05-28' })))
        .statusCode,
    ).toBe(201);

    const b = (await as(owner, list(product.id)))
      .json<{ cycles: { id: string; name: string }[] }>()
      .cycles.find((c) => c.name === 'B');
    const patch = await as(owner, {
      method: 'PATCH',
      url: `/api/cycles/${b?.id}`,
      payload: { starts_on: '2026-06-01' },
    });
    // Checked against the stored end: 2026-06-01 > 2026-05-28.
    expect(patch.statusCode).toBe(400);
    expect(patch.json().details.fields.ends_on).toEqual([cycleMessages.endBeforeStart]);
    const moved = await as(owner, {
      method: 'PATCH',
      url: `/api/cycles/${b?.id}`,
      payload: { starts_on: '2026-05-10' },
    });
    expect(moved.json().code).toBe('CYCLE_OVERLAPS');
  });

  it('answers 404 for a product or cycle out of sight and 403 to guests, 409 when archived', async () => {
    const owner = await member();
    const stranger = await member('Sid Stranger');
    const visitor = await guest();
    const { product, cycle } = await running(owner, [visitor]);
    const task = await createTask(ctx, product.id, { title: 'T' });

    const hidden = await as(stranger, list(product.id));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(productMessages.notFound);
    expect(
      (await as(stranger, create(product.id, { name: 'X', starts_on: '2027-01-01', ends_on: '2027-01-02' })))
        .statusCode,
    ).toBe(404);
    for (const req of [
      detail(cycle.id),
      { method: 'PATCH', url: `/api/cycles/${cycle.id}`, payload: { name: 'x' } },
      { method: 'DELETE', url: `/api/cycles/${cycle.id}` },
      addTasks(cycle.id, [task.id]),
      { method: 'POST', url: `/api/cycles/${cycle.id}/complete` },
    ] satisfies Req[]) {
      const res = await as(stranger, req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(404);
      expect(res.json().message).toBe(cycleMessages.notFound);
    }
    expect((await as(stranger, { method: 'GET', url: `/api/tasks/${task.id}/cycle` })).json().message).toBe(
      taskMessages.notFound,
    );
    expect(
      (await as(stranger, { method: 'GET', url: `/api/projects/${product.id}/velocity` })).statusCode,
    ).toBe(404);

    // A guest reads…
    const read = await as(visitor, list(product.id));
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ canEdit: false, canManage: false, rollOver: true });
    expect((await as(visitor, detail(cycle.id))).statusCode).toBe(200);
    // …and changes nothing.
    for (const req of [
      create(product.id, { name: 'X', starts_on: '2027-01-01', ends_on: '2027-01-02' }),
      { method: 'PATCH', url: `/api/cycles/${cycle.id}`, payload: { name: 'x' } },
      { method: 'DELETE', url: `/api/cycles/${cycle.id}` },
      addTasks(cycle.id, [task.id]),
      { method: 'POST', url: `/api/cycles/${cycle.id}/complete` },
      { method: 'PUT', url: `/api/tasks/${task.id}/cycle`, payload: { cycleId: cycle.id } },
      { method: 'PUT', url: `/api/projects/${product.id}/cycle-settings`, payload: { rollOver: false } },
    ] satisfies Req[]) {
      const res = await as(visitor, req);
      expect(res.statusCode, `${req.method} ${req.url}`).toBe(403);
    }
    expect(await ctx.db.select().from(cycleTasks).where(eq(cycleTasks.taskId, task.id))).toEqual([]);

    await ctx.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, product.id));
    expect((await as(owner, addTasks(cycle.id, [task.id]))).statusCode).toBe(409);
    expect((await as(owner, list(product.id))).json().canEdit).toBe(false);
  });

  it('lets only the product’s creator or an admin change the roll-over setting', async () => {
    const owner = await member();
    const teammate = await member('Tom Teammate');
    const { product } = await productOf(owner, [teammate]);
    const put = (rollOver: boolean): Req => ({
      method: 'PUT',
      url: `/api/projects/${product.id}/cycle-settings`,
      payload: { rollOver },
    });
    expect((await as(teammate, list(product.id))).json()).toMatchObject({ canEdit: true, canManage: false });
    expect((await as(teammate, put(false))).statusCode).toBe(403);
    expect((await as(owner, put(false))).json()).toEqual({ rollOver: false });
    expect((await as(teammate, list(product.id))).json().rollOver).toBe(false);
    expect((await as(owner, { ...put(true), payload: { rollOver: 'yes' } })).statusCode).toBe(400);
  });
});

describe('tasks in a cycle', () => {
  it('adds tasks, records the scope events, and keeps a task in one cycle at a time', async () => {
    const owner = await member();
    const { product, cycle } = await running(owner);
    const next = (
      await as(
        owner,
        create(product.id, { name: 'Sprint 2', starts_on: dayFromToday(5), ends_on: dayFromToday(18) }),
      )
    ).json<CycleBody>();
    const a = await createTask(ctx, product.id, { title: 'A', estimate: '3' });
    const b = await createTask(ctx, product.id, { title: 'B', estimate: '5', status: 'Completed' });

    const res = await as(owner, addTasks(cycle.id, [a.id, b.id, a.id]));
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .tasks.map((t: { title: string }) => t.title)
        .sort(),
    ).toEqual(['A', 'B']);
    expect(res.json().cycle.tally).toEqual({ tasks: 2, done: 1, points: 8, donePoints: 5 });

    // The task page moves A to the next cycle: removed here, added there.
    const moved = await as(owner, {
      method: 'PUT',
      url: `/api/tasks/${a.id}/cycle`,
      payload: { cycleId: next.id },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ cycle: { id: next.id }, canEdit: true });
    expect(moved.json().options.map((o: { id: string }) => o.id)).toEqual([cycle.id, next.id]);
    const events = await ctx.db.select().from(cycleScopeEvents).where(eq(cycleScopeEvents.taskId, a.id));
    expect(events.map((e) => [e.cycleId, e.kind, e.actorId])).toEqual(
      expect.arrayContaining([
        [cycle.id, 'added', owner.user.id],
        [cycle.id, 'removed', owner.user.id],
        [next.id, 'added', owner.user.id],
      ]),
    );
    expect(await ctx.db.select().from(cycleTasks).where(eq(cycleTasks.taskId, a.id))).toMatchObject([
      { cycleId: next.id },
    ]);
    // The task's page carries it too (one request for the page, decision 023).
    const page = (await as(owner, { method: 'GET', url: `/api/tasks/${a.id}/detail` })).json();
    expect(page.cycle).toMatchObject({ taskId: a.id, cycle: { id: next.id } });

    const out = await as(owner, { method: 'DELETE', url: `/api/cycles/${cycle.id}/tasks/${b.id}` });
    expect(out.statusCode).toBe(204);
    expect((await as(owner, { method: 'GET', url: `/api/tasks/${b.id}/cycle` })).json().cycle).toBeNull();
    expect(
      (await as(owner, { method: 'DELETE', url: `/api/cycles/${cycle.id}/tasks/${b.id}` })).statusCode,
    ).toBe(404);
  });

  it('refuses a task of another product, an unknown task and a cycle of another product', async () => {
    const owner = await member();
    const { cycle } = await running(owner);
    const other = await createProduct(ctx, owner.user.id, { name: 'Other' });
    const foreign = await createTask(ctx, other.id, { title: 'F' });
    const wrong = await as(owner, addTasks(cycle.id, [foreign.id]));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(cycleMessages.otherProduct);
    expect((await as(owner, addTasks(cycle.id, [UNKNOWN_ID]))).statusCode).toBe(404);
    const put = await as(owner, {
      method: 'PUT',
      url: `/api/tasks/${foreign.id}/cycle`,
      payload: { cycleId: cycle.id },
    });
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe(cycleMessages.notFound);
    expect((await as(owner, addTasks(cycle.id, []))).json().details.fields.taskIds).toEqual([
      cycleMessages.taskIdsRequired,
    ]);
  });

  it('draws the burn chart from the scope events: scope and completed per day', async () => {
    const owner = await member();
    const { product, cycle } = await running(owner);
    const done = await createTask(ctx, product.id, { title: 'Done', estimate: '2', status: 'Completed' });
    const open = await createTask(ctx, product.id, { title: 'Open', estimate: '3' });
    await as(owner, addTasks(cycle.id, [done.id, open.id]));
    const body = (await as(owner, detail(cycle.id))).json();
    // Day 1 … today (4 days: three back and today); the tasks joined today.
    expect(body.burn).toHaveLength(4);
    expect(body.burn[0]).toMatchObject({ day: dayFromToday(-3), scope: 0, completed: 0 });
    expect(body.burn[3]).toEqual({
      day: dayFromToday(0),
      scope: 2,
      completed: 1,
      scopePoints: 5,
      completedPoints: 2,
    });
    expect(body.canEdit).toBe(true);
  });
});
