import {
  type CreateRelation,
  RELATIONS_PER_TASK_MAX,
  type Relation,
  type RelationList,
  type RelationType,
  relationMessages,
} from '@shipyard/shared';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, taskRelations, tasks } from '../../db/schema/index.ts';
import { BadRequest, Conflict, NotFound, pgUniqueViolation } from '../../lib/errors.ts';
import type { Changes } from '../../lib/realtime/changes.ts';
import { refuseArchivedProduct, type Viewer, visibleProducts } from '../../lib/visibility.ts';
import { createInTransaction } from '../../lib/write.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import { findVisibleTask, holdTaskForChange, type SeenTask, touchTask } from '../tasks/index.ts';

// Relations between tasks (issue 29, docs/decisions/038-hierarchy-relations-estimates.md): stored
// once per pair (kind, source, target), shown from either side. A viewer sees a relation only when
// they see both tasks: one to a task out of their sight is left out, title and all.

type Kind = (typeof taskRelations.$inferSelect)['kind'];

/** A type as the task asking sees it → how it is stored, the asking task as source or target. */
const STORED: Record<RelationType, { kind: Kind; asSource: boolean }> = {
  blocks: { kind: 'blocks', asSource: true },
  blocked_by: { kind: 'blocks', asSource: false },
  relates_to: { kind: 'relates', asSource: true },
  duplicate_of: { kind: 'duplicates', asSource: true },
  duplicates: { kind: 'duplicates', asSource: false },
};

/** How a stored relation reads from one of its tasks. */
function typeFrom(kind: Kind, asSource: boolean): RelationType {
  if (kind === 'relates') return 'relates_to';
  if (kind === 'blocks') return asSource ? 'blocks' : 'blocked_by';
  return asSource ? 'duplicate_of' : 'duplicates';
}

const relationNotFound = () => NotFound(relationMessages.notFound, 'RELATION_NOT_FOUND');
const invalidTask = (message: string) =>
  BadRequest(message, 'VALIDATION_ERROR', { fields: { taskId: [message] } });

type Deps = { db: Db; activities: ActivityRecorder; changes: Changes };

