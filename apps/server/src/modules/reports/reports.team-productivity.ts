import { periodDays } from '@shipyard/shared';
import { type Body, col, item, ratio, table, top } from './reports.build.ts';
import type { ReportsRepository, Window } from './reports.repository.ts';

/** The Team Productivity report: tasks completed in the period by team and by person, and per week. */
export async function teamProductivityReport(reports: ReportsRepository, w: Window): Promise<Body> {
  const { summary: s, rows, weeks, total_rows } = await reports.teamProductivity(w);
  const label = (r: (typeof rows)[number]) =>
    r.scope === 'team'
      ? r.name === null
        ? 'No team'
        : `${r.name} (${r.product})`
      : (r.name ?? 'Unassigned');
  const named = (scope: 'team' | 'person') =>
    rows.filter((r) => r.scope === scope && r.name !== null && r.completed > 0);
  const best = (scope: 'team' | 'person') => {
    const first = top(named(scope), (r) => r.completed, 1)[0];
    return first ? label(first) : null;
  };
  const teamRows = named('team');
  const personRows = named('person');
  return {
    summary: [
      item('completed', 'Tasks completed', s.completed),
      item('perWeek', 'Completed per week', ratio(s.completed, periodDays(w.from, w.to) / 7)),
      item('open', 'Open tasks', s.open),
      item('contributors', 'People who completed tasks', s.contributors),
      item('teamsCompleting', 'Teams that completed tasks', s.teams_completing),
      item('topTeam', 'Most completed (team)', best('team'), 'text'),
      item('topPerson', 'Most completed (person)', best('person'), 'text'),
    ],
    table: table(
      [
        col('scope', 'Scope', 'text'),
        col('name', 'Name', 'text'),
        col('product', 'Product', 'text'),
        col('email', 'Email', 'text'),
        col('completed', 'Completed in period'),
        col('open', 'Open tasks'),
      ],
      rows.map((r) => ({
        scope: r.scope === 'team' ? 'Team' : 'Person',
        name: r.name ?? (r.scope === 'team' ? 'No team' : 'Unassigned'),
        product: r.product,
        email: r.email,
        completed: r.completed,
        open: r.open,
      })),
      total_rows,
    ),
    charts: [
      {
        key: 'completed-per-week',
        kind: 'line',
        title: 'Tasks completed per week',
        categoryKey: 'week',
        categoryLabel: 'Week of',
        series: [{ key: 'completed', label: 'Completed', tone: 'accent' }],
        data: weeks.map((x) => ({ week: x.week, completed: x.completed })),
      },
      {
        key: 'completed-by-team',
        kind: 'bar',
        title: 'Completed and open tasks by team',
        categoryKey: 'team',
        categoryLabel: 'Team',
        series: [
          { key: 'completed', label: 'Completed in period', tone: 'completed' },
          { key: 'open', label: 'Open', tone: 'open' },
        ],
        data: top(teamRows, (r) => r.completed).map((r) => ({
          team: label(r),
          completed: r.completed,
          open: r.open,
        })),
      },
      {
        key: 'completed-by-person',
        kind: 'bar',
        title: 'Completed and open tasks by person',
        categoryKey: 'person',
        categoryLabel: 'Person',
        series: [
          { key: 'completed', label: 'Completed in period', tone: 'completed' },
          { key: 'open', label: 'Open', tone: 'open' },
        ],
        data: top(personRows, (r) => r.completed).map((r) => ({
          person: label(r),
          completed: r.completed,
          open: r.open,
        })),
      },
    ],
  };
}
