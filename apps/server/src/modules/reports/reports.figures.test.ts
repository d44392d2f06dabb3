import { addDays } from '@shipyard/shared';
import { describe, expect, it } from 'vitest';
import { mondayOf, rowsOf, summaryOf, useReportWorld } from './reports.test-kit.ts';

// What each report answers, computed from the world of reports.test-kit.ts.
const { ctx, today, day, get, ann, ben, cat } = useReportWorld();

describe('GET /api/reports/{type}', () => {
  it('answers the project status of every product: counts per status, progress, overdue and past target', async () => {
    const report = await get('/api/reports/project-status');
    expect(report).toMatchObject({
      type: 'project-status',
      title: 'Project Status',
      from: day(-89),
      to: today(),
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
    for (let week = mondayOf(day(-89)); week <= today(); week = addDays(week, 7)) expected.set(week, 0);
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
});
