import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { calendarTaskKeys, eventKeys } from './keys.ts';

// The calendar's tasks live under the events root: what refreshes the events refreshes them too.
const calendar = () => [prefix(eventKeys.all)];

export const calendarChanges: ChangeListener = {
  on: {
    // A due date, title or assignee changed (issue 16).
    task: () => [prefix(calendarTaskKeys.all)],
    // Products' target dates show; a membership gives or takes away a product's.
    product: calendar,
    member: calendar,
    event: calendar,
  },
};
