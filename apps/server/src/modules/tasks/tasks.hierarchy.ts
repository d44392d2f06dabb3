import {
  type EstimateScale,
  estimateMessages,
  estimateOnScale,
  hierarchyMessages,
  SUBTASK_DEPTH_MAX,
  type UpdateTask,
} from '@shipyard/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, type TaskRow, tasks } from '../../db/schema/index.ts';
import { BadRequest } from '../../lib/errors.ts';

// A task's parent and estimate (issue 29, docs/decisions/038-hierarchy-relations-estimates.md),
// checked for every write that sets them: a create, an edit.

const invalid = (field: string, message: string) =>
  BadRequest(message, 'VALIDATION_ERROR', { fields: { [field]: [message] } });

/**
 * The parent may be set: a live task of the same product (its own: seeing the task is seeing
 * it), neither the task nor one of its sub-tasks, and the tree stays SUBTASK_DEPTH_MAX deep.
 * `taskId`: the task being edited (none for a create, which has no sub-tasks yet).
 */
export async function checkParent(tx: Db, productId: string, parentId: string, taskId?: string) {
  const [parent] = await tx
    .select({ productId: tasks.productId })
    .from(tasks)
    .where(eq(tasks.id, parentId))
    .for('key share');
  if (!parent) throw invalid('parentId', hierarchyMessages.parentNotFound);
  if (parent.productId !== productId) throw invalid('parentId', hierarchyMessages.parentOtherProduct);
  // The parent's ancestors: its depth, and whether the task is one of them (a cycle).
  const { rows: up } = await tx.execute<{ id: string }>(sql`
    with recursive up(id, parent_id, n) as (
      select id, parent_id, 1 from tasks where id = ${parentId}::uuid
      union all
      select t.id, t.parent_id, up.n + 1 from tasks t join up on t.id = up.parent_id where up.n < 10
    ) select id from up`);
  if (taskId && up.some((row) => row.id === taskId)) throw invalid('parentId', hierarchyMessages.parentCycle);
  // The task's own levels: itself and its sub-tasks below it.
  let height = 1;
  if (taskId) {
    const { rows } = await tx.execute<{ height: number }>(sql`
      with recursive down(id, n) as (
        select id, 1 from tasks where id = ${taskId}::uuid
        union all
        select t.id, down.n + 1 from tasks t join down on t.parent_id = down.id where down.n < 10
      ) select max(n)::int as height from down`);
    height = rows[0]?.height ?? 1;
  }
  if (up.length + height > SUBTASK_DEPTH_MAX) throw invalid('parentId', hierarchyMessages.parentTooDeep);
}

/** The product's estimate scale. */
export async function scaleOf(tx: Db, productId: string): Promise<EstimateScale> {
  const [row] = await tx
    .select({ scale: products.estimateScale })
    .from(products)
    .where(eq(products.id, productId));
  return row?.scale ?? 'none';
}

/** The estimate as stored, if it fits the product's scale (400 with the scale's own message). */
export async function checkEstimate(tx: Db, productId: string, value: string | number): Promise<string> {
  const scale = await scaleOf(tx, productId);
  const estimate = estimateOnScale(scale, value);
  if (estimate === undefined) throw invalid('estimate', estimateMessages[scale]);
  return estimate;
}

/** What a task's estimate counts as in a sum (SQL): its number, a t-shirt size by TSHIRT_POINTS. */
export const estimatePoints = sql`(case ${tasks.estimate} when 'XS' then 1 when 'S' then 2 when 'M' then 3
  when 'L' then 5 when 'XL' then 8 else ${tasks.estimate}::numeric end)`;

/** After a move to another product: the task leaves its parent and its sub-tasks leave it. */
export async function detachFromTree(tx: Db, taskId: string) {
  await tx.update(tasks).set({ parentId: null }).where(eq(tasks.parentId, taskId));
}

/**
 * An edit's parent and estimate, checked: a moved task leaves its parent (its sub-tasks leave it
 * too, `detachFromTree`) and keeps its estimate only if it fits the new product's scale.
 */
export async function treeAndSize(
  tx: Db,
  current: Pick<TaskRow, 'id' | 'productId' | 'parentId' | 'estimate'>,
  productId: string,
  body: Pick<UpdateTask, 'parentId' | 'estimate'>,
) {
  const moved = productId !== current.productId;
  let parentId = body.parentId ?? (body.parentId === null || moved ? null : undefined);
  if (parentId && parentId !== current.parentId) await checkParent(tx, productId, parentId, current.id);
  if (parentId === undefined) parentId = current.parentId;
  let estimate: string | null | undefined;
  if (body.estimate !== undefined && body.estimate !== null) {
    estimate = await checkEstimate(tx, productId, body.estimate);
  } else if (body.estimate === null) estimate = null;
  else if (moved && current.estimate) {
    estimate = estimateOnScale(await scaleOf(tx, productId), current.estimate) ?? null;
  }
  return { parentId, estimate };
}
