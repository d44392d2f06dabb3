import { PRODUCT_STATUSES } from '@shipyard/shared';
import { type Body, capitalise, col, item, table } from './reports.build.ts';
import type { ReportsRepository, Window } from './reports.repository.ts';

/** The Project Status report: products by status, their progress, open, overdue and completed tasks. */
export async function projectStatusReport(reports: ReportsRepository, w: Window): Promise<Body> {
  const { summary: s, rows, total_rows } = await reports.projectStatus(w);
  const byStatus = s.by_status ?? {};
  return {
    summary: [
      item('products', 'Products', s.products),
      ...PRODUCT_STATUSES.map((status) => item(status, capitalise(status), s[status])),
      item('averageProgress', 'Average progress', s.average_progress, 'percent'),
      item('openTasks', 'Open tasks', s.open_tasks),
      item('overdueTasks', 'Overdue tasks', s.overdue_tasks),
      item('completedInPeriod', 'Tasks completed in period', s.completed_in_period),
      item('pastTarget', 'Products past target', s.past_target),
    ],
    table: table(
      [
        col('product', 'Product', 'text'),
        col('status', 'Status', 'text'),
        col('priority', 'Priority', 'text'),
        col('progress', 'Progress', 'percent'),
        col('tasks', 'Tasks'),
        col('openTasks', 'Open tasks'),
        col('completedTasks', 'Completed tasks'),
        col('completedInPeriod', 'Completed in period'),
        col('overdueTasks', 'Overdue tasks'),
        col('targetEndDate', 'Target end date', 'date'),
        col('pastTarget', 'Past target', 'text'),
      ],
      rows.map((r) => ({
        product: r.name,
        status: capitalise(r.status),
        priority: capitalise(r.priority),
        progress: r.progress,
        tasks: r.tasks,
        openTasks: r.open_tasks,
        completedTasks: r.completed_tasks,
        completedInPeriod: r.completed_in_period,
        overdueTasks: r.overdue_tasks,
        targetEndDate: r.target_end_date,
        pastTarget: r.past_target ? 'Yes' : 'No',
      })),
      total_rows,
    ),
    charts: [
      {
        key: 'products-by-status',
        kind: 'pie',
        title: 'Products by status',
        categoryKey: 'status',
        categoryLabel: 'Status',
        series: [{ key: 'products', label: 'Products', tone: 'accent' }],
        data: PRODUCT_STATUSES.map((status) => ({
          status: capitalise(status),
          products: s[status],
          tone: status,
        })),
      },
      {
        key: 'tasks-by-status',
        kind: 'stacked-bar',
        title: 'Tasks by product status',
        categoryKey: 'status',
        categoryLabel: 'Product status',
        series: [
          { key: 'completed', label: 'Completed', tone: 'completed' },
          { key: 'open', label: 'Open', tone: 'open' },
          { key: 'overdue', label: 'Overdue', tone: 'overdue' },
        ],
        data: PRODUCT_STATUSES.map((status) => ({
          status: capitalise(status),
          completed: byStatus[status]?.completed ?? 0,
          open: byStatus[status]?.open ?? 0,
          overdue: byStatus[status]?.overdue ?? 0,
        })),
      },
    ],
  };
}
