import { beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../db/schema/index.ts';
import { createProduct, createTask, createTeam, createUser } from '../../testing/factories.ts';
import { type Signed, useTestApp } from '../../testing/http.ts';

// A fixed "now": Sunday 15 March 2026, noon UTC. The week is the 7 days 9–15 March (from
// 9 March 00:00 to now, 6.5 days); the previous period is the 6.5 days before it, from
// 2 March 12:00 to 9 March 00:00.
const NOW = new Date('2026-03-15T12:00:00.000Z');
const at = (iso: string) => new Date(iso);

type Kpi = { key: string; value: number | null; previous: number | null; change: number | null };

describe('GET /api/analytics', () => {
  const { ctx, signedIn } = useTestApp({ clock: { now: () => NOW } });
  let root: Signed;
  let apollo: { id: string };
  let borealis: { id: string };
  let ann: { id: string };
  let bob: { id: string };
  let alpha: { id: string };
  let beta: { id: string };

  beforeAll(async () => {
    root = await signedIn('super admin', 'Root');
    ann = await createUser(ctx, { name: 'Ann' });
    bob = await createUser(ctx, { name: 'Bob' });
    apollo = await createProduct(ctx, root.user.id, { name: 'Apollo' });
    borealis = await createProduct(ctx, root.user.id, { name: 'Borealis' });
    alpha = await createTeam(ctx, apollo.id, { name: 'Alpha team' });
    beta = await createTeam(ctx, borealis.id, { name: 'Beta team' });

    const done = (
      product: { id: string },
      created: string,
      completed: string,
      more: Parameters<typeof createTask>[2] = {},
    ) =>
      createTask(ctx, product.id, {
        status: 'Completed',
        createdAt: at(created),
        completedAt: at(completed),
        ...more,
      });

    // Completed this week: cycle times 1, 4, 2 and 3 days (median 2.5); three have a due date,
    // two of them met it (66.7 %).
    await done(apollo, '2026-03-10T00:00:00Z', '2026-03-11T00:00:00Z', {
      dueDate: '2026-03-11',
      assigneeId: ann.id,
      teamId: alpha.id,
    });
    await done(apollo, '2026-03-08T12:00:00Z', '2026-03-12T12:00:00Z', {
      dueDate: '2026-03-10',
      assigneeId: ann.id,
    });
    await done(borealis, '2026-03-12T00:00:00Z', '2026-03-14T00:00:00Z', {
      assigneeId: bob.id,
      teamId: beta.id,
    });
    await done(borealis, '2026-03-12T06:00:00Z', '2026-03-15T06:00:00Z', { dueDate: '2026-03-15' });
    // Completed the week before: 4 and 2 days (median 3), one of two on time (50 %).
    await done(apollo, '2026-03-01T00:00:00Z', '2026-03-05T00:00:00Z', { dueDate: '2026-03-04' });
    await done(apollo, '2026-03-04T00:00:00Z', '2026-03-06T00:00:00Z', { dueDate: '2026-03-06' });
    // Before both periods: in no figure but the longer timeframes.
    await done(borealis, '2026-02-01T00:00:00Z', '2026-03-01T00:00:00Z');

    // Open now: two overdue (due before today), two critical.
    const reopenedTask = await createTask(ctx, apollo.id, {
      status: 'Pending',
      priority: 'critical',
      createdAt: at('2026-03-10T00:00:00Z'),
      dueDate: '2026-03-14',
    });
    await createTask(ctx, apollo.id, {
      status: 'In Progress',
      priority: 'medium',
      createdAt: at('2026-02-20T00:00:00Z'),
      dueDate: '2026-03-15',
    });
    const lowTask = await createTask(ctx, borealis.id, {
      status: 'Pending',
      priority: 'low',
      createdAt: at('2026-03-14T00:00:00Z'),
    });
    await createTask(ctx, borealis.id, {
      status: 'In Progress',
      priority: 'critical',
      createdAt: at('2026-02-25T00:00:00Z'),
      dueDate: '2026-03-01',
    });

    // Reopenings: one task twice this week (counted once), another the week before; a move
    // between two open statuses is no reopening.
    const moved = (task: { id: string; productId: string }, from: string, when: string) => ({
      actionType: 'task_status_updated',
      description: 'Moved',
      metadata: { previousStatus: from, newStatus: 'Pending', taskId: task.id },
      productId: task.productId,
      taskId: task.id,
      createdAt: at(when),
    });
    await ctx.db
      .insert(activities)
      .values([
        moved(reopenedTask, 'Completed', '2026-03-13T09:00:00Z'),
        moved(reopenedTask, 'Completed', '2026-03-14T09:00:00Z'),
        moved(lowTask, 'Completed', '2026-03-05T09:00:00Z'),
        moved(lowTask, 'In Progress', '2026-03-13T10:00:00Z'),
      ]);
  });

  const get = async (query: string, headers = root.headers) => {
    const res = await ctx.app.inject({ url: `/api/analytics${query}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const kpis = (body: { kpis: Kpi[] }) =>
    Object.fromEntries(body.kpis.map((k) => [k.key, [k.value, k.previous, k.change]]));

  it('answers the KPIs of the week against the week before', async () => {
    const body = await get('?timeframe=week');
    expect(body).toMatchObject({
      timeframe: 'week',
      granularity: 'day',
      timeZone: 'UTC',
      products: [],
      from: '2026-03-09T00:00:00.000Z',
      to: '2026-03-15T12:00:00.000Z',
      previousFrom: '2026-03-02T12:00:00.000Z',
      previousTo: '2026-03-09T00:00:00.000Z',
    });
    expect(body.kpis).toEqual([
      {
        key: 'throughput',
        label: 'Tasks completed',
        value: 4,
        previous: 2,
        change: 1,
        unit: 'count',
        better: 'up',
      },
      {
        key: 'cycleTime',
        label: 'Median cycle time',
        value: 2.5,
        previous: 3,
        change: -0.1667,
        unit: 'days',
        better: 'down',
      },
      {
        key: 'onTimeRate',
        label: 'On-time rate',
        value: 66.7,
        previous: 50,
        change: 0.334,
        unit: 'percent',
        better: 'up',
      },
      {
        key: 'created',
        label: 'Tasks created',
        value: 5,
        previous: 2,
        change: 1.5,
        unit: 'count',
        better: 'neutral',
      },
      // Open at the start of the week: the two older open tasks and the one closed since.
      {
        key: 'openNow',
        label: 'Open tasks',
        value: 4,
        previous: 3,
        change: 0.3333,
        unit: 'count',
        better: 'down',
      },
    ]);
  });

  it('answers the series of the week day by day, and the tabs’ breakdowns', async () => {
    const body = await get('?timeframe=week');
    const days = ['09', '10', '11', '12', '13', '14', '15'].map((d) => `2026-03-${d}`);
    expect(body.performance.series).toEqual(
      days.map((date) => ({
        date,
        completed: ['2026-03-11', '2026-03-12', '2026-03-14', '2026-03-15'].includes(date) ? 1 : 0,
        cycleTimeDays: { '2026-03-11': 1, '2026-03-12': 4, '2026-03-14': 2, '2026-03-15': 3 }[date] ?? null,
      })),
    );
    expect(body.productivity.series).toEqual(
      days.map((date) => ({
        date,
        created: { '2026-03-10': 2, '2026-03-12': 2, '2026-03-14': 1 }[date] ?? 0,
        completed: ['2026-03-11', '2026-03-12', '2026-03-14', '2026-03-15'].includes(date) ? 1 : 0,
      })),
    );
    expect(body.performance.byProduct).toEqual([
      { productId: apollo.id, name: 'Apollo', completed: 2, onTimeRate: 50 },
      { productId: borealis.id, name: 'Borealis', completed: 2, onTimeRate: 100 },
    ]);
    expect(body.quality).toEqual({
      reopened: 1,
      reopenedPrevious: 1,
      open: 4,
      overdue: 2,
      critical: 2,
      byPriority: [
        { priority: 'critical', open: 2, overdue: 2 },
        { priority: 'high', open: 0, overdue: 0 },
        { priority: 'medium', open: 1, overdue: 0 },
        { priority: 'low', open: 1, overdue: 0 },
      ],
      overdueByProduct: [
        { productId: apollo.id, name: 'Apollo', open: 2, overdue: 1 },
        { productId: borealis.id, name: 'Borealis', open: 2, overdue: 1 },
      ],
    });
    expect(body.productivity.byPerson).toEqual([
      { userId: ann.id, name: 'Ann', avatarUrl: null, completed: 2 },
      { userId: bob.id, name: 'Bob', avatarUrl: null, completed: 1 },
    ]);
    expect(body.productivity.unassigned).toBe(1);
    expect(body.productivity.byTeam).toEqual([
      { teamId: alpha.id, name: 'Alpha team', productName: 'Apollo', completed: 1 },
      { teamId: beta.id, name: 'Beta team', productName: 'Borealis', completed: 1 },
    ]);
  });

  it('counts only the products picked', async () => {
    const body = await get(`?timeframe=week&products=${apollo.id}`);
    expect(body.products).toEqual([apollo.id]);
    expect(kpis(body)).toEqual({
      throughput: [2, 2, 0],
      cycleTime: [2.5, 3, -0.1667],
      onTimeRate: [50, 50, 0],
      created: [2, 2, 0],
      openNow: [2, 2, 0],
    });
    expect(body.performance.byProduct.map((p: { name: string }) => p.name)).toEqual(['Apollo']);
    expect(body.quality).toMatchObject({
      reopened: 1,
      reopenedPrevious: 0,
      open: 2,
      overdue: 1,
      critical: 1,
    });
    expect(body.productivity.byTeam.map((t: { name: string }) => t.name)).toEqual(['Alpha team']);

    const both = await get(`?timeframe=week&products=${apollo.id},${borealis.id}`);
    expect(kpis(both)).toEqual(kpis(await get('?timeframe=week&products=all')));
    expect(kpis(both).throughput).toEqual([4, 2, 1]);
  });

  it('reads days, buckets and due dates in the time zone asked for', async () => {
    // 15 March 12:00 UTC is 08:00 in New York (daylight saving time since 8 March): the week
    // starts on 9 March at 04:00 UTC, and the task completed at 00:00 UTC on 11 March was
    // completed on the 10th there.
    const body = await get('?timeframe=week&tz=America/New_York');
    expect(body).toMatchObject({ timeZone: 'America/New_York', from: '2026-03-09T04:00:00.000Z' });
    const completed = Object.fromEntries(
      body.performance.series.map((p: { date: string; completed: number }) => [p.date, p.completed]),
    );
    expect(completed).toMatchObject({ '2026-03-10': 1, '2026-03-11': 0, '2026-03-15': 1 });
    expect(kpis(body).throughput).toEqual([4, 2, 1]);
  });

  it('groups the quarter by ISO week and the year by month', async () => {
    const quarter = await get('?timeframe=quarter');
    expect(quarter).toMatchObject({ granularity: 'week', from: '2025-12-16T00:00:00.000Z' });
    expect(quarter.performance.series).toHaveLength(13);
    expect(quarter.performance.series[0].date).toBe('2025-12-15');
    expect(quarter.performance.series.at(-1)).toEqual({
      date: '2026-03-09',
      completed: 4,
      cycleTimeDays: 2.5,
    });
    // The week of 2 March holds the two tasks of the week before (1 March is a Sunday).
    expect(quarter.performance.series.at(-2)).toMatchObject({ date: '2026-03-02', completed: 2 });
    expect(kpis(quarter).throughput).toEqual([7, 0, null]);

    const year = await get('?timeframe=year');
    expect(year).toMatchObject({ granularity: 'month', from: '2025-03-16T00:00:00.000Z' });
    const months = year.productivity.series.map((p: { date: string }) => p.date);
    expect(months).toHaveLength(13);
    expect([months[0], months.at(-1)]).toEqual(['2025-03-01', '2026-03-01']);
    expect(year.productivity.series.at(-1)).toEqual({ date: '2026-03-01', created: 8, completed: 7 });
    expect(year.productivity.series.at(-2)).toEqual({ date: '2026-02-01', created: 3, completed: 0 });
  });

  it('answers a month by default', async () => {
    expect(await get('')).toMatchObject({ timeframe: 'month', from: '2026-02-14T00:00:00.000Z' });
  });

  it('refuses admins, members and guests, and callers without a session', async () => {
    for (const role of ['admin', 'member', 'guest'] as const) {
      const caller = await signedIn(role);
      const res = await ctx.app.inject({ url: '/api/analytics?timeframe=week', headers: caller.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Only super admins can view analytics.',
      });
      // Refused before the query is read: a bad one says nothing more.
      const bad = await ctx.app.inject({ url: '/api/analytics?timeframe=decade', headers: caller.headers });
      expect(bad.statusCode).toBe(403);
    }
    expect((await ctx.app.inject('/api/analytics')).statusCode).toBe(401);
  });

  it('rejects an unknown timeframe, product id or time zone', async () => {
    const ask = (query: string) => ctx.app.inject({ url: `/api/analytics${query}`, headers: root.headers });
    const timeframe = await ask('?timeframe=decade');
    expect(timeframe.statusCode).toBe(400);
    expect(timeframe.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Timeframe must be week, month, quarter or year.',
    });
    const product = await ask('?products=not-an-id');
    expect(product.statusCode).toBe(400);
    expect(product.json().message).toBe('Each product must be a product id.');
    // Unknown here; the second is known to this runtime's Intl but not to PostgreSQL.
    for (const tz of ['Mars/Olympus_Mons', 'US/Pacific-New']) {
      const zone = await ask(`?tz=${encodeURIComponent(tz)}`);
      expect(zone.statusCode).toBe(400);
      expect(zone.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Unknown time zone.' });
    }
  });
});

describe('GET /api/analytics without history', () => {
  const { ctx, signedIn } = useTestApp({ clock: { now: () => NOW } });
  let root: Signed;
  beforeAll(async () => {
    root = await signedIn('super admin');
  });

  const kpis = async (query: string) => {
    const res = await ctx.app.inject({ url: `/api/analytics${query}`, headers: root.headers });
    expect(res.statusCode, res.body).toBe(200);
    return Object.fromEntries(res.json().kpis.map((k: Kpi) => [k.key, [k.value, k.previous, k.change]]));
  };

  it('answers zeros and no change on an empty workspace', async () => {
    expect(await kpis('?timeframe=week')).toEqual({
      throughput: [0, 0, null],
      cycleTime: [null, null, null],
      onTimeRate: [null, null, null],
      created: [0, 0, null],
      openNow: [0, 0, null],
    });
  });

  it('says nothing changed when the previous period has nothing to compare with', async () => {
    const product = await createProduct(ctx, root.user.id, { name: 'Quiet' });
    await createTask(ctx, product.id, {
      status: 'Completed',
      createdAt: at('2026-03-14T00:00:00Z'),
      completedAt: at('2026-03-15T00:00:00Z'),
    });
    expect(await kpis('?timeframe=week')).toEqual({
      throughput: [1, 0, null],
      cycleTime: [1, null, null],
      onTimeRate: [null, null, null],
      created: [1, 0, null],
      openNow: [0, 0, null],
    });
  });
});
