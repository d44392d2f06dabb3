import { addDays, type Report } from '@shipyard/shared';
import { beforeAll, expect } from 'vitest';
import {
  addMember,
  createProduct,
  createSignedInUser,
  createTask,
  createTeam,
  createUser,
} from '../../testing/factories.ts';
import { madeInBeforeAll, type Signed, useTestApp } from '../../testing/http.ts';
import type { TestContext } from '../../testing/test-app.ts';

/** Moves the test clock to 12:00 UTC today, so that "today" cannot change during the file. */
function pinToNoon(ctx: TestContext) {
  const now = ctx.clock.now();
  const noon = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12);
  ctx.clock.advance(noon - now.getTime());
  return now.toISOString().slice(0, 10);
}

/** Monday of the (UTC) week of a day. */
export const mondayOf = (day: string) => {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
};

export const rowsOf = (report: Report) => report.table.rows;
export const summaryOf = (report: Report) => Object.fromEntries(report.summary.map((s) => [s.key, s.value]));

type User = Awaited<ReturnType<typeof createUser>>;

/**
 * The file's app and the world the reports are computed from: seven products of known shape
 * (targets relative to today), three teams and fifteen tasks, with Boss, the super admin who
 * reads them, and Ann, Ben and Cat, who work on them.
 */
export function useReportWorld() {
  const { ctx } = useTestApp();
  let pinned = '';
  let boss: Signed | undefined;
  let ann: User | undefined;
  let ben: User | undefined;
  let cat: User | undefined;
  const today = () => pinned;
  const day = (n: number) => addDays(today(), n);
  const at = (n: number) => new Date(`${day(n)}T12:00:00Z`);

  beforeAll(async () => {
    pinned = pinToNoon(ctx);
    boss = await createSignedInUser(ctx, { role: 'super admin', name: 'Boss' });
    ann = await createUser(ctx, { name: 'Ann' });
    ben = await createUser(ctx, { name: 'Ben' });
    cat = await createUser(ctx, { name: 'Cat' });
    const product = (name: string, status: string, target: number, priority = 'medium') =>
      createProduct(ctx, signedBoss.user.id, {
        name,
        status: status as 'planning',
        priority: priority as 'medium',
        startDate: day(-400),
        targetEndDate: day(target),
      });
    const apollo = await product('Apollo', 'development', 30, 'high');
    const borealis = await product('Borealis', 'testing', -10);
    await product('Cosmos', 'production', -5);
    const draco = await product('Draco', 'planning', -200, 'low');
    const eos = await product('Eos', 'development', -20);
    const fornax = await product('Fornax', 'testing', -40);
    await product('Gaia', 'maintenance', -300);

    const core = await createTeam(ctx, apollo.id, { name: 'Core' });
    await addMember(ctx, core.id, ann.id, { isLead: true });
    await addMember(ctx, core.id, ben.id);
    await addMember(ctx, core.id, cat.id, { status: 'invited' });
    const design = await createTeam(ctx, apollo.id, { name: 'Design', teamType: 'design' });
    await addMember(ctx, design.id, ann.id);
    const ops = await createTeam(ctx, borealis.id, { name: 'Ops' });
    await addMember(ctx, ops.id, ben.id);
    await addMember(ctx, ops.id, cat.id, { status: 'suspended' });

    const done = (daysAgo: number) => ({ status: 'Completed' as const, completedAt: at(-daysAgo) });
    await createTask(ctx, apollo.id, { ...done(3), teamId: core.id, assigneeId: ann.id });
    await createTask(ctx, apollo.id, { ...done(10), teamId: core.id, assigneeId: ben.id });
    // 100 days ago: before the default period.
    await createTask(ctx, apollo.id, { ...done(100), teamId: core.id, assigneeId: ann.id });
    await createTask(ctx, apollo.id, {
      status: 'In Progress',
      teamId: core.id,
      assigneeId: ann.id,
      dueDate: day(-2),
    });
    await createTask(ctx, apollo.id, { status: 'Pending', teamId: design.id, dueDate: day(5) });
    await createTask(ctx, apollo.id, { status: 'Pending' });
    await createTask(ctx, borealis.id, { ...done(1), teamId: ops.id, assigneeId: ben.id });
    await createTask(ctx, borealis.id, {
      status: 'Pending',
      teamId: ops.id,
      assigneeId: ben.id,
      dueDate: day(-1),
    });
    // Due today is not overdue yet.
    await createTask(ctx, borealis.id, { status: 'In Progress', teamId: ops.id, dueDate: day(0) });
    await createTask(ctx, draco.id, { status: 'Pending', assigneeId: cat.id, dueDate: day(-150) });
    await createTask(ctx, eos.id, { ...done(25), assigneeId: cat.id });
    await createTask(ctx, eos.id, { ...done(30), assigneeId: cat.id });
    await createTask(ctx, fornax.id, { ...done(35), assigneeId: ann.id });
    await createTask(ctx, fornax.id, { ...done(50), assigneeId: ann.id });
  });

  const signedBoss = madeInBeforeAll(() => boss, 'Boss');
  /** A report as Boss (or `headers`) reads it. */
  const get = async (url: string, headers = signedBoss.headers) => {
    const res = await ctx.app.inject({ url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Report>();
  };
  return {
    ctx,
    today,
    day,
    at,
    get,
    boss: signedBoss,
    ann: madeInBeforeAll(() => ann, 'Ann'),
    ben: madeInBeforeAll(() => ben, 'Ben'),
    cat: madeInBeforeAll(() => cat, 'Cat'),
  };
}
