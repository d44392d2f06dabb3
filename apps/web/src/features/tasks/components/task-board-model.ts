import type { UniqueIdentifier } from '@dnd-kit/core';
import { type Role, TASK_COLUMNS, type Task, type TaskStatus } from '@shipyard/shared';

/** What the board's parts share: its columns, and the task a dragged card carries. */

export type Viewer = { id: string; role: Role };
export type Column = (typeof TASK_COLUMNS)[number];
export type ColumnId = Column['id'];

export const COLUMN_IDS: readonly ColumnId[] = TASK_COLUMNS.map((column) => column.id);

export const columnOfStatus = (status: TaskStatus | undefined): ColumnId | undefined =>
  TASK_COLUMNS.find((column) => column.status === status)?.id;
export const columnById = (id: UniqueIdentifier | null | undefined): Column | undefined =>
  TASK_COLUMNS.find((column) => column.id === id);

export type CardData = { task: Task };
export const taskOf = (data: unknown): Task | undefined => (data as CardData | undefined)?.task;

/**
 * What a drop means (spec §2.15): on another column, the status that column stands for; in the
 * task's own column, or outside every column, nothing.
 */
export function statusForDrop(
  task: Pick<Task, 'status'>,
  overId: UniqueIdentifier | null | undefined,
): TaskStatus | null {
  const column = columnById(overId);
  return column && column.status !== task.status ? column.status : null;
}
