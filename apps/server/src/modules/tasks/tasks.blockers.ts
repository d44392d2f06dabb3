import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { taskRelations, tasks } from '../../db/schema/index.ts';

// Whether an open task blocks a task (issue 29, docs/decisions/038-hierarchy-relations-estimates.md):
// a `blocks` relation from a live task that is not Completed. Read for a whole page at once.

/** A task's blocked mark: whether it is blocked, and the keys of its blockers in its own product. */
export type Blockers = { blocked: boolean; blockedBy: string[] };

export const notBlocked: Blockers = { blocked: false, blockedBy: [] };

/**
 * The open blockers of each of these tasks, in one query (never one per task). Keys are named
 * only for blockers of the task's own product: whoever sees the task sees those; the others only
 * make it blocked. Tasks that nothing blocks are absent.
 */
export async function blockersOfTasks(db: Db, taskIds: readonly string[]): Promise<Map<string, Blockers>> {
  const byTask = new Map<string, Blockers>();
  if (taskIds.length === 0) return byTask;
  const ids = `{${[...new Set(taskIds)].join(',')}}`;
  const { rows } = await db.execute<{ task_id: string; key: string; same: boolean }>(sql`
    select r.target_id as task_id, b.key, b.product_id = t.product_id as same
    from ${taskRelations} r
    join ${tasks} b on b.id = r.source_id
    join ${tasks} t on t.id = r.target_id
    where r.target_id = any(${ids}::uuid[]) and r.kind = 'blocks' and b.status <> 'Completed'
    order by b.number`);
  for (const row of rows) {
    const entry = byTask.get(row.task_id) ?? { blocked: true, blockedBy: [] };
    if (row.same) entry.blockedBy.push(row.key);
    byTask.set(row.task_id, entry);
  }
  return byTask;
}

/**
 * The same for the board's one statement, per card (`card` names the card's task row): a
 * comma-separated list of its open blockers' keys of its product, and '-' for each other one.
 */
export const blockersOfCard = (card: string) =>
  sql.raw(`array_to_string(array(
  select case when b.product_id = ${card}.product_id then b.key else '-' end
  from task_relations r join tasks b on b.id = r.source_id
  where r.target_id = ${card}.id and r.kind = 'blocks' and b.status <> 'Completed'
  order by b.number), ',')`);

/** The board's list ('ATL-1,-') read back. */
export function blockersOfList(list: string): Blockers {
  if (list === '') return notBlocked;
  return { blocked: true, blockedBy: list.split(',').filter((key) => key !== '-') };
}
