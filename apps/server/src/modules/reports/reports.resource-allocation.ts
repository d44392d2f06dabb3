import { type Body, col, item, ratio, table, top } from './reports.build.ts';
import type { ReportsRepository } from './reports.repository.ts';

/** The Resource Allocation report: active people and open tasks per product and team (now, not a period). */
export async function resourceAllocationReport(reports: ReportsRepository): Promise<Body> {
  const { summary: s, rows, total_rows } = await reports.resourceAllocation();
  const mapped = rows.map((r) => ({
    ...r,
    label: r.scope === 'team' ? `${r.name} (${r.product})` : r.name,
    perPerson: ratio(r.open_tasks, r.people),
  }));
  const teamRows = mapped.filter((r) => r.scope === 'team' && r.perPerson !== null);
  const busiest = top(teamRows, (r) => r.perPerson ?? 0, 1)[0];
  return {
    summary: [
      item('products', 'Products', s.products),
      item('teams', 'Teams', s.teams),
      item('people', 'Active people', s.people),
      item('openTasks', 'Open tasks', s.open_tasks),
      item('unassigned', 'Unassigned open tasks', s.unassigned),
      item('openPerPerson', 'Open tasks per person', ratio(s.open_tasks, s.people)),
      item('busiestTeam', 'Most open tasks per person (team)', busiest ? busiest.label : null, 'text'),
    ],
    table: table(
      [
        col('scope', 'Scope', 'text'),
        col('name', 'Name', 'text'),
        col('product', 'Product', 'text'),
        col('people', 'Active people'),
        col('openTasks', 'Open tasks'),
        col('openPerPerson', 'Open tasks per person'),
        col('unassigned', 'Unassigned open tasks'),
      ],
      mapped.map((r) => ({
        scope: r.scope === 'team' ? 'Team' : 'Product',
        name: r.name,
        product: r.product,
        people: r.people,
        openTasks: r.open_tasks,
        openPerPerson: r.perPerson,
        unassigned: r.unassigned,
      })),
      total_rows,
    ),
    charts: [
      {
        key: 'open-by-product',
        kind: 'stacked-bar',
        title: 'Open tasks by product',
        categoryKey: 'product',
        categoryLabel: 'Product',
        series: [
          { key: 'assigned', label: 'Assigned', tone: 'open' },
          { key: 'unassigned', label: 'Unassigned', tone: 'unassigned' },
        ],
        data: top(
          mapped.filter((r) => r.scope === 'product' && r.open_tasks > 0),
          (r) => r.open_tasks,
        ).map((r) => ({
          product: r.name,
          assigned: r.open_tasks - r.unassigned,
          unassigned: r.unassigned,
        })),
      },
      {
        key: 'open-per-person-by-team',
        kind: 'bar',
        title: 'Open tasks per person by team',
        categoryKey: 'team',
        categoryLabel: 'Team',
        series: [{ key: 'perPerson', label: 'Open tasks per person', tone: 'accent' }],
        data: top(teamRows, (r) => r.perPerson ?? 0).map((r) => ({
          team: r.label,
          perPerson: r.perPerson,
        })),
      },
    ],
  };
}
