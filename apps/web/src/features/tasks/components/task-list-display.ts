import type { Task, TaskStatus } from '@shipyard/shared';
import type { NextPages } from '../../../hooks/use-infinite-virtual-list.ts';
import type { Viewer } from './task-board-model.ts';

/**
 * What a task list hands the rows it shows (a display: the tasks page's table, a product's stacked
 * rows): the loaded tasks and how many match in all, whether they are the previous filters' or
 * being refreshed, the row menu's actions, and the next pages.
 */
export type TaskRowsProps = {
  /** Changes with the filters: the rows start again from their top. */
  resetKey: string;
  tasks: Task[];
  total: number;
  /** Still the previous filters' tasks, while the new ones load. */
  stale: boolean;
  /** Refreshing in the background (not a next page). */
  updating: boolean;
  viewer: Viewer;
  onEdit: (task: Task) => void;
  onChangeStatus: (task: Task, status: TaskStatus) => void;
} & NextPages;
