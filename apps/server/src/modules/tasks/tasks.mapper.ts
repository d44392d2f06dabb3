import type { Task } from '@shipyard/shared';
import type { TaskRow } from '../../db/schema/index.ts';
import { type Blockers, notBlocked } from './tasks.blockers.ts';
import type { TaskLabel } from './tasks.labels.ts';

/** A task with the names its screens show, joined in the query that read it. */
export type TaskWithNames = {
  /** A live task: what only the trash reads (when and by whom it was deleted) need not be read. */
  task: Omit<TaskRow, 'deletedAt' | 'deletedBy' | 'deletedWithProduct' | 'deletedWithParent'>;
  productName: string;
  team: { id: string; name: string } | null;
  assignee: { id: string; name: string; avatarUrl: string | null } | null;
};

/**
 * The API's task (spec §3): both `id` and `_id`, `projectId` and `product_id`; with its checklist
 * counts and its labels (read for a whole page at once, tasks.labels.ts).
 */
export function toTask(
  { task, productName, team, assignee }: TaskWithNames,
  labels: TaskLabel[] = [],
  blockers: Blockers = notBlocked,
): Task {
  return {
    id: task.id,
    _id: task.id,
    number: task.number,
    key: task.key,
    title: task.title,
    description: task.description,
    status: task.status,
    priority: task.priority,
    phase: task.phase,
    dueDate: task.dueDate,
    startDate: task.startDate,
    teamId: task.teamId,
    team: team ? { id: team.id, name: team.name } : null,
    assigneeId: task.assigneeId,
    assignee: assignee ? { id: assignee.id, name: assignee.name, avatar_url: assignee.avatarUrl } : null,
    projectId: task.productId,
    product_id: task.productId,
    project: { id: task.productId, name: productName },
    createdBy: task.createdBy,
    completedAt: task.completedAt?.toISOString() ?? null,
    createdAt: task.createdAt.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
    checklist: { done: task.checklistDone, total: task.checklistTotal },
    labels,
    rank: task.rank,
    ...(task.seriesId !== null && { recurring: true }),
    stateId: task.stateId,
    parentId: task.parentId,
    subtasks: { done: task.subtaskDone, total: task.subtaskTotal },
    estimate: task.estimate,
    blocked: blockers.blocked,
    blockedBy: blockers.blockedBy,
    fields: task.fields,
  };
}
