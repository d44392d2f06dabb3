import {
  canChangeTaskStatus,
  canEditTasks,
  syncMessages,
  TASK_CHANGED,
  type Task,
  type TaskMove,
  type TaskOptions,
  type TaskStatus,
  type TaskStatusUpdate,
  taskMessages,
  type UpdateTask,
} from '@shipyard/shared';
import type { Db } from '../../db/client.ts';
import type { TaskRow } from '../../db/schema/index.ts';
import { changedFields } from '../../lib/edits.ts';
import { AppError, Forbidden } from '../../lib/errors.ts';
import type { FreshCache } from '../../lib/fresh-cache.ts';
import { isPlaced, neighboursOf, rankForPlacement } from '../../lib/rank.ts';
import { type Changes, notificationChange } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import {
  findVisibleProduct,
  holdVisibleProduct,
  refuseArchivedProduct,
  type Viewer,
} from '../../lib/visibility.ts';
import { type AfterCommit, createInTransaction } from '../../lib/write.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import type { Notifier } from '../notifications/index.ts';
import type { WebhookOutbox } from '../services/index.ts';
import { taskNotFound } from './tasks.access.ts';
import { createTaskBulk } from './tasks.bulk.ts';
import { createTaskBulkMove } from './tasks.bulk-move.ts';
import { createTaskCreation } from './tasks.create.ts';
import { withRelations } from './tasks.event-relations.ts';
import { editFieldValues, type FieldValueCheck } from './tasks.fields.ts';
import { detachFromTree, scaleOf, treeAndSize } from './tasks.hierarchy.ts';
import { taskIdByKey } from './tasks.keys.ts';
import type { TaskListing } from './tasks.listing.ts';
import { toTask } from './tasks.mapper.ts';
import { taskColumn } from './tasks.rank.ts';
import { createTaskReading } from './tasks.reading.ts';
import { createTaskRemoval } from './tasks.remove.ts';
import type { TaskPatch, TasksRepository } from './tasks.repository.ts';
import {
  assignedNotification,
  checkReferences,
  completedAtFor,
  refuseDatesOutOfOrder,
  taskChange,
  taskEvent,
} from './tasks.rules.ts';
import { firstStateOf, stateOfProduct, statusActivity } from './tasks.states.ts';
import type { TaskWatching } from './tasks.watchers.ts';

// ---- Activity texts ----

/** The fields an edit may change: API name, column, and the words `task_updated` lists them by. */
const EDITABLE = [
  ['title', 'title', 'title'],
  ['description', 'description', 'description'],
  ['priority', 'priority', 'priority'],
  ['phase', 'phase', 'phase'],
  ['teamId', 'teamId', 'team'],
  ['assigneeId', 'assigneeId', 'assignee'],
  ['dueDate', 'dueDate', 'due date'],
  ['startDate', 'startDate', 'start date'],
  ['projectId', 'productId', 'product'],
  ['parentId', 'parentId', 'parent'],
  ['estimate', 'estimate', 'estimate'],
] as const satisfies ReadonlyArray<readonly [keyof UpdateTask, keyof TaskPatch & keyof TaskRow, string]>;

type Deps = {
  db: Db;
  tasks: TasksRepository;
  /** Every task list's reading: filters, sort, grouping, paging (issue 28). */
  listing: TaskListing;
  activities: ActivityRecorder;
  notifications: Notifier;
  /** Webhook deliveries, written in the change's transaction (docs/decisions/008-webhooks.md). */
  outbox: WebhookOutbox;
  /** Realtime: published after commit (docs/decisions/009-realtime.md). */
  changes: Changes;
  /** Auto-watch of creator and assignee; watchers hear of status changes (issue 15). */
  watching: TaskWatching;
  /**
   * First pages of /tasks/all shared by the caller's requests until a write outdates them
   * (lib/fresh-cache.ts, docs/decisions/023-request-hot-path.md); none: every page is read.
   */
  firstPages?: FreshCache;
  /** Told after the commit of every status change, whichever call made it (`app.tasks.onStatusChange`). */
  afterStatusChange?: (change: TaskStatusChange) => Promise<void>;
  /** The check of the custom field values of creates and edits (the fields module's, issue 29). */
  fields: FieldValueCheck;
};

