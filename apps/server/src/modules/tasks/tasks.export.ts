import type { Db } from '../../db/client.ts';
import { type CsvColumn, csvChunks, keysetPages } from '../../lib/csv.ts';
import { labelsOfTasks, type TaskLabel } from './tasks.labels.ts';
import type { TaskWithNames } from './tasks.mapper.ts';
import type { TaskListQuery, TasksRepository } from './tasks.repository.ts';

// The CSV export of the task lists (issue 20): the columns the lists show, every page.

type TaskExportRow = TaskWithNames & { labels: TaskLabel[] };

const TASK_CSV_COLUMNS: CsvColumn<TaskExportRow>[] = [
  { header: 'id', value: (r) => r.task.id },
  { header: 'key', value: (r) => r.task.key },
  { header: 'title', value: (r) => r.task.title },
  { header: 'description', value: (r) => r.task.description },
  { header: 'status', value: (r) => r.task.status },
  { header: 'priority', value: (r) => r.task.priority },
  { header: 'phase', value: (r) => r.task.phase },
  { header: 'product', value: (r) => r.productName },
  { header: 'team', value: (r) => r.team?.name },
  { header: 'assignee', value: (r) => r.assignee?.name },
  { header: 'due_date', value: (r) => r.task.dueDate },
  { header: 'labels', value: (r) => r.labels.map((l) => l.name).join(', ') },
  { header: 'checklist_done', value: (r) => r.task.checklistDone },
  { header: 'checklist_total', value: (r) => r.task.checklistTotal },
  { header: 'completed_at', value: (r) => r.task.completedAt },
  { header: 'created_at', value: (r) => r.task.createdAt },
];

export function createTaskExport({ db, tasks }: { db: Db; tasks: Pick<TasksRepository, 'list'> }) {
  /**
   * The CSV export (issue 20): every task the list shows with these filters, all pages, read by
   * the list's own query `EXPORT_PAGE_SIZE` at a time; the first page counts them all.
   */
  return async function exportCsv(query: Omit<TaskListQuery, 'after' | 'limit'>) {
    let total: number | undefined;
    const pages = keysetPages(
      async (after, size) => {
        const { rows, total: n } = await tasks.list({ ...query, after, limit: size, withTotal: !after });
        if (!after) total = n;
        const page = rows.slice(0, size);
        const labels = await labelsOfTasks(
          db,
          page.map((row) => row.task.id),
        );
        return page.map((row) => ({ ...row, labels: labels.get(row.task.id) ?? [] }));
      },
      (row) => ({ createdAt: row.cursorAt, id: row.task.id }),
    );
    // The first page is read before answering: a failure is still a proper error answer, and
    // the count for x-total-count comes with it.
    const first = await pages.next();
    async function* all() {
      if (!first.done) yield first.value;
      yield* pages;
    }
    return { total, chunks: csvChunks(TASK_CSV_COLUMNS, all()) };
  };
}
