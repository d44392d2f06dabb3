import { addDays, type Report } from '@shipyard/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  createProduct,
  createSignedInUser,
  createTask,
  createTeam,
  createUser,
} from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import type { TestContext } from '../../testing/test-app.ts';

type SignedIn = Awaited<ReturnType<typeof createSignedInUser>>;

/** Moves the test clock to 12:00 UTC today, so that "today" cannot change during the file. */
function pinToNoon(ctx: TestContext) {
  const now = ctx.clock.now();
  const noon = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12);
  ctx.clock.advance(noon - now.getTime());
  return now.toISOString().slice(0, 10);
}

/** Monday of the (UTC) week of a day. */
const mondayOf = (day: string) => {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
};

const rowsOf = (report: Report) => report.table.rows;
const summaryOf = (report: Report) => Object.fromEntries(report.summary.map((s) => [s.key, s.value]));

describe('GET /api/reports/{type}', () => {
  const { ctx } = useTestApp();
  let today: string;
  let boss: SignedIn;
  let ann: Awaited<ReturnType<typeof createUser>>;
  let ben: Awaited<ReturnType<typeof createUser>>;
  let cat: Awaited<ReturnType<typeof createUser>>;
  const day = (n: number) => addDays(today, n);
  const at = (n: number) => new Date(`${day(n)}T12:00:00Z`);

  // Seven products of known shape (targets relative to today), three teams, and fifteen tasks.
  beforeAll(async () => {
    today = pinToNoon(ctx);
    boss = await createSignedInUser(ctx, { role: 'super admin', name: 'Boss' });
    ann = await createUser(ctx, { name: 'Ann' });
    ben = await createUser(ctx, { name: 'Ben' });
    cat = await createUser(ctx, { name: 'Cat' });
    const product = (name: string, status: string, target: number, priority = 'medium') =>
      createProduct(ctx, boss.user.id, {
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

  const get = async (url: string, headers = boss.headers) => {
    const res = await ctx.app.inject({ url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Report>();
  };

  it('answers the project status of every product: counts per status, progress, overdue and past target', async () => {
    const report = await get('/api/reports/project-status');
    expect(report).toMatchObject({
      type: 'project-status',
      title: 'Project Status',
      from: day(-89),
      to: today,
    });
    expect(Math.abs(Date.parse(report.generatedAt) - ctx.clock.now().getTime())).toBeLessThan(10_000);
    expect(report.summary).toEqual([
      { key: 'products', label: 'Products', value: 7, kind: 'number' },
      { key: 'planning', label: 'Planning', value: 1, kind: 'number' },
      { key: 'development', label: 'Development', value: 2, kind: 'number' },
      { key: 'testing', label: 'Testing', value: 2, kind: 'number' },
      { key: 'production', label: 'Production', value: 1, kind: 'number' },
      { key: 'maintenance', label: 'Maintenance', value: 1, kind: 'number' },
      // (0 + 0 + 100 + 100 + 33 + 0 + 50) / 7 = 40.4
      { key: 'averageProgress', label: 'Average progress', value: 40, kind: 'percent' },
      { key: 'openTasks', label: 'Open tasks', value: 6, kind: 'number' },
      { key: 'overdueTasks', label: 'Overdue tasks', value: 3, kind: 'number' },
      { key: 'completedInPeriod', label: 'Tasks completed in period', value: 7, kind: 'number' },
      { key: 'pastTarget', label: 'Products past target', value: 4, kind: 'number' },
    ]);
    expect(report.table.columns.map((c) => c.key)).toEqual([
      'product',
      'status',
      'priority',
      'progress',
      'tasks',
      'openTasks',
      'completedTasks',
      'completedInPeriod',
      'overdueTasks',
      'targetEndDate',
      'pastTarget',
    ]);
    const row = (
      product: string,
      status: string,
      priority: string,
      figures: number[],
      target: number,
      past: string,
    ) => {
      const [progress, tasks, openTasks, completedTasks, completedInPeriod, overdueTasks] = figures;
      return {
        product,
        status,
        priority,
        progress,
        tasks,
        openTasks,
        completedTasks,
        completedInPeriod,
        overdueTasks,
        targetEndDate: day(target),
        pastTarget: past,
      };
    };
    // By target date, the earliest first.
    expect(rowsOf(report)).toEqual([
      row('Gaia', 'Maintenance', 'Medium', [0, 0, 0, 0, 0, 0], -300, 'No'),
      row('Draco', 'Planning', 'Low', [0, 1, 1, 0, 0, 1], -200, 'Yes'),
      row('Fornax', 'Testing', 'Medium', [100, 2, 0, 2, 2, 0], -40, 'Yes'),
      row('Eos', 'Development', 'Medium', [100, 2, 0, 2, 2, 0], -20, 'Yes'),
      row('Borealis', 'Testing', 'Medium', [33, 3, 2, 1, 1, 1], -10, 'Yes'),
      row('Cosmos', 'Production', 'Medium', [0, 0, 0, 0, 0, 0], -5, 'No'),
      row('Apollo', 'Development', 'High', [50, 6, 3, 3, 2, 1], 30, 'No'),
    ]);
    expect(report.table.truncated).toBe(false);
    expect(report.charts.map((c) => [c.key, c.kind])).toEqual([
      ['products-by-status', 'pie'],
      ['tasks-by-status', 'stacked-bar'],
    ]);
    expect(report.charts[0]?.data).toEqual([
      { status: 'Planning', products: 1, tone: 'planning' },
      { status: 'Development', products: 2, tone: 'development' },
      { status: 'Testing', products: 2, tone: 'testing' },
      { status: 'Production', products: 1, tone: 'production' },
      { status: 'Maintenance', products: 1, tone: 'maintenance' },
    ]);
    expect(report.charts[1]?.data).toEqual([
      { status: 'Planning', completed: 0, open: 0, overdue: 1 },
      { status: 'Development', completed: 5, open: 2, overdue: 1 },
      { status: 'Testing', completed: 3, open: 1, overdue: 1 },
      { status: 'Production', completed: 0, open: 0, overdue: 0 },
      { status: 'Maintenance', completed: 0, open: 0, overdue: 0 },
    ]);
  });

  it('answers team productivity: completions in the period per team, person and week, with open tasks', async () => {
    const report = await get('/api/reports/team-productivity');
    expect(summaryOf(report)).toEqual({
      completed: 7,
      // 7 tasks over 90 days (12.9 weeks)
      perWeek: 0.5,
      open: 6,
      contributors: 3,
      teamsCompleting: 2,
      topTeam: 'Core (Apollo)',
      topPerson: 'Ann',
    });
    expect(rowsOf(report)).toEqual([
      { scope: 'Team', name: 'Core', product: 'Apollo', email: null, completed: 2, open: 1 },
      { scope: 'Team', name: 'Ops', product: 'Borealis', email: null, completed: 1, open: 2 },
      { scope: 'Team', name: 'Design', product: 'Apollo', email: null, completed: 0, open: 1 },
      { scope: 'Team', name: 'No team', product: null, email: null, completed: 4, open: 2 },
      { scope: 'Person', name: 'Ann', product: null, email: ann.email, completed: 3, open: 1 },
      { scope: 'Person', name: 'Ben', product: null, email: ben.email, completed: 2, open: 1 },
      { scope: 'Person', name: 'Cat', product: null, email: cat.email, completed: 2, open: 1 },
      { scope: 'Person', name: 'Unassigned', product: null, email: null, completed: 0, open: 3 },
    ]);

    const [weekly, byTeam, byPerson] = report.charts;
    // Every week from the one of `from` to the one of `to`, Mondays, with the completions in it.
    const expected = new Map<string, number>();
    for (let week = mondayOf(day(-89)); week <= today; week = addDays(week, 7)) expected.set(week, 0);
    for (const daysAgo of [3, 10, 1, 25, 30, 35, 50]) {
      const week = mondayOf(day(-daysAgo));
      expected.set(week, (expected.get(week) ?? 0) + 1);
    }
    expect(weekly).toMatchObject({ kind: 'line', categoryKey: 'week' });
    expect(weekly?.data).toEqual([...expected].map(([week, completed]) => ({ week, completed })));
    expect(byTeam?.data).toEqual([
      { team: 'Core (Apollo)', completed: 2, open: 1 },
      { team: 'Ops (Borealis)', completed: 1, open: 2 },
    ]);
    expect(byPerson?.data).toEqual([
      { person: 'Ann', completed: 3, open: 1 },
      { person: 'Ben', completed: 2, open: 1 },
      { person: 'Cat', completed: 2, open: 1 },
    ]);
  });

  it('answers milestone analysis: met, missed (with days late) and upcoming, and the on-time rate', async () => {
    const report = await get('/api/reports/milestone-analysis');
    expect(summaryOf(report)).toEqual({
      milestones: 5,
      met: 2,
      missed: 3,
      upcoming: 0,
      onTimeRate: 40,
      // (200 + 5 + 10) / 3
      averageDaysLate: 71.7,
      maxDaysLate: 200,
    });
    const row = (product: string, status: string, target: number, tasks: number, completed: number) => ({
      product,
      status,
      targetEndDate: day(target),
      tasks,
      completedTasks: completed,
    });
    // Gaia (met before the period) is left out; Draco (missed before it) is carried over.
    expect(rowsOf(report)).toEqual([
      { ...row('Draco', 'Planning', -200, 1, 0), lastCompleted: null, outcome: 'Missed', daysLate: 200 },
      // Every task done, the last 5 days after the target.
      { ...row('Fornax', 'Testing', -40, 2, 2), lastCompleted: day(-35), outcome: 'Missed', daysLate: 5 },
      // Every task done before the target, though still in development.
      { ...row('Eos', 'Development', -20, 2, 2), lastCompleted: day(-25), outcome: 'Met', daysLate: null },
      { ...row('Borealis', 'Testing', -10, 3, 1), lastCompleted: day(-1), outcome: 'Missed', daysLate: 10 },
      { ...row('Cosmos', 'Production', -5, 0, 0), lastCompleted: null, outcome: 'Met', daysLate: null },
    ]);
    expect(report.charts[0]?.data).toEqual([
      { outcome: 'Met', products: 2, tone: 'met' },
      { outcome: 'Missed', products: 3, tone: 'missed' },
      { outcome: 'Upcoming', products: 0, tone: 'upcoming' },
    ]);
    expect(report.charts[1]?.data).toEqual([
      { product: 'Draco', daysLate: 200 },
      { product: 'Borealis', daysLate: 10 },
      { product: 'Fornax', daysLate: 5 },
    ]);
  });

  it('answers resource allocation per product and team: active people, open, per person, unassigned', async () => {
    const report = await get('/api/reports/resource-allocation');
    expect(summaryOf(report)).toEqual({
      products: 7,
      teams: 3,
      people: 2,
      openTasks: 6,
      unassigned: 3,
      openPerPerson: 3,
      busiestTeam: 'Ops (Borealis)',
    });
    const product = (
      name: string,
      people: number,
      open: number,
      perPerson: number | null,
      unassigned: number,
    ) => ({
      scope: 'Product',
      name,
      product: null,
      people,
      openTasks: open,
      openPerPerson: perPerson,
      unassigned,
    });
    const team = (
      name: string,
      of: string,
      people: number,
      open: number,
      perPerson: number,
      unassigned: number,
    ) => ({
      scope: 'Team',
      name,
      product: of,
      people,
      openTasks: open,
      openPerPerson: perPerson,
      unassigned,
    });
    expect(rowsOf(report)).toEqual([
      // Ann and Ben, each counted once though Ann is in both teams; Cat is only invited.
      product('Apollo', 2, 3, 1.5, 2),
      team('Core', 'Apollo', 2, 1, 0.5, 0),
      team('Design', 'Apollo', 1, 1, 1, 1),
      // Cat is suspended in Ops.
      product('Borealis', 1, 2, 2, 1),
      team('Ops', 'Borealis', 1, 2, 2, 1),
      product('Cosmos', 0, 0, null, 0),
      product('Draco', 0, 1, null, 0),
      product('Eos', 0, 0, null, 0),
      product('Fornax', 0, 0, null, 0),
      product('Gaia', 0, 0, null, 0),
    ]);
    expect(report.charts[0]?.data).toEqual([
      { product: 'Apollo', assigned: 1, unassigned: 2 },
      { product: 'Borealis', assigned: 1, unassigned: 1 },
      { product: 'Draco', assigned: 1, unassigned: 0 },
    ]);
    expect(report.charts[1]?.data).toEqual([
      { team: 'Ops (Borealis)', perPerson: 2 },
      { team: 'Design (Apollo)', perPerson: 1 },
      { team: 'Core (Apollo)', perPerson: 0.5 },
    ]);
  });

  it('takes the period from `from` and `to`: completions and milestones follow it', async () => {
    const lastFive = await get(`/api/reports/team-productivity?from=${day(-5)}&to=${today}`);
    expect(lastFive).toMatchObject({ from: day(-5), to: today });
    expect(summaryOf(lastFive)).toMatchObject({ completed: 2, open: 6, contributors: 2, topPerson: 'Ann' });
    expect(rowsOf(lastFive).filter((r) => r.scope === 'Person')).toEqual([
      { scope: 'Person', name: 'Ann', product: null, email: ann.email, completed: 1, open: 1 },
      { scope: 'Person', name: 'Ben', product: null, email: ben.email, completed: 1, open: 1 },
      { scope: 'Person', name: 'Cat', product: null, email: cat.email, completed: 0, open: 1 },
      { scope: 'Person', name: 'Unassigned', product: null, email: null, completed: 0, open: 3 },
    ]);

    const status = await get(`/api/reports/project-status?from=${day(-5)}&to=${today}`);
    expect(summaryOf(status)).toMatchObject({ products: 7, completedInPeriod: 2, openTasks: 6 });

    // Into the future: Apollo's target (in 30 days) is upcoming.
    const ahead = await get(`/api/reports/milestone-analysis?from=${day(-30)}&to=${day(60)}`);
    expect(summaryOf(ahead)).toMatchObject({ milestones: 6, met: 2, missed: 3, upcoming: 1, onTimeRate: 40 });
    expect(rowsOf(ahead).at(-1)).toMatchObject({ product: 'Apollo', outcome: 'Upcoming', daysLate: null });

    // Only `to`: the 90 days that end there.
    expect(await get(`/api/reports/resource-allocation?to=${day(-10)}`)).toMatchObject({
      from: day(-99),
      to: day(-10),
    });
  });

  it('refuses a period that is malformed, backwards or longer than 1096 days with 400', async () => {
    for (const query of [
      'from=2026-02-30',
      'to=yesterday',
      `from=${day(1)}&to=${today}`,
      `from=${day(-1096)}&to=${today}`,
    ]) {
      const res = await ctx.app.inject({
        url: `/api/reports/project-status?${query}`,
        headers: boss.headers,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    expect(
      (await ctx.app.inject({ url: `/api/reports/project-status?from=${day(-1095)}`, headers: boss.headers }))
        .statusCode,
    ).toBe(200);
  });

  it('answers 400 for an unknown report type', async () => {
    for (const url of ['/api/reports/velocity', '/api/reports/velocity.csv']) {
      const res = await ctx.app.inject({ url, headers: boss.headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Unknown report type.' });
    }
  });

  it('refuses admins, members and guests with 403, and a caller without a session with 401', async () => {
    for (const role of ['admin', 'member', 'guest'] as const) {
      const { headers } = await createSignedInUser(ctx, { role });
      for (const url of [
        '/api/reports/project-status',
        '/api/reports/project-status.csv',
        '/api/reports/milestone-analysis?format=csv',
        // Refused before the type or the period are even read.
        '/api/reports/velocity?from=nonsense',
      ]) {
        const res = await ctx.app.inject({ url, headers });
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.json()).toMatchObject({
          code: 'FORBIDDEN',
          message: 'Only super admins can view reports.',
        });
      }
    }
    expect((await ctx.app.inject('/api/reports/project-status')).statusCode).toBe(401);
    expect((await ctx.app.inject('/api/reports/project-status.csv')).statusCode).toBe(401);
  });

  it('downloads the table as CSV under a file name that says the type and the period', async () => {
    const res = await ctx.app.inject({
      url: `/api/reports/resource-allocation.csv?from=${day(-29)}&to=${today}`,
      headers: boss.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="shipyard-resource-allocation-${day(-29)}-to-${today}.csv"`,
    );
    expect(res.body.split('\r\n')).toEqual([
      'Scope,Name,Product,Active people,Open tasks,Open tasks per person,Unassigned open tasks',
      'Product,Apollo,,2,3,1.5,2',
      'Team,Core,Apollo,2,1,0.5,0',
      'Team,Design,Apollo,1,1,1,1',
      'Product,Borealis,,1,2,2,1',
      'Team,Ops,Borealis,1,2,2,1',
      'Product,Cosmos,,0,0,,0',
      'Product,Draco,,0,1,,0',
      'Product,Eos,,0,0,,0',
      'Product,Fornax,,0,0,,0',
      'Product,Gaia,,0,0,,0',
      '',
    ]);

    // ?format=csv is the same download, with the default period.
    const same = await ctx.app.inject({
      url: '/api/reports/milestone-analysis?format=csv',
      headers: boss.headers,
    });
    expect(same.headers['content-disposition']).toBe(
      `attachment; filename="shipyard-milestone-analysis-${day(-89)}-to-${today}.csv"`,
    );
    expect(same.body.split('\r\n').slice(0, 3)).toEqual([
      'Product,Status,Target end date,Tasks,Completed tasks,Last task completed,Outcome,Days late',
      `Draco,Planning,${day(-200)},1,0,,Missed,200`,
      `Fornax,Testing,${day(-40)},2,2,${day(-35)},Missed,5`,
    ]);
  });
});

describe('CSV quoting', () => {
  const { ctx } = useTestApp();
  let boss: SignedIn;
  beforeAll(async () => {
    boss = await createSignedInUser(ctx, { role: 'super admin' });
  });

  it('quotes commas, quotes and line breaks (RFC 4180) and defuses cells a spreadsheet would run', async () => {
    const names = [
      'Comma, and "quotes"',
      'Line\nbreak',
      '=HYPERLINK("http://evil.example","click")',
      '+1 idea',
      '-minus',
      '@SUM(A1)',
      'Plain',
    ];
    for (const [i, name] of names.entries()) {
      await createProduct(ctx, boss.user.id, {
        name,
        targetEndDate: `2030-01-0${i + 1}`,
        status: 'production',
      });
    }
    const res = await ctx.app.inject({ url: '/api/reports/project-status.csv', headers: boss.headers });
    const body = res.body;
    const rest = ',Production,Medium,0,0,0,0,0,0';
    expect(body).toBe(
      [
        'Product,Status,Priority,Progress,Tasks,Open tasks,Completed tasks,Completed in period,Overdue tasks,Target end date,Past target',
        `"Comma, and ""quotes"""${rest},2030-01-01,No`,
        `"Line\nbreak"${rest},2030-01-02,No`,
        `"'=HYPERLINK(""http://evil.example"",""click"")"${rest},2030-01-03,No`,
        `'+1 idea${rest},2030-01-04,No`,
        `'-minus${rest},2030-01-05,No`,
        `'@SUM(A1)${rest},2030-01-06,No`,
        `Plain${rest},2030-01-07,No`,
        '',
      ].join('\r\n'),
    );
  });

  it('answers an empty table with only the header row, and zeros in the summary', async () => {
    const report = await ctx.app.inject({ url: '/api/reports/team-productivity', headers: boss.headers });
    expect(report.json().table.rows).toEqual([]);
    expect(report.json().summary.find((s: { key: string }) => s.key === 'completed').value).toBe(0);
    const csv = await ctx.app.inject({ url: '/api/reports/team-productivity.csv', headers: boss.headers });
    expect(csv.body).toBe('Scope,Name,Product,Email,Completed in period,Open tasks\r\n');
  });
});
