import {
  type EstimateScale,
  type EstimateScaleInfo,
  estimateMessages,
  estimateOnScale,
  type SubtaskList,
} from '@shipyard/shared';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, tasks, users } from '../../db/schema/index.ts';
import type { Changes } from '../../lib/realtime/changes.ts';
import { versionOf } from '../../lib/realtime/changes.ts';
import { findManagedProduct, findVisibleProduct, type Viewer } from '../../lib/visibility.ts';
import { createInTransaction } from '../../lib/write.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import { findVisibleTask, type SeenTask } from '../tasks/index.ts';

// A task's sub-tasks and ancestors, and a product's estimate scale (issue 29,
// docs/decisions/038-hierarchy-relations-estimates.md). Setting a task's parent or estimate is an
// edit of the task (PATCH /tasks/{id}/update, modules/tasks), checked there.

type Deps = { db: Db; activities: ActivityRecorder; changes: Changes };

export function createHierarchyService({ db, activities, changes }: Deps) {
  const inTransaction = createInTransaction(db, changes);

  /** The product's estimates that do not fit `scale` (what a change to it clears). */
  async function misfits(tx: Db, productId: string, scale: EstimateScale) {
    const rows = await tx
      .select({ estimate: tasks.estimate })
      .from(tasks)
      .where(and(eq(tasks.productId, productId), isNotNull(tasks.estimate)));
    return rows.filter((row) => row.estimate && estimateOnScale(scale, row.estimate) === undefined).length;
  }

  /** A task's sub-tasks (their product is its own) and its ancestors, the root first. */
  async function subtasksOf(taskId: string): Promise<SubtaskList> {
    const [rows, up] = await Promise.all([
      db
        .select({
          id: tasks.id,
          key: tasks.key,
          title: tasks.title,
          status: tasks.status,
          assignee: { id: users.id, name: users.name, avatar_url: users.avatarUrl },
        })
        .from(tasks)
        .leftJoin(users, eq(users.id, tasks.assigneeId))
        .where(eq(tasks.parentId, taskId))
        .orderBy(asc(tasks.number)),
      db.execute<{ id: string; key: string; title: string; status: string; product_id: string }>(sql`
        with recursive up(id, key, title, status, product_id, parent_id, n) as (
          select p.id, p.key, p.title, p.status, p.product_id, p.parent_id, 1
            from tasks t join tasks p on p.id = t.parent_id where t.id = ${taskId}::uuid
          union all
          select p.id, p.key, p.title, p.status, p.product_id, p.parent_id, up.n + 1
            from tasks p join up on p.id = up.parent_id where up.n < 10
        ) select id, key, title, status, product_id from up order by n desc`),
    ]);
    return {
      parents: up.rows.map((row) => ({
        id: row.id,
        key: row.key,
        title: row.title,
        status: row.status as SubtaskList['parents'][number]['status'],
        projectId: row.product_id,
      })),
      data: rows,
    };
  }

  return {
    /** GET /tasks/{id}/subtasks: its sub-tasks (their product is its own) and its ancestors. */
    async subtasks(viewer: Viewer, taskId: string): Promise<SubtaskList> {
      await findVisibleTask(db, viewer, taskId);
      return subtasksOf(taskId);
    },

    /** The same, of a task the caller already found visible (the task's page). */
    ofSeenTask: (task: SeenTask) => subtasksOf(task.id),

    /** GET /projects/{id}/estimates: the scale, and how many estimates `scale` would clear. */
    async scale(viewer: Viewer, productId: string, scale?: EstimateScale): Promise<EstimateScaleInfo> {
      const product = await findVisibleProduct(db, viewer, productId);
      return {
        scale: product.estimateScale,
        misfits: await misfits(db, productId, scale ?? product.estimateScale),
      };
    },

    /**
     * PUT /projects/{id}/estimates, by whoever manages the product: the new scale keeps the
     * estimates that fit it and clears the others (one history entry says how many).
     */
    async setScale(viewer: Viewer, productId: string, scale: EstimateScale): Promise<EstimateScaleInfo> {
      return inTransaction(async (tx, after) => {
        const product = await findManagedProduct(tx, viewer, productId, {
          forbidden: estimateMessages.manageForbidden,
        });
        if (product.estimateScale === scale) return { scale, misfits: 0 };
        const rows = await tx
          .select({ id: tasks.id, estimate: tasks.estimate })
          .from(tasks)
          .where(and(eq(tasks.productId, productId), isNotNull(tasks.estimate)));
        const cleared = rows.filter((r) => r.estimate && estimateOnScale(scale, r.estimate) === undefined);
        const kept = rows.filter((r) => r.estimate && estimateOnScale(scale, r.estimate) !== undefined);
        if (cleared.length > 0) {
          await tx
            .update(tasks)
            .set({ estimate: null, updatedAt: sql`now()` })
            .where(sql`${tasks.id} = any(${`{${cleared.map((r) => r.id).join(',')}}`}::uuid[])`);
        }
        // Kept values are written as the new scale spells them ('xs' → 'XS', '2.0' → '2').
        for (const row of kept) {
          const spelled = row.estimate ? estimateOnScale(scale, row.estimate) : undefined;
          if (spelled && spelled !== row.estimate) {
            await tx.update(tasks).set({ estimate: spelled }).where(eq(tasks.id, row.id));
          }
        }
        const [updated] = await tx
          .update(products)
          .set({ estimateScale: scale, updatedAt: sql`now()` })
          .where(eq(products.id, productId))
          .returning();
        await activities.insert(
          {
            actionType: 'product_updated',
            description: `Changed the estimate scale of "${product.name}" to ${scale}${cleared.length > 0 ? ` (${cleared.length} estimates cleared)` : ''}`,
            metadata: {
              changes: { estimateScale: { from: product.estimateScale, to: scale } },
              cleared: cleared.length,
            },
            productId,
            performedBy: viewer.id,
          },
          tx,
        );
        if (updated) {
          after.publish({
            kind: 'product',
            op: 'updated',
            id: productId,
            productId,
            version: versionOf(updated),
          });
        }
        return { scale, misfits: 0 };
      });
    },
  };
}

export type HierarchyService = ReturnType<typeof createHierarchyService>;
