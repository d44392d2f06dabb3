import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { taskRelations, tasks } from '../../db/schema/index.ts';
import type { WebhookEventInput } from '../services/index.ts';
import { type EventRelation, taskEvent } from './tasks.rules.ts';

// A task's relations in its webhook payloads (issue 29, docs/decisions/008-webhooks.md): each as seen
// from the task, with the other task's id and key. A webhook is set up by an admin, who sees every
// product, so relations to tasks of other products are listed too; tasks in the trash are not.

/** The task's relations as its payload lists them, oldest first. */
async function eventRelations(tx: Db, taskId: string): Promise<EventRelation[]> {
  const { rows } = await tx.execute<EventRelation>(sql`
    select case
        when r.kind = 'relates' then 'relates_to'
        when r.kind = 'blocks' and r.source_id = ${taskId}::uuid then 'blocks'
        when r.kind = 'blocks' then 'blocked_by'
        when r.source_id = ${taskId}::uuid then 'duplicate_of'
        else 'duplicates' end as kind,
      o.id as "taskId", o.key
    from ${taskRelations} r
    join ${tasks} o on o.id = case when r.source_id = ${taskId}::uuid then r.target_id else r.source_id end
    where (r.source_id = ${taskId}::uuid or r.target_id = ${taskId}::uuid) and o.deleted_at is null
    order by r.created_at, r.id`);
  return rows;
}

/** A task row with its relations, for `taskEvent`. */
export async function withRelations<T extends { id: string }>(tx: Db, row: T) {
  return { ...row, relations: await eventRelations(tx, row.id) };
}

/**
 * `task.updated` of a task whose relations changed (modules/hierarchy, in its transaction): a
 * relation added or removed is a change of both its tasks.
 */
export async function relationsChangedEvent(tx: Db, taskId: string): Promise<WebhookEventInput | undefined> {
  const [row] = await tx
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
    .where(eq(tasks.id, taskId));
  if (!row) return undefined;
  return taskEvent('task.updated', await withRelations(tx, row), { changed: ['relations'] });
}
