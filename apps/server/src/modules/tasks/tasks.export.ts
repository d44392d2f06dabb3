import { fieldValueText } from '@shipyard/shared';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customFields } from '../../db/schema/index.ts';
import { type CsvColumn, csvChunks } from '../../lib/csv.ts';
import { labelsOfTasks, type TaskLabel } from './tasks.labels.ts';
import type { TaskListing, TaskListQuery } from './tasks.listing.ts';
import type { TaskWithNames } from './tasks.mapper.ts';

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

/** Rows read per query by an export: big enough to be quick, small enough to stay light. */
const EXPORT_PAGE_SIZE = 500;

export function createTaskExport({ db, listing }: { db: Db; listing: Pick<TaskListing, 'list'> }) {
  /**
   * The CSV export (issue 20): every task the list shows with this query (its filters, sort and
   * grouping), all pages, read by the list's own query `EXPORT_PAGE_SIZE` at a time; the first
   * page counts them all.
   */
  return async function exportCsv(query: Omit<TaskListQuery, 'cursor' | 'limit'>) {
    async function read(cursor: string | undefined) {
      const page = await listing.list({ ...query, cursor, limit: EXPORT_PAGE_SIZE, withTotal: !cursor });
      const labels = await labelsOfTasks(
        db,
        page.rows.map((row) => row.task.id),
      );
      return { ...page, rows: page.rows.map((row) => ({ ...row, labels: labels.get(row.task.id) ?? [] })) };
    }
    // A product's export has a column per custom field (issue 29), named like the field, with the
    // values as text (option names, 'Yes'); across products the fields differ, so none.
    const fields = query.productId
      ? await db
          .select()
          .from(customFields)
          .where(eq(customFields.productId, query.productId))
          .orderBy(asc(customFields.position), asc(customFields.createdAt), asc(customFields.id))
      : [];
    const columns: CsvColumn<TaskExportRow>[] = [
      ...TASK_CSV_COLUMNS,
      ...fields.map((field) => ({
        header: field.name,
        value: (r: TaskExportRow) => fieldValueText(field, r.task.fields[field.id]),
      })),
    ];
    // The first page is read before answering: a failure is still a proper error answer, and
    // the count for x-total-count comes with it.
    const first = await read(undefined);
    async function* all(): AsyncGenerator<TaskExportRow[]> {
      let page = first;
      for (;;) {
        if (page.rows.length) yield page.rows;
        if (!page.nextCursor) return;
        page = await read(page.nextCursor);
      }
    }
    return { total: first.total, chunks: csvChunks(columns, all()) };
  };
}
