import type { SetFieldValues, Task, TaskPriority, TaskStatus } from '@shipyard/shared';
import type { TaskDefaults } from './task-defaults.ts';

// The task dialog's values (task-form-dialog.tsx): what the form holds, the fields it sends and
// maps server errors to, and a new or edited task's starting values.

/** What the form holds: every optional choice is '' for "none" until the schema makes it null. */
export type TaskFormValues = {
  title: string;
  description: string;
  projectId: string;
  status: TaskStatus;
  /** One of the product's workflow states (issue 29), '' until they are known. */
  stateId: string;
  priority: TaskPriority;
  phase: string;
  teamId: string;
  assigneeId: string;
  dueDate: string;
  /** Issue 31 (the Gantt): on or before the due date. */
  startDate: string;
  /** Issue 29: a value of the product's estimate scale, or ''. */
  estimate: string;
  /** Issue 29, a new task's: its parent task ('' none) and its custom field values by field id. */
  parentId: string;
  fields: SetFieldValues;
};

export const FIELDS = [
  'title',
  'description',
  'projectId',
  'status',
  'stateId',
  'priority',
  'phase',
  'teamId',
  'assigneeId',
  'dueDate',
  'startDate',
  'estimate',
] as const satisfies ReadonlyArray<keyof TaskFormValues>;

export function defaultsFor(
  task: Task | undefined,
  productId: string | undefined,
  d: TaskDefaults | undefined,
): TaskFormValues {
  return {
    title: task?.title ?? '',
    description: task?.description ?? '',
    projectId: task?.projectId ?? productId ?? d?.projectId ?? '',
    status: task?.status ?? d?.status ?? 'Pending',
    stateId: task ? (task.stateId ?? '') : (d?.stateId ?? ''),
    priority: task?.priority ?? d?.priority ?? 'medium',
    phase: task ? (task.phase ?? '') : (d?.phase ?? ''),
    teamId: task ? (task.teamId ?? '') : (d?.teamId ?? ''),
    assigneeId: task ? (task.assigneeId ?? '') : (d?.assigneeId ?? ''),
    dueDate: task?.dueDate ?? '',
    startDate: task?.startDate ?? '',
    estimate: task?.estimate ?? '',
    parentId: task ? (task.parentId ?? '') : (d?.parent?.id ?? ''),
    fields: {},
  };
}
