import type { Announcements, ScreenReaderInstructions } from '@dnd-kit/core';
import { columnKeyboardCoordinates } from '../../../lib/dnd.ts';
import { COLUMN_IDS, columnById, columnOfStatus, taskOf } from './task-board-model.ts';

/** Left and right arrows move a picked-up card between the columns (ARCHITECTURE §6). */
export const keyboardCoordinates = columnKeyboardCoordinates(COLUMN_IDS, (data) =>
  columnOfStatus(taskOf(data)?.status),
);

export const screenReaderInstructions: ScreenReaderInstructions = {
  draggable:
    'To move a task to another status, press space or enter to pick it up, use the left and right arrow keys to choose a column, then press space or enter to drop it, or escape to cancel.',
};

export const announcements: Announcements = {
  onDragStart({ active }) {
    const task = taskOf(active.data.current);
    return task ? `Picked up ${task.title}, in the ${task.status} column.` : undefined;
  },
  onDragOver({ active, over }) {
    const task = taskOf(active.data.current);
    if (!task) return undefined;
    const column = columnById(over?.id);
    return column
      ? `${task.title} is over the ${column.status} column.`
      : `${task.title} is not over a column.`;
  },
  onDragEnd({ active, over }) {
    const task = taskOf(active.data.current);
    if (!task) return undefined;
    const column = columnById(over?.id);
    if (!column) return `${task.title} was dropped outside the columns. Its status is unchanged.`;
    if (column.status === task.status)
      return `${task.title} was dropped back in ${column.status}. Its status is unchanged.`;
    return `${task.title} was moved to ${column.status}.`;
  },
  onDragCancel({ active }) {
    const task = taskOf(active.data.current);
    return task ? `Moving ${task.title} was cancelled. It stays in ${task.status}.` : undefined;
  },
};
