import { sharedKeys } from '../../../lib/query-keys.ts';
import { type ChangeListener, ofProduct, prefix } from '../../../lib/realtime-changes.ts';
import { workflowKeys } from './keys.ts';

export const workflowChanges: ChangeListener = {
  on: {
    // A product's state added, renamed, recoloured, reordered or deleted in another browser
    // (issue 29): its settings card and its board's columns; a deleted state's tasks moved, so the
    // task lists too.
    state: ({ op, productId }) => [
      ofProduct(workflowKeys.product, productId),
      ...(op === 'deleted' ? [prefix(sharedKeys.taskLists)] : []),
    ],
  },
};
