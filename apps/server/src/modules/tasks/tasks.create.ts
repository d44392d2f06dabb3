import { randomUUID } from 'node:crypto';
import { type CreateTask, canEditTasks, type Task, taskMessages } from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { TaskRow } from '../../db/schema/index.ts';
import { Forbidden, pgForeignKeyViolation } from '../../lib/errors.ts';
import { type Changes, notificationChange } from '../../lib/realtime/changes.ts';
import type { SessionUser } from '../../lib/session.ts';
import { holdVisibleProduct, productArchived } from '../../lib/visibility.ts';
import { type AfterCommit, createInTransaction, writeAtOnce, writeTogether } from '../../lib/write.ts';
import type { ActivityRecorder } from '../activities/index.ts';
import type { Notifier } from '../notifications/index.ts';
import type { WebhookOutbox } from '../services/index.ts';
import type { FieldValueCheck } from './tasks.fields.ts';
import { checkEstimate, checkParent } from './tasks.hierarchy.ts';
import { toTask } from './tasks.mapper.ts';
import type { TasksRepository } from './tasks.repository.ts';
import {
  assignedNotification,
  type CreatedFacts,
  checkReferences,
  completedAtFor,
  creationWrites,
  refuseDatesOutOfOrder,
  taskChange,
} from './tasks.rules.ts';
import { stateOfProduct } from './tasks.states.ts';
import type { TaskWatching } from './tasks.watchers.ts';

// POST /tasks (docs/decisions/023-request-hot-path.md). What a create writes is tasks.rules.ts's
// `creationWrites` (the importer writes the same, for many tasks); here is only how: in one
// statement when nothing needs checking first, otherwise checked step by step in a transaction,
// which also says which check refused (404, 403, 409, 400).

type Deps = {
  db: Db;
  tasks: TasksRepository;
  activities: Pick<ActivityRecorder, 'insertStatement'>;
  notifications: Pick<Notifier, 'insert'>;
  outbox: Pick<WebhookOutbox, 'enqueueStatement'>;
  changes: Changes;
  watching: Pick<TaskWatching, 'watchStatement'>;
  /** The check of the custom field values sent (the fields module's, issue 29). */
  fields: FieldValueCheck;
};

