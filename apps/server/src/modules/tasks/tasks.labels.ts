import { type AnyColumn, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { labels, taskLabels } from '../../db/schema/index.ts';

export type TaskLabel = { id: string; name: string; color: string };

/**
 * The labels of each of these tasks, by name, in one query: a page of a task list reads its
 * tasks' labels at once (never one query per task). Tasks without labels are absent.
 */
export async function labelsOfTasks(db: Db, taskIds: readonly string[]): Promise<Map<string, TaskLabel[]>> {
  const byTask = new Map<string, TaskLabel[]>();
  if (taskIds.length === 0) return byTask;
  const rows = await db
    .select({ taskId: taskLabels.taskId, id: labels.id, name: labels.name, color: labels.color })
    .from(taskLabels)
    .innerJoin(labels, eq(labels.id, taskLabels.labelId))
    .where(inArray(taskLabels.taskId, [...new Set(taskIds)]))
    .orderBy(asc(sql`lower(${labels.name})`), asc(labels.id));
  for (const { taskId, ...label } of rows) {
    const list = byTask.get(taskId);
    if (list) list.push(label);
    else byTask.set(taskId, [label]);
  }
  return byTask;
}

/**
 * The same for a statement that reads tasks' rows (`taskId`: its task id column): the task's
 * labels by name as a JSON array, in that statement (a list page's rows bring theirs along).
 */
export const labelsOfRow = (taskId: AnyColumn) => sql<TaskLabel[]>`coalesce((
  select json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color) order by lower(l.name), l.id)
  from ${taskLabels} tl join ${labels} l on l.id = tl.label_id
  where tl.task_id = ${taskId}), '[]'::json)`;
