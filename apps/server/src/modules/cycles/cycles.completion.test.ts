import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cycleScopeEvents, cycles, cycleTasks, tasks } from '../../db/schema/index.ts';
import { createTask } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { addTasks, type CycleBody, create, cyclesKit, DAY, detail } from './cycles.test-kit.ts';

// Cycles (issue 31): completing a cycle by hand and on schedule (the roll-over), and velocity.
const { ctx, as, member, productOf, publishedBy } = useTestApp();

const { dayFromToday, running } = cyclesKit({ ctx, as, productOf });

describe('completing a cycle', () => {
  it('rolls unfinished tasks into the next cycle, by hand, once', async () => {
    const owner = await member();
    const { product, cycle } = await running(owner);
    const next = (
      await as(
        owner,
        create(product.id, { name: 'Sprint 2', starts_on: dayFromToday(5), ends_on: dayFromToday(18) }),
      )
    ).json<CycleBody>();
    const open = await createTask(ctx, product.id, { title: 'Open' });
    const done = await createTask(ctx, product.id, { title: 'Done', status: 'Completed' });
    await as(owner, addTasks(cycle.id, [open.id, done.id]));

    let res = await as(owner, detail(cycle.id));
    const changes = await publishedBy(async () => {
      res = await as(owner, { method: 'POST', url: `/api/cycles/${cycle.id}/complete` });
    });
    expect(res.statusCode).toBe(200);
    // Both cycles' screens refresh in other browsers.
    expect(changes.filter((c) => c.kind === 'cycle').map((c) => c.id)).toEqual(
      expect.arrayContaining([cycle.id, next.id]),
    );
    expect(res.json()).toMatchObject({
      moved: 1,
      movedTo: { id: next.id, name: 'Sprint 2' },
      cycle: { status: 'completed' },
    });
    expect(await ctx.db.select().from(cycleTasks).where(eq(cycleTasks.taskId, open.id))).toMatchObject([
      { cycleId: next.id },
    ]);
    const events = await ctx.db
      .select()
      .from(cycleScopeEvents)
      .where(eq(cycleScopeEvents.reason, 'rollover'));
    expect(events.filter((e) => e.taskId === open.id).map((e) => [e.cycleId, e.kind])).toEqual(
      expect.arrayContaining([
        [cycle.id, 'removed'],
        [next.id, 'added'],
      ]),
    );
    // The completed cycle's chart stands as it was: both tasks in scope, one done.
    expect((await as(owner, detail(cycle.id))).json().burn.at(-1)).toMatchObject({ scope: 2, completed: 1 });
    const again = await as(owner, { method: 'POST', url: `/api/cycles/${cycle.id}/complete` });
    expect(again.statusCode).toBe(409);
    // A completed cycle takes no more tasks.
    expect((await as(owner, addTasks(cycle.id, [open.id]))).statusCode).toBe(409);
  });

  it('completes ended cycles on schedule, idempotently, and keeps work in place when the product says not to roll', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const ended = (
      await as(
        owner,
        create(product.id, { name: 'Past', starts_on: dayFromToday(-20), ends_on: dayFromToday(-2) }),
      )
    ).json<CycleBody>();
    const next = (
      await as(
        owner,
        create(product.id, { name: 'Now', starts_on: dayFromToday(-1), ends_on: dayFromToday(10) }),
      )
    ).json<CycleBody>();
    const open = await createTask(ctx, product.id, { title: 'Open' });
    await ctx.db.insert(cycleTasks).values({ taskId: open.id, cycleId: ended.id });

    // Two processes at once, then again: the cycle is completed once.
    const [a, b] = await Promise.all([scheduled(), scheduled()]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    await scheduled();
    const [row] = await ctx.db.select().from(cycles).where(eq(cycles.id, ended.id));
    expect(row?.completedAt).not.toBeNull();
    expect(await ctx.db.select().from(cycleTasks).where(eq(cycleTasks.taskId, open.id))).toMatchObject([
      { cycleId: next.id },
    ]);
    // Exactly one roll-over, whatever ran twice.
    expect(
      await ctx.db.select().from(cycleScopeEvents).where(eq(cycleScopeEvents.cycleId, next.id)),
    ).toHaveLength(1);

    // Turned off: an ended cycle's unfinished work stays where it was.
    const { product: still } = await productOf(owner);
    await as(owner, {
      method: 'PUT',
      url: `/api/projects/${still.id}/cycle-settings`,
      payload: { rollOver: false },
    });
    const past = (
      await as(
        owner,
        create(still.id, { name: 'Past', starts_on: dayFromToday(-20), ends_on: dayFromToday(-2) }),
      )
    ).json<CycleBody>();
    await as(
      owner,
      create(still.id, { name: 'Now', starts_on: dayFromToday(-1), ends_on: dayFromToday(10) }),
    );
    const kept = await createTask(ctx, still.id, { title: 'Kept' });
    await ctx.db.insert(cycleTasks).values({ taskId: kept.id, cycleId: past.id });
    await scheduled();
    expect(await ctx.db.select().from(cycleTasks).where(eq(cycleTasks.taskId, kept.id))).toMatchObject([
      { cycleId: past.id },
    ]);
  });

  it('reports velocity: what each finished cycle completed, with the average', async () => {
    const owner = await member();
    const { product } = await productOf(owner);
    const first = (
      await as(
        owner,
        create(product.id, { name: 'One', starts_on: dayFromToday(-30), ends_on: dayFromToday(-17) }),
      )
    ).json<CycleBody>();
    const t1 = await createTask(ctx, product.id, { title: 'T1', estimate: '3', status: 'Completed' });
    const t2 = await createTask(ctx, product.id, { title: 'T2', estimate: '5' });
    await ctx.db.insert(cycleScopeEvents).values([
      { cycleId: first.id, taskId: t1.id, kind: 'added', at: new Date(ctx.clock.now().getTime() - 29 * DAY) },
      { cycleId: first.id, taskId: t2.id, kind: 'added', at: new Date(ctx.clock.now().getTime() - 29 * DAY) },
    ]);
    // T1 was completed within the cycle.
    await ctx.db
      .update(tasks)
      .set({ completedAt: new Date(ctx.clock.now().getTime() - 20 * DAY) })
      .where(eq(tasks.id, t1.id));
    const res = await as(owner, { method: 'GET', url: `/api/projects/${product.id}/velocity?cycles=3` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      cycles: [{ id: first.id, scope: 2, completed: 1, scopePoints: 8, completedPoints: 3 }],
      averageCompleted: 1,
      averagePoints: 3,
    });
    expect(
      (await as(owner, { method: 'GET', url: `/api/projects/${product.id}/velocity?cycles=99` })).statusCode,
    ).toBe(400);
  });
});

/** The roll-over job's work, as the schedule runs it. */
async function scheduled() {
  const { createCyclesService } = await import('./cycles.service.ts');
  const { createCyclesRepository } = await import('./cycles.repository.ts');
  return createCyclesService({
    db: ctx.db,
    cycles: createCyclesRepository(ctx.db),
    changes: { publish: () => {} },
    clock: ctx.clock,
  }).completeEnded();
}
