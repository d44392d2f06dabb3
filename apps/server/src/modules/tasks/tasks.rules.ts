import { type TaskStatus, taskDateMessages, taskDatesInOrder, taskMessages } from '@shipyard/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { TaskRow } from '../../db/schema/index.ts';
import { BadRequest } from '../../lib/errors.ts';
import { type Change, versionOf } from '../../lib/realtime/changes.ts';
import type { NewActivity } from '../activities/index.ts';
import { type NewNotification, notificationTexts } from '../notifications/index.ts';
import type { WebhookEventInput } from '../services/index.ts';
import type { TaskWithNames } from './tasks.mapper.ts';
import type { TasksRepository } from './tasks.repository.ts';

// What a task's writes say and check, written once for every path that makes them: POST /tasks
// (in one statement or checked step by step), an import, an edit, a status change, a delete.

/**
 * A task's start date is on or before its due date (issue 31, decision 057): refused as the start
 * date's field error, before the database's CHECK would refuse it.
 */
export function refuseDatesOutOfOrder(
  startDate: string | null | undefined,
  dueDate: string | null | undefined,
) {
  if (taskDatesInOrder(startDate, dueDate)) return;
  throw BadRequest(taskDateMessages.startAfterDue, 'VALIDATION_ERROR', {
    fields: { startDate: [taskDateMessages.startAfterDue] },
  });
}

/** completed_at follows the status: set (by the database's clock) on Completed, cleared otherwise. */
export const completedAtFor = (status: TaskStatus) => (status === 'Completed' ? sql`now()` : null);

/** A relation in a task's webhook payload, as seen from the task (tasks.event-relations.ts). */
export type EventRelation = {
  kind: 'blocks' | 'blocked_by' | 'relates_to' | 'duplicate_of' | 'duplicates';
  taskId: string;
  key: string;
};

/** The webhook event of a task change; a task moved between products concerns both. */
export const taskEvent = (
  event: WebhookEventInput['event'],
  row: Pick<TaskRow, 'id' | 'productId' | 'title' | 'status'> &
    Partial<Pick<TaskRow, 'key' | 'fields' | 'parentId'>> & { relations?: readonly EventRelation[] },
  extra: Record<string, unknown> = {},
  previousProductId = row.productId,
): WebhookEventInput => ({
  event,
  productIds: [row.productId, previousProductId],
  data: {
    taskId: row.id,
    // Its key (issue 28): known once written; the one-statement create adds it in that statement.
    ...(row.key && { key: row.key }),
    productId: row.productId,
    title: row.title,
    status: row.status,
    // Its parent task (issue 29: sub-tasks), null for a top-level task.
    parentId: row.parentId ?? null,
    // Its relations as seen from it (issue 29): none for a new task; the others read them first.
    relations: row.relations ?? [],
    // Its custom field values by field id (issue 29), once it has any.
    ...(row.fields && Object.keys(row.fields).length > 0 && { fields: row.fields }),
    ...extra,
  },
});

/** The realtime change of a task, to everyone who sees its product (the old one too, after a move). */
export const taskChange = (
  op: Change['op'],
  row: Pick<TaskRow, 'id' | 'productId' | 'createdAt' | 'updatedAt'>,
  productId = row.productId,
): Change => ({
  kind: 'task',
  op,
  id: row.id,
  productId,
  version: versionOf(row),
});

/** What a new task's other writes say of it, known before it is written. */
export type CreatedFacts = Pick<
  TaskRow,
  'id' | 'productId' | 'title' | 'status' | 'priority' | 'assigneeId'
> &
  Partial<Pick<TaskRow, 'key' | 'parentId'>>;

/**
 * What creating tasks writes beside them, for POST /tasks and an import alike: each task's
 * `task_created` entry (an import's says where from), its `task.created` webhook event, and its
 * creator and assignee as watchers. Who is told is `assignedNotification`'s rule; an import tells
 * nobody (an import of 500 tasks must not send 500 notifications: decision 021).
 */
export function creationWrites(
  actorId: string,
  rows: readonly CreatedFacts[],
  importedFrom?: 'csv' | 'trello' | 'template',
  /** More of the entry's metadata: where the task came from (`recurring: true`, a series' occurrence). */
  origin?: Readonly<Record<string, unknown>>,
) {
  return {
    entries: rows.map(
      (row): NewActivity => ({
        actionType: 'task_created',
        description: `Created task "${row.title}"`,
        metadata: {
          priority: row.priority,
          status: row.status,
          taskId: row.id,
          ...(importedFrom && { importedFrom }),
          ...origin,
        },
        productId: row.productId,
        taskId: row.id,
        performedBy: actorId,
      }),
    ),
    events: rows.map((row) => taskEvent('task.created', row)),
    watchers: rows.map((row) => ({
      task: row,
      userIds: [...new Set([actorId, row.assigneeId])].filter((id): id is string => Boolean(id)),
    })),
  };
}

/**
 * TASK_ASSIGNED to a task's new assignee, unless they assigned it to themselves or already had
 * it; undefined when nobody is to be told.
 */
export function assignedNotification(
  actor: { id: string; name: string },
  task: { id: string; title: string; assigneeId: string | null; productId: string; productName: string },
  previousAssigneeId: string | null,
): NewNotification | undefined {
  if (!task.assigneeId || task.assigneeId === actor.id || task.assigneeId === previousAssigneeId) return;
  return {
    userId: task.assigneeId,
    senderId: actor.id,
    type: 'TASK_ASSIGNED',
    message: notificationTexts.taskAssigned(actor.name, task.title, task.productName),
    metadata: { taskId: task.id, productId: task.productId },
  };
}

/**
 * A team and an assignee must be of the task's product; both are reported at once. Answers the
 * names the task shows of them (what the checks read anyway).
 */
export async function checkReferences(
  tasks: Pick<TasksRepository, 'teamOfProduct' | 'isAssignable'>,
  tx: Db,
  productId: string,
  refs: { teamId: string | null; assigneeId: string | null },
): Promise<Pick<TaskWithNames, 'team' | 'assignee'>> {
  const fields: Record<string, string[]> = {};
  const team = refs.teamId ? await tasks.teamOfProduct(tx, refs.teamId, productId) : undefined;
  if (refs.teamId && !team) fields.teamId = [taskMessages.teamNotInProduct];
  const assignee = refs.assigneeId ? await tasks.isAssignable(tx, refs.assigneeId, productId) : undefined;
  if (refs.assigneeId && !assignee) fields.assigneeId = [taskMessages.assigneeNotInProduct];
  const first = Object.values(fields)[0]?.[0];
  if (first) throw BadRequest(first, 'VALIDATION_ERROR', { fields });
  return { team: team ?? null, assignee: assignee ?? null };
}
