import type { UniqueIdentifier } from '@dnd-kit/core';
import { type Role, TASK_COLUMNS, type Task, type TaskStatus } from '@shipyard/shared';

/** What the board's parts share: who looks and its columns. */

export type Viewer = { id: string; role: Role };

/**
 * A board column: a status (the board across products), or one product's workflow state (issue
 * 29), with the state's name and colour.
 */
export type BoardColumnSpec = {
  id: string;
  title: string;
  status: TaskStatus;
  stateId?: string | undefined;
  color?: string | undefined;
};

export const columnOfStatus = (status: TaskStatus): string =>
  TASK_COLUMNS.find((column) => column.status === status)?.id ?? status;

/**
 * What a drop means (spec §2.15): on another column, the status that column stands for; in the
 * task's own column, or outside every column, nothing.
 */
export function statusForDrop(
  task: Pick<Task, 'status'>,
  overId: UniqueIdentifier | null | undefined,
): TaskStatus | null {
  const column = TASK_COLUMNS.find((candidate) => candidate.id === overId);
  return column && column.status !== task.status ? column.status : null;
}
