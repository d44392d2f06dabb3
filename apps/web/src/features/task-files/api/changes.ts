import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { taskFileKeys } from './keys.ts';

/** A task's files are documents too; the event does not say which task. */
export const taskFileChanges: ChangeListener = {
  on: { document: () => [prefix(taskFileKeys.all)] },
};
