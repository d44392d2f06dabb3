import type { Db } from '../../db/client.ts';
import { type CsvColumn, csvChunks } from '../../lib/csv.ts';
import { exportedValue, exportFields, peopleNamed } from './tasks.export-fields.ts';
import { type ExportRelations, RELATION_COLUMNS, relationsOfTasks } from './tasks.export-relations.ts';
import type { TaskLabel } from './tasks.labels.ts';
import type { TaskListing, TaskListQuery } from './tasks.listing.ts';
import type { TaskWithNames } from './tasks.mapper.ts';

// The CSV export of the task lists (issue 20): the columns the lists show, every page.

type TaskExportRow = TaskWithNames & {
  labels: TaskLabel[];
  people: ReadonlyMap<string, string>;
  relations: ExportRelations;
};

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
  // The parent and related tasks by key (issue 29), as an import reads them back.
  ...RELATION_COLUMNS.map(
    (column): CsvColumn<TaskExportRow> => ({ header: column, value: (r) => r.relations[column]?.join('; ') }),
  ),
];

/** Rows read per query by an export: big enough to be quick, small enough to stay light. */
const EXPORT_PAGE_SIZE = 500;

export function createTaskExport({ db, listing }: { db: Db; listing: Pick<TaskListing, 'list'> }) {
  /**
   * The CSV export (issue 20): every task the list shows with this query (its filters, sort and
   * grouping), all pages, read by the list's own query `EXPORT_PAGE_SIZE` at a time; the first
   * page counts them all.
   */
  /** The products of the tasks the query matches: its groups by product, counted once (and cached). */
  async function productsOf(query: Omit<TaskListQuery, 'cursor' | 'limit'>) {
    const page = await listing.list({
      ...query,
      group: 'product',
      groupField: undefined,
      limit: 1,
      withTotal: true,
    });
    return (page.groups ?? []).map((g) => g.key);
  }

  return async function exportCsv(query: Omit<TaskListQuery, 'cursor' | 'limit'>) {
    async function read(cursor: string | undefined) {
      const page = await listing.list({ ...query, cursor, limit: EXPORT_PAGE_SIZE, withTotal: !cursor });
      const ids = page.rows.map((row) => row.task.id);
      const [people, relations] = await Promise.all([
        peopleNamed(db, fields, page.rows),
        relationsOfTasks(db, query.me, ids),
      ]);
      return {
        ...page,
        rows: page.rows.map((row) => ({
          ...row,
          people,
          relations: relations.get(row.task.id) ?? {},
        })),
      };
    }
    // A column per custom field of the exported tasks' products (issue 29).
    const fields = await exportFields(db, query.productId ? [query.productId] : await productsOf(query));
    const columns: CsvColumn<TaskExportRow>[] = [
      ...TASK_CSV_COLUMNS,
      ...fields.map(({ field, header }) => ({
        header,
        value: (r: TaskExportRow) => exportedValue(field, r.task.fields[field.id], r.people),
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