export function createTaskCreation({
  db,
  tasks,
  activities,
  notifications,
  outbox,
  changes,
  watching,
  fields,
}: Deps) {
  const inTransaction = createInTransaction(db, changes);

  /** A create's row but its id: the request's fields (their defaults applied by the schema). */
  const newTask = (actor: SessionUser, body: CreateTask, estimate: string | null = null) => ({
    productId: body.projectId,
    title: body.title,
    description: body.description,
    status: body.status,
    priority: body.priority,
    phase: body.phase,
    teamId: body.teamId,
    assigneeId: body.assigneeId,
    dueDate: body.dueDate,
    startDate: body.startDate,
    /** None: the trigger takes the first state of the status (issue 29). */
    stateId: body.stateId ?? null,
    completedAt: completedAtFor(body.status),
    createdBy: actor.id,
    parentId: body.parentId,
    estimate,
  });

  /**
   * The new task's other writes (`creationWrites`), each its module's own insert not run
   * (lib/write.ts): its watchers, its `task_created` entry (whose foreign key to the task is what
   * fails `writeAtOnce` when the task was not written) and its webhook deliveries; and the
   * watchers' realtime changes, given how many rows each statement returned.
   */
  function writesOf(
    tx: Db,
    actor: Pick<SessionUser, 'id'>,
    row: CreatedFacts,
    { atOnce = false, origin }: { atOnce?: boolean; origin?: Readonly<Record<string, unknown>> } = {},
  ) {
    const { entries, events, watchers } = creationWrites(actor.id, [row], undefined, origin);
    const watch = watching.watchStatement(
      tx,
      row,
      watchers.flatMap((w) => w.userIds),
    );
    // In one statement the key is not known before it: its deliveries read it from the lead's row.
    const keyOfLead = atOnce ? sql`(select jsonb_build_object('key', lead.key) from lead)` : undefined;
    const webhooks = events.map((event) => outbox.enqueueStatement(event, keyOfLead));
    return {
      statements: [
        ...(watch.statement ? [watch.statement] : []),
        ...entries.map((entry) => activities.insertStatement(entry, tx)),
        ...webhooks.filter((statement) => statement !== undefined),
      ],
      changes: (counts: number[]) => watch.changes(watch.statement ? (counts[0] ?? 0) : 0),
    };
  }

  /**
   * The create as ONE statement (lib/write.ts writeAtOnce): the task's insert, which writes it only
   * when the product is visible and not archived and the team and assignee are the product's, and
   * its other writes. When a check fails nothing is written, and this rejects with 23503.
   */
  async function createAtOnce(actor: SessionUser, body: CreateTask): Promise<Task> {
    const values = { ...newTask(actor, body), id: randomUUID() };
    const writes = writesOf(db, actor, values, { atOnce: true });
    const { row, counts } = await writeAtOnce(
      db,
      tasks.insertCheckedStatement(values, actor),
      writes.statements,
    );
    const created = tasks.insertedWithNames(row);
    // Committed: its changes go out now. A new task has no labels yet.
    changes.publish(taskChange('created', created.task), ...writes.changes(counts));
    return toTask(created);
  }

  /**
   * The create checked step by step in the caller's transaction, each failing check with its own
   * answer; its changes are queued on `after`. Also what a template's create (issue 29) runs, so
   * that what the template adds is written in the same transaction as the task.
   */
  async function createWithin(tx: Db, after: AfterCommit, actor: SessionUser, body: CreateTask) {
    refuseDatesOutOfOrder(body.startDate, body.dueDate);
    // The product read once: visible (else 404), then the role (403), then archived (409).
    const product = await holdVisibleProduct(tx, actor, body.projectId);
    if (!canEditTasks(actor.role)) throw Forbidden(taskMessages.guestReadOnly, 'READ_ONLY');
    if (product.archivedAt) throw productArchived();
    const names = await checkReferences(tasks, tx, product.id, body);
    if (body.stateId) await stateOfProduct(tx, body.stateId, product.id);
    // Issue 29: a parent of the product, not too deep; an estimate of its scale.
    if (body.parentId) await checkParent(tx, product.id, body.parentId);
    const estimate = body.estimate === null ? null : await checkEstimate(tx, product.id, body.estimate);
    const values = body.fields ? await fields(tx, product.id, body.fields, {}) : {};
    const row = await tasks.insert({ ...newTask(actor, body, estimate), fields: values }, tx);
    await recordCreated(tx, after, actor, row, product.name);
    // Its names are those just checked (no read back), and a new task has no labels yet.
    return toTask({ task: row, productName: product.name, ...names });
  }

  /**
   * What creating a task writes beside it, in `tx`, and publishes once it commits: its
   * `task_created` entry, `task.created` webhook event, watchers (creator and assignee), the
   * assignee's TASK_ASSIGNED notification, and the realtime changes. POST /tasks's checked path,
   * and a task written by another module (a recurring task's next occurrence, issue 29).
   */
  async function recordCreated(
    tx: Db,
    after: AfterCommit,
    actor: Pick<SessionUser, 'id' | 'name'>,
    row: TaskRow,
    productName: string,
    /** More of the `task_created` entry's metadata (a recurring series' occurrence: `recurring: true`). */
    origin?: Readonly<Record<string, unknown>>,
  ) {
    const writes = writesOf(tx, actor, row, { origin });
    const counts = await writeTogether(tx, writes.statements);
    const told = assignedNotification(actor, { ...row, productName }, null);
    const notified = told ? await notifications.insert(told, tx) : undefined;
    after.publish(
      taskChange('created', row),
      ...(notified ? [notificationChange('created', notified)] : []),
      ...writes.changes(counts),
    );
  }

  /** The create checked step by step in a transaction, each failing check with its own answer. */
  function createChecked(actor: SessionUser, body: CreateTask): Promise<Task> {
    return inTransaction((tx, after) => createWithin(tx, after, actor, body));
  }

  /**
   * Most creates are one statement, with no transaction and no product read before it (decision
   * 023): the insert makes the checks itself. A guest (404 comes before 403) and a create that
   * tells its assignee (the notifier reads their settings in the transaction) or sets custom
   * fields (their check reads the product's fields) take the checked path, and so does a create whose one statement found a check failing, to answer which.
   */
  async function create(actor: SessionUser, body: CreateTask): Promise<Task> {
    refuseDatesOutOfOrder(body.startDate, body.dueDate);
    // A parent, an estimate or custom field values (issue 29) are checked step by step.
    const withFields = body.fields !== undefined && Object.keys(body.fields).length > 0;
    const plain = !body.parentId && body.estimate === null && !withFields;
    if (plain && canEditTasks(actor.role) && (!body.assigneeId || body.assigneeId === actor.id)) {
      const task = await createAtOnce(actor, body).catch((err: unknown) => {
        if (pgForeignKeyViolation(err)) return undefined;
        throw err;
      });
      if (task) return task;
    }
    return createChecked(actor, body);
  }
  return Object.assign(create, { within: createWithin, recorded: recordCreated });
}
