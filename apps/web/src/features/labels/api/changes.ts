import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { labelKeys } from './keys.ts';

export const labelChanges: ChangeListener = {
  on: {
    // A task's labels set in another browser (issue 15).
    task: ({ id }) => [prefix(labelKeys.ofTask(id))],
    // A product's label renamed, recoloured or deleted: its pickers and the tasks' own labels.
    label: () => [prefix(labelKeys.all)],
  },
};
