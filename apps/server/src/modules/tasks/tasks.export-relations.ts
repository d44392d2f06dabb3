import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, taskRelations, tasks } from '../../db/schema/index.ts';
import { type Viewer, visibleProducts } from '../../lib/visibility.ts';

// The relation columns of a task export (issue 29): the parent's key, and the keys of the tasks a
// task blocks, is blocked by, relates to and duplicates, joined by "; " (an import reads them back).
// Only tasks the exporter sees are named, none in the trash.

/** The columns, in the export's order, and how each reads a stored relation from the exported task. */
export const RELATION_COLUMNS = ['parent', 'blocks', 'blocked_by', 'relates_to', 'duplicate_of'] as const;
type RelationColumn = (typeof RELATION_COLUMNS)[number];

export type ExportRelations = Partial<Record<RelationColumn, string[]>>;

/** Each task's parent and related tasks, by column, for a page of the export (one query). */
export async function relationsOfTasks(
  db: Db,
  viewer: Viewer,
  taskIds: readonly string[],
): Promise<Map<string, ExportRelations>> {
  const byTask = new Map<string, ExportRelations>();
  if (taskIds.length === 0) return byTask;
  const ids = `{${[...new Set(taskIds)].join(',')}}`;
  const seen = visibleProducts(viewer) ?? sql`true`;
  const { rows } = await db.execute<{ task_id: string; col: RelationColumn; key: string }>(sql`
    select x.task_id, x.col, ${tasks.key} as key
    from (
      select t.id as task_id, 'parent' as col, t.parent_id as other_id, 0 as n
        from ${tasks} t where t.id = any(${ids}::uuid[]) and t.parent_id is not null
      union all
      select r.source_id, case r.kind when 'blocks' then 'blocks' when 'relates' then 'relates_to'
          else 'duplicate_of' end, r.target_id, 1
        from ${taskRelations} r where r.source_id = any(${ids}::uuid[])
      union all
      select r.target_id, case r.kind when 'blocks' then 'blocked_by' else 'relates_to' end, r.source_id, 1
        from ${taskRelations} r where r.target_id = any(${ids}::uuid[]) and r.kind <> 'duplicates'
    ) x
    join ${tasks} on ${tasks.id} = x.other_id and ${tasks.deletedAt} is null
    join ${products} on ${products.id} = ${tasks.productId}
    where ${seen}
    order by x.task_id, x.col, ${tasks.key}`);
  for (const row of rows) {
    const entry = byTask.get(row.task_id) ?? {};
    entry[row.col] = [...(entry[row.col] ?? []), row.key];
    byTask.set(row.task_id, entry);
  }
  return byTask;
}
