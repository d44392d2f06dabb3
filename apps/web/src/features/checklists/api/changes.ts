import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { checklistKeys } from './keys.ts';

/** A tick in another browser (issue 15). */
export const checklistChanges: ChangeListener = {
  on: { task: ({ id }) => [prefix(checklistKeys.ofTask(id))] },
};
