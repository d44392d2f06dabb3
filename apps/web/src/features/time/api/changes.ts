import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { timeKeys } from './keys.ts';

/**
 * Time logged or a timer started or stopped in another tab or browser (issue 31): the task's time,
 * the caller's timer, and the weeks and reports that sum it. A task's own change (its estimate,
 * title or key) shows in its time section, the header's timer and the timesheet's rows.
 */
export const timeChanges: ChangeListener = {
  on: {
    time: ({ id }) => [
      prefix(timeKeys.ofTask(id)),
      prefix(timeKeys.timer),
      prefix(timeKeys.timesheets),
      prefix(timeKeys.reports),
      prefix(timeKeys.lists),
    ],
    // A task changed may have joined or left a list's filters, or gone to the trash.
    task: ({ id }) => [
      prefix(timeKeys.ofTask(id)),
      { ...prefix(timeKeys.timer), stale: true },
      prefix(timeKeys.lists),
    ],
  },
};
