import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { hierarchyKeys } from './keys.ts';

export const hierarchyChanges: ChangeListener = {
  on: {
    // A task changed (a sub-task added, its status, a relation on either side): every task's
    // sub-tasks and relations read again when shown, and the product's scale after a product change.
    task: () => [prefix([...hierarchyKeys.all, 'subtasks']), prefix([...hierarchyKeys.all, 'relations'])],
    product: ({ id }) => [prefix([...hierarchyKeys.all, 'scale', id])],
  },
};
