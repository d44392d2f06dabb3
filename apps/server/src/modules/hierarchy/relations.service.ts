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
import type { WebhookOutbox } from '../services/index.ts';
import {
  findVisibleTask,
  holdTaskForChange,
  relationsChangedEvents,
  type SeenTask,
  touchTask,
} from '../tasks/index.ts';
import { closeDuplicate, type TaskNames } from './duplicates.ts';

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

/** The same relation read from its other task: "blocks" from one side is "blocked by" from the other. */
const INVERSE: Record<RelationType, RelationType> = {
  blocks: 'blocked_by',
  blocked_by: 'blocks',
  relates_to: 'relates_to',
  duplicate_of: 'duplicates',
  duplicates: 'duplicate_of',
};

/** A relation type as a history entry reads it: "blocked by". */
const spoken = (type: RelationType) => type.replace('_', ' ');

const relationNotFound = () => NotFound(relationMessages.notFound, 'RELATION_NOT_FOUND');
const invalidTask = (message: string) =>
  BadRequest(message, 'VALIDATION_ERROR', { fields: { taskId: [message] } });

type Deps = { db: Db; activities: ActivityRecorder; changes: Changes; outbox: WebhookOutbox };

export function createRelationsService({ db, activities, changes, outbox }: Deps) {
  const inTransaction = createInTransaction(db, changes);

  /** A relation added or removed is a change of both tasks: `task.updated` for each, with its relations. */
  async function sendUpdated(tx: Db, taskIds: readonly string[]) {
    // One event after the other, in the order of the tasks (the asking task first).
    for (const event of await relationsChangedEvents(tx, taskIds)) await outbox.enqueue(tx, event);
  }

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

  /**
   * The history of both tasks of a relation added or removed: each reads it from its own side
   * ("blocks ATL-4" on one, "blocked by ATL-3" on the other), in its own product.
   */
  async function recordOnBoth(
    tx: Db,
    viewer: Viewer,
    op: 'added' | 'removed',
    [self, them]: [TaskNames, TaskNames],
    type: RelationType,
  ) {
    const sides: Array<[TaskNames, RelationType, TaskNames]> = [
      [self, type, them],
      [them, INVERSE[type], self],
    ];
    await activities.insertMany(
      sides.map(([task, as, other]) => ({
        actionType: 'task_updated',
        description:
          op === 'added'
            ? `Added a relation: "${task.title}" ${spoken(as)} ${other.key}`
            : `Removed a relation: ${spoken(as)} ${other.key}`,
        metadata: {
          taskId: task.id,
          changes: {
            relation:
              op === 'added'
                ? { from: null, to: `${as} ${other.key}` }
                : { from: `${as} ${other.key}`, to: null },
          },
        },
        productId: task.productId,
        taskId: task.id,
        performedBy: viewer.id,
      })),
      tx,
    );
  }

  /** The key, title and product of the two tasks of a relation. */
  async function namesOf(tx: Db, taskId: string, otherId: string): Promise<[TaskNames, TaskNames]> {
    const rows = await tx
      .select({ id: tasks.id, key: tasks.key, title: tasks.title, productId: tasks.productId })
      .from(tasks)
      .where(or(eq(tasks.id, taskId), eq(tasks.id, otherId)));
    const self = rows.find((t) => t.id === taskId);
    const them = rows.find((t) => t.id === otherId);
    if (!self || !them) throw relationNotFound();
    return [self, them];
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
        await holdTaskForChange(tx, viewer, taskId, { readOnly: relationMessages.readOnly });
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
        const pair = await namesOf(tx, taskId, other.id);
        await recordOnBoth(tx, viewer, 'added', pair, body.type);
        const [self, them] = pair;
        if (duplicateId) {
          const [duplicate, original] = duplicateId === self.id ? [self, them] : [them, self];
          await closeDuplicate(tx, activities, viewer.id, duplicate, original);
        }
        await sendUpdated(tx, [taskId, other.id]);
        after.publish(await touchTask(tx, taskId), await touchTask(tx, other.id));
        const [shown] = (await relationsOf(tx, viewer, taskId)).filter((r) => r.id === row.id);
        if (!shown) throw relationNotFound();
        return shown;
      });
    },

    /** DELETE /tasks/{id}/relations/{relationId}, by whoever may edit the task. */
    async remove(viewer: Viewer, taskId: string, relationId: string): Promise<void> {
      await inTransaction(async (tx, after) => {
        await holdTaskForChange(tx, viewer, taskId, { readOnly: relationMessages.readOnly });
        const visible = await relationsOf(tx, viewer, taskId);
        const relation = visible.find((r) => r.id === relationId);
        if (!relation) throw relationNotFound();
        await tx.delete(taskRelations).where(eq(taskRelations.id, relationId));
        await recordOnBoth(tx, viewer, 'removed', await namesOf(tx, taskId, relation.task.id), relation.type);
        await sendUpdated(tx, [taskId, relation.task.id]);
        after.publish(await touchTask(tx, taskId), await touchTask(tx, relation.task.id));
      });
    },
  };
}

export type RelationsService = ReturnType<typeof createRelationsService>;
