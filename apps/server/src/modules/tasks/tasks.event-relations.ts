import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { taskRelations, tasks } from '../../db/schema/index.ts';
import type { WebhookEventInput } from '../services/index.ts';
import { type EventRelation, taskEvent } from './tasks.rules.ts';

// A task's relations in its webhook payloads (issue 29, docs/decisions/008-webhooks.md): each as seen
// from the task, with the other task's id and key. A webhook is set up by an admin, who sees every
// product, so relations to tasks of other products are listed too; tasks in the trash are not.

/** Each task's relations as its payload lists them, oldest first, in one query (an import's tasks). */
export async function eventRelationsOf(tx: Db, taskIds: readonly string[]) {
  const found = new Map<string, EventRelation[]>(taskIds.map((id) => [id, []]));
  if (taskIds.length === 0) return found;
  const ids = sql`(${sql.join(
    taskIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;
  const { rows } = await tx.execute<EventRelation & { of: string }>(sql`
    select s.of, case
        when r.kind = 'relates' then 'relates_to'
        when r.kind = 'blocks' and r.source_id = s.of then 'blocks'
        when r.kind = 'blocks' then 'blocked_by'
        when r.source_id = s.of then 'duplicate_of'
        else 'duplicates' end as kind,
      o.id as "taskId", o.key
    from ${taskRelations} r
    join lateral (select r.source_id as of union all select r.target_id) s on s.of in ${ids}
    join ${tasks} o on o.id = case when r.source_id = s.of then r.target_id else r.source_id end
    where (r.source_id in ${ids} or r.target_id in ${ids}) and o.deleted_at is null
    order by r.created_at, r.id`);
  for (const { of, ...relation } of rows) found.get(of)?.push(relation);
  return found;
}

/** A task row with its relations, for `taskEvent`. */
export async function withRelations<T extends { id: string }>(tx: Db, row: T) {
  return { ...row, relations: (await eventRelationsOf(tx, [row.id])).get(row.id) ?? [] };
}

/**
 * `task.updated` of tasks whose relations changed (modules/hierarchy, an import; in its
 * transaction): a relation added or removed is a change of both its tasks.
 */
export async function relationsChangedEvents(
  tx: Db,
  taskIds: readonly string[],
): Promise<WebhookEventInput[]> {
  if (taskIds.length === 0) return [];
  const rows = await tx
    .select({
      id: tasks.id,
      key: tasks.key,
      productId: tasks.productId,
      title: tasks.title,
      status: tasks.status,
      parentId: tasks.parentId,
      fields: tasks.fields,
    })
    .from(tasks)
    .where(inArray(tasks.id, [...taskIds]));
  const relations = await eventRelationsOf(tx, taskIds);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return taskIds.flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          taskEvent(
            'task.updated',
            { ...row, relations: relations.get(id) ?? [] },
            { changed: ['relations'] },
          ),
        ]
      : [];
  });
}