/** A committed change of a task's status: the task as it is now, its status before, who did it. */
export type TaskStatusChange = { task: TaskRow; previous: TaskStatus; actorId: string };

/**
 * What another module keeps of a task and removes with it: run in the purge's transaction
 * (modules/trash), it answers what to do once that committed (a file's bytes go only once the rows
 * are gone).
 */
export type TaskDeletion = (taskId: string, tx: Db) => Promise<() => Promise<void>>;

export function createTasksService({
  db,
  tasks,
  listing,
  activities,
  notifications,
  outbox,
  changes,
  watching,
  firstPages,
  afterStatusChange = async () => {},
  fields,
}: Deps) {
  const inTransaction = createInTransaction(db, changes);
  const reading = createTaskReading({ db, listing, firstPages });
  const readOnly = () => Forbidden(taskMessages.guestReadOnly, 'READ_ONLY');

  async function lockVisible(tx: Db, actor: Viewer, id: string) {
    const task = await tasks.lockVisible(tx, actor, id);
    if (!task) throw taskNotFound();
    return task;
  }

  /**
   * A write queued offline (issue 33) applies only to the task it was made on: changed since
   * (a later `updated_at`), it is refused with the task as it is now, and nothing is written.
   */
  async function refuseIfChanged(tx: Db, current: TaskRow, since: string | undefined) {
    if (since === undefined || current.updatedAt.getTime() <= Date.parse(since)) return;
    throw new AppError(409, TASK_CHANGED, syncMessages.taskChanged, {
      current: await withNames(current.id, tx),
    });
  }

  /** The task as the API shows it (its names, labels and blockers read in one query). */
  function shown(found: Awaited<ReturnType<TasksRepository['findShown']>>): Task {
    if (!found) throw taskNotFound();
    return toTask(found, found.labels, found.blockers);
  }

  async function withNames(id: string, tx: Db): Promise<Task> {
    return shown(await tasks.findShown(id, undefined, tx));
  }

  /** Tells a new assignee, unless they assigned it to themselves (or already had it). */
  async function notifyAssignee(tx: Db, actor: SessionUser, task: Task, previousAssigneeId: string | null) {
    const told = assignedNotification(
      actor,
      { ...task, productId: task.projectId, productName: task.project.name },
      previousAssigneeId,
    );
    return told ? notifications.insert(told, tx) : undefined;
  }

  /**
   * An edit in the caller's transaction: the task as it is now, as it was, and its status change
   * (told to the listeners once the caller committed). The edit call and bulk changes share it.
   */
  async function updateWithin(
    tx: Db,
    after: AfterCommit,
    actor: SessionUser,
    id: string,
    body: UpdateTask,
  ): Promise<{ task: Task; current: TaskRow; change?: TaskStatusChange }> {
    const current = await lockVisible(tx, actor, id);
    if (!canEditTasks(actor.role)) throw readOnly();
    await refuseIfChanged(tx, current, body.ifUnmodifiedSince);
    refuseDatesOutOfOrder(
      body.startDate === undefined ? current.startDate : body.startDate,
      body.dueDate === undefined ? current.dueDate : body.dueDate,
    );
    const productId = body.projectId ?? current.productId;
    const moved = productId !== current.productId;
    await refuseArchivedProduct(tx, current.productId);
    if (moved) {
      await holdVisibleProduct(tx, actor, productId);
      await refuseArchivedProduct(tx, productId);
    }
    const teamId = body.teamId === undefined ? current.teamId : body.teamId;
    const assigneeId = body.assigneeId === undefined ? current.assigneeId : body.assigneeId;
    // Unchanged references are not checked again: an assignee who has since left the team
    // must not block an edit of the title.
    await checkReferences(tasks, tx, productId, {
      teamId: moved || teamId !== current.teamId ? teamId : null,
      assigneeId: moved || assigneeId !== current.assigneeId ? assigneeId : null,
    });
    // A named state must be the (new) product's; the trigger then sets the status to its category.
    const stateChanged = body.stateId !== undefined && body.stateId !== current.stateId;
    if (stateChanged && body.stateId) await stateOfProduct(tx, body.stateId, productId);

    const edit = changedFields(
      EDITABLE,
      { ...body, ...(await treeAndSize(tx, current, productId, body)) },
      current,
    );
    await editFieldValues(edit, fields, tx, { productId, moved }, body.fields, current.fields);
    const { patch, diff, changed } = edit;
    const statusAsked = body.status !== undefined && body.status !== current.status;
    if (statusAsked && body.status && !stateChanged) {
      patch.status = body.status;
      patch.completedAt = completedAtFor(body.status);
    }
    if (stateChanged) patch.stateId = body.stateId;
    // In another column: on its top (the rank trigger), as a status move without a place.
    if (statusAsked || stateChanged || moved) patch.rank = '';
    if (changed.length === 0 && !statusAsked && !stateChanged)
      return { task: await withNames(id, tx), current };

    const row = (await tasks.update(id, patch as TaskPatch, tx)) ?? current;
    const statusChanged = row.status !== current.status || (!moved && row.stateId !== current.stateId);
    const change = statusChanged ? { task: row, previous: current.status, actorId: actor.id } : undefined;
    if (moved) {
      await tasks.carryDetails(id, productId, tx);
      await detachFromTree(tx, id);
    }
    if (statusChanged) await activities.insert(await statusActivity(tx, row, current, actor.id), tx);
    if (changed.length > 0) {
      await activities.insert(
        {
          actionType: 'task_updated',
          description: `Updated task "${row.title}": ${changed.join(', ')}`,
          metadata: { changes: diff, taskId: row.id },
          productId: row.productId,
          taskId: row.id,
          performedBy: actor.id,
        },
        tx,
      );
    }
    const sent = await withRelations(tx, row);
    await outbox.enqueue(
      tx,
      statusChanged && changed.length === 0
        ? taskEvent('task.status_changed', sent, { previousStatus: current.status })
        : taskEvent(
            'task.updated',
            sent,
            {
              changed: [...Object.keys(diff), ...(statusChanged ? ['status'] : [])],
              ...(statusChanged && { previousStatus: current.status }),
            },
            current.productId,
          ),
    );
    const task = await withNames(id, tx);
    const notified = await notifyAssignee(tx, actor, task, current.assigneeId);
    // Watchers hear of the status before a new assignee starts watching (they were told already).
    const told = statusChanged ? await watching.statusChanged(tx, actor, row) : [];
    const watched =
      row.assigneeId !== current.assigneeId ? await watching.watch(tx, row, [row.assigneeId]) : [];
    after.publish(
      taskChange('updated', row),
      // Moved: who sees only the old product must drop it from there.
      ...(moved ? [taskChange('updated', row, current.productId)] : []),
      ...(notified ? [notificationChange('created', notified)] : []),
      ...told,
      ...watched,
    );
    return { task, current, change };
  }

  return {
    ...reading,

    async options(actor: SessionUser, productId: string): Promise<TaskOptions> {
      await findVisibleProduct(db, actor, productId);
      const [{ teams, people }, estimateScale] = await Promise.all([
        tasks.options(productId),
        scaleOf(db, productId),
      ]);
      return {
        estimateScale,
        teams,
        assignees: people.map((p) => ({ id: p.id, name: p.name, email: p.email, avatar_url: p.avatarUrl })),
      };
    },

    async get(actor: SessionUser, id: string): Promise<Task> {
      return shown(await tasks.findShown(id, actor));
    },

    /** GET /tasks/by-key/{key}: 404 alike for a key nobody has and a task the caller may not see. */
    async getByKey(actor: SessionUser, key: string): Promise<Task> {
      const id = await taskIdByKey(db, key);
      return shown(id ? await tasks.findShown(id, actor) : undefined);
    },

    /** POST /tasks (tasks.create.ts). */
    create: createTaskCreation({ db, tasks, activities, notifications, outbox, changes, watching, fields }),

    /**
     * Any subset of the fields. `projectId` moves the task to another product the caller may edit
     * tasks of; its team and assignee must then belong to that product too, so a team of the old
     * product is refused unless the body names another. A status change is recorded as on the
     * status call; the other changes as one `task_updated` entry.
     */
    async update(actor: SessionUser, id: string, body: UpdateTask): Promise<Task> {
      const { task, change } = await inTransaction((tx, after) => updateWithin(tx, after, actor, id, body));
      if (change) await afterStatusChange(change);
      return task;
    },

    /** An edit in the caller's transaction, checked and recorded as PATCH's (issue 31: the Gantt's moves). */
    updateWithin,

    /** PATCH /tasks/bulk and its Undo (tasks.bulk.ts). */
    bulk: createTaskBulk({ inTransaction, updateWithin, afterStatusChange }),

    /**
     * The board's move and the row menu's "Mark as …"; a guest may move the tasks assigned to them.
     * The card lands where it was dropped (`afterId`, `beforeId`: issue 28), else on top of the
     * column; a drop in its own column only reorders it (no history entry, no webhook).
     */
    async changeStatus(actor: SessionUser, id: string, body: TaskStatusUpdate): Promise<TaskMove> {
      let change: TaskStatusChange | undefined;
      const result = await inTransaction(async (tx, after) => {
        const current = await lockVisible(tx, actor, id);
        if (!canChangeTaskStatus(actor, current)) throw readOnly();
        await refuseIfChanged(tx, current, body.ifUnmodifiedSince);
        await refuseArchivedProduct(tx, current.productId);
        // Where it was: what an Undo sends back (read before the column's lock: its own column
        // may be another one, and the card itself is locked).
        const previous = {
          status: current.status,
          stateId: current.stateId,
          ...(await neighboursOf(tx, taskColumn(current.productId, current.stateId), current)),
        };
        const moved = async () => ({ ...(await withNames(id, tx)), previous });
        // The column: the state named (issue 29), else the task's own when the status is its
        // state's, else the first state of that status in the product.
        const target = body.stateId
          ? await stateOfProduct(tx, body.stateId, current.productId)
          : body.status === current.status
            ? { id: current.stateId, category: current.status }
            : await firstStateOf(tx, current.productId, body.status);
        const stateId = target?.id ?? null;
        const status = target?.category ?? body.status;
        if (current.stateId === stateId && !isPlaced(body)) return moved();
        const column = taskColumn(current.productId, stateId);
        const { rank, renumbered } = await rankForPlacement(tx, column, id, body);
        // Renumbered: every card of the column has a new rank, which the product's lists reread.
        const reread = renumbered
          ? [
              {
                kind: 'product' as const,
                op: 'updated' as const,
                id: current.productId,
                productId: current.productId,
              },
            ]
          : [];
        if (current.stateId === stateId) {
          const row = (await tasks.update(id, { rank }, tx)) ?? current;
          after.publish(taskChange('updated', row), ...reread);
          return moved();
        }
        const patch = {
          status,
          stateId,
          ...(status === current.status ? {} : { completedAt: completedAtFor(status) }),
          rank,
        };
        const row = (await tasks.update(id, patch, tx)) ?? current;
        change = { task: row, previous: current.status, actorId: actor.id };
        await activities.insert(await statusActivity(tx, row, current, actor.id), tx);
        const event = taskEvent('task.status_changed', await withRelations(tx, row), {
          previousStatus: current.status,
        });
        await outbox.enqueue(tx, event);
        const told = status === current.status ? [] : await watching.statusChanged(tx, actor, row);
        after.publish(taskChange('updated', row), ...reread, ...told);
        return moved();
      });
      if (change) await afterStatusChange(change);
      return result;
    },

    /** DELETE /tasks/{id} and POST /tasks/bulk/delete: to the trash (tasks.remove.ts). */
    remove: createTaskRemoval({ inTransaction, tasks, activities, outbox }),

    /** PATCH /tasks/bulk/move and its Undo (tasks.bulk-move.ts). */
    bulkMove: createTaskBulkMove({ inTransaction, updateWithin, afterStatusChange, tasks }),
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
