import { sharedKeys } from '../../../lib/query-keys.ts';
import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';

// A task changed elsewhere (completed: its next occurrence now carries the rule; stopped; set):
// how it repeats is read again when shown.
export const recurrenceChanges: ChangeListener = {
  on: { task: ({ id }) => [prefix(sharedKeys.taskRecurrence(id))] },
};
