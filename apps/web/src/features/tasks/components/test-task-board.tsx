import type { Role } from '@shipyard/shared';
import { TaskBoard, type TaskBoardProps } from './task-board.tsx';
import type { TaskFilterValues } from './task-search-params.ts';

// What the task board's tests share: no filters, a member, and the board with them.

export const noFilters: TaskFilterValues = { search: '', productId: undefined, phase: [], status: [] };
const member = { id: 'u-1', role: 'member' as Role };

/** A narrowed board, with the next action its empty state offers. */
export const narrowedBoard = { narrowed: true, emptyAction: <button type="button">Clear filters</button> };

/** The board of every task for a member, unless `props` say otherwise. */
export function taskBoard(props: Partial<TaskBoardProps> = {}) {
  return <TaskBoard filters={noFilters} viewer={member} onEdit={() => {}} narrowed={false} {...props} />;
}
