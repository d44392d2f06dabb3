import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { fieldKeys } from './keys.ts';

export const fieldChanges: ChangeListener = {
  on: {
    // A product's field defined, renamed, reordered or deleted in another browser (issue 29).
    field: () => [prefix(fieldKeys.all)],
  },
};
