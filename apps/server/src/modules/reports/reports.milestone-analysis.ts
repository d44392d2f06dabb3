import { type Body, capitalise, col, item, table, top } from './reports.build.ts';
import type { ReportsRepository, Window } from './reports.repository.ts';

/** The Milestone Analysis report: each product's target end date met, missed or upcoming. */
export async function milestoneAnalysisReport(reports: ReportsRepository, w: Window): Promise<Body> {
  const { summary: s, rows, total_rows } = await reports.milestoneAnalysis(w);
  const decided = s.met + s.missed;
  return {
    summary: [
      item('milestones', 'Milestones', s.milestones),
      item('met', 'Met', s.met),
      item('missed', 'Missed', s.missed),
      item('upcoming', 'Upcoming', s.upcoming),
      item('onTimeRate', 'On-time rate', decided > 0 ? Math.round((100 * s.met) / decided) : null, 'percent'),
      item('averageDaysLate', 'Average days late', s.average_days_late, 'days'),
      item('maxDaysLate', 'Most days late', s.max_days_late, 'days'),
    ],
    table: table(
      [
        col('product', 'Product', 'text'),
        col('status', 'Status', 'text'),
        col('targetEndDate', 'Target end date', 'date'),
        col('tasks', 'Tasks'),
        col('completedTasks', 'Completed tasks'),
        col('lastCompleted', 'Last task completed', 'date'),
        col('outcome', 'Outcome', 'text'),
        col('daysLate', 'Days late', 'days'),
      ],
      rows.map((r) => ({
        product: r.name,
        status: capitalise(r.status),
        targetEndDate: r.target_end_date,
        tasks: r.tasks,
        completedTasks: r.completed_tasks,
        lastCompleted: r.last_completed,
        outcome: capitalise(r.outcome),
        daysLate: r.days_late,
      })),
      total_rows,
    ),
    charts: [
      {
        key: 'outcomes',
        kind: 'pie',
        title: 'Milestones by outcome',
        categoryKey: 'outcome',
        categoryLabel: 'Outcome',
        series: [{ key: 'products', label: 'Products', tone: 'accent' }],
        data: (['met', 'missed', 'upcoming'] as const).map((outcome) => ({
          outcome: capitalise(outcome),
          products: s[outcome],
          tone: outcome,
        })),
      },
      {
        key: 'days-late',
        kind: 'bar',
        title: 'Days late by product',
        categoryKey: 'product',
        categoryLabel: 'Product',
        series: [{ key: 'daysLate', label: 'Days late', tone: 'missed' }],
        data: top(
          rows.filter((r) => r.outcome === 'missed'),
          (r) => r.days_late ?? 0,
        ).map((r) => ({ product: r.name, daysLate: r.days_late })),
      },
    ],
  };
}