export function createRelationsService({ db, activities, changes }: Deps) {
  const inTransaction = createInTransaction(db, changes);

  /** The task's relations to tasks the viewer sees (the other task's product visible to them). */
  async function relationsOf(tx: Db, viewer: Viewer, taskId: string): Promise<Relation[]> {
    const rows = await tx
      .select({
        id: taskRelations.id,
        kind: taskRelations.kind,
        sourceId: taskRelations.sourceId,
        task: {
          id: tasks.id,
          key: tasks.key,
          title: tasks.title,
          status: tasks.status,
          projectId: tasks.productId,
        },
      })
      .from(taskRelations)
      .innerJoin(
        tasks,
        sql`${tasks.id} = case when ${taskRelations.sourceId} = ${taskId} then ${taskRelations.targetId} else ${taskRelations.sourceId} end`,
      )
      .innerJoin(products, eq(products.id, tasks.productId))
      .where(
        and(
          or(eq(taskRelations.sourceId, taskId), eq(taskRelations.targetId, taskId)),
          visibleProducts(viewer),
        ),
      )
      .orderBy(taskRelations.createdAt, taskRelations.id);
    return rows.map((row) => ({
      id: row.id,
      type: typeFrom(row.kind, row.sourceId === taskId),
      task: row.task,
    }));
  }

  return {
    /** GET /tasks/{id}/relations: 404 unless the viewer sees the task. */
    async list(viewer: Viewer, taskId: string): Promise<RelationList> {
      await findVisibleTask(db, viewer, taskId);
      return { data: await relationsOf(db, viewer, taskId) };
    },

    /** The same, of a task the caller already found visible (the task's page). */
    ofSeenTask: async (viewer: Viewer, task: SeenTask): Promise<RelationList> => ({
      data: await relationsOf(db, viewer, task.id),
    }),

    /**
     * POST /tasks/{id}/relations, by whoever may edit the task (and sees the other one). "Duplicate
     * of" closes the duplicate: Completed, with a history entry saying why.
     */
    async create(viewer: Viewer, taskId: string, body: CreateRelation): Promise<Relation> {
      return inTransaction(async (tx, after) => {
        const task = await holdTaskForChange(tx, viewer, taskId, { readOnly: relationMessages.readOnly });
        if (body.taskId === taskId) throw invalidTask(relationMessages.self);
        const other = await findVisibleTask(tx, viewer, body.taskId, () =>
          invalidTask(relationMessages.taskNotFound),
        );
        const [count] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(taskRelations)
          .where(or(eq(taskRelations.sourceId, taskId), eq(taskRelations.targetId, taskId)));
        if ((count?.n ?? 0) >= RELATIONS_PER_TASK_MAX)
          throw Conflict(relationMessages.tooMany, 'RELATIONS_FULL');
        const { kind, asSource } = STORED[body.type];
        const [sourceId, targetId] = asSource ? [taskId, other.id] : [other.id, taskId];
        const duplicateId = kind === 'duplicates' ? sourceId : undefined;
        if (duplicateId === other.id) await refuseArchivedProduct(tx, other.productId);
        const [row] = await tx
          .insert(taskRelations)
          .values({ kind, sourceId, targetId, createdBy: viewer.id })
          .returning()
          .catch((err: unknown) => {
            throw pgUniqueViolation(err) ? Conflict(relationMessages.exists, 'RELATION_EXISTS') : err;
          });
        if (!row) throw new Error('relation insert returned no row');
        const [a, b] = await tx
          .select({ id: tasks.id, key: tasks.key, title: tasks.title, productId: tasks.productId })
          .from(tasks)
          .where(or(eq(tasks.id, taskId), eq(tasks.id, other.id)));
        const byId = new Map([a, b].filter((t) => t !== undefined).map((t) => [t.id, t]));
        const self = byId.get(taskId);
        const them = byId.get(other.id);
        if (!self || !them) throw relationNotFound();
        const label = typeFrom(kind, asSource).replace('_', ' ');
        await activities.insert(
          {
            actionType: 'task_updated',
            description: `Added a relation: "${self.title}" ${label} ${them.key}`,
            metadata: { taskId, changes: { relation: { from: null, to: `${body.type} ${them.key}` } } },
            productId: task.productId,
            taskId,
            performedBy: viewer.id,
          },
          tx,
        );
        if (duplicateId) await closeDuplicate(tx, viewer, duplicateId, byId);
        after.publish(await touchTask(tx, taskId), await touchTask(tx, other.id));
        const [shown] = (await relationsOf(tx, viewer, taskId)).filter((r) => r.id === row.id);
        if (!shown) throw relationNotFound();
        return shown;
      });
    },

    /** DELETE /tasks/{id}/relations/{relationId}, by whoever may edit the task. */
    async remove(viewer: Viewer, taskId: string, relationId: string): Promise<void> {
      await inTransaction(async (tx, after) => {
        const task = await holdTaskForChange(tx, viewer, taskId, { readOnly: relationMessages.readOnly });
        const visible = await relationsOf(tx, viewer, taskId);
        const relation = visible.find((r) => r.id === relationId);
        if (!relation) throw relationNotFound();
        await tx.delete(taskRelations).where(eq(taskRelations.id, relationId));
        await activities.insert(
          {
            actionType: 'task_updated',
            description: `Removed a relation: ${relation.type.replace('_', ' ')} ${relation.task.key}`,
            metadata: {
              taskId,
              changes: { relation: { from: `${relation.type} ${relation.task.key}`, to: null } },
            },
            productId: task.productId,
            taskId,
            performedBy: viewer.id,
          },
          tx,
        );
        after.publish(await touchTask(tx, taskId), await touchTask(tx, relation.task.id));
      });
    },
  };

  /** The duplicate, Completed (unless it was), with an entry naming what it duplicates. */
  async function closeDuplicate(
    tx: Db,
    viewer: Viewer,
    duplicateId: string,
    byId: Map<string, { id: string; key: string; title: string; productId: string }>,
  ) {
    const duplicate = byId.get(duplicateId);
    const original = [...byId.values()].find((t) => t.id !== duplicateId);
    if (!duplicate || !original) return;
    const [closed] = await tx
      .update(tasks)
      .set({ status: 'Completed', completedAt: sql`now()`, rank: '', updatedAt: sql`now()` })
      .where(and(eq(tasks.id, duplicateId), sql`${tasks.status} <> 'Completed'`))
      .returning({ id: tasks.id, status: tasks.status });
    if (!closed) return;
    await activities.insert(
      {
        actionType: 'task_completed',
        description: `${relationMessages.duplicateClosed(original.key)}: "${duplicate.title}"`,
        metadata: {
          taskId: duplicateId,
          newStatus: 'Completed',
          duplicateOf: original.id,
          status: 'Completed',
        },
        productId: duplicate.productId,
        taskId: duplicateId,
        performedBy: viewer.id,
      },
      tx,
    );
  }
}

export type RelationsService = ReturnType<typeof createRelationsService>;
