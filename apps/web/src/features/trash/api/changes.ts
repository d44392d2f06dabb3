import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { trashKeys } from './keys.ts';

const trash = () => [prefix(trashKeys.all)];

/**
 * The trash: a task or product deleted (it comes in) or restored (published as created: it goes
 * out), by anyone in a product the caller sees.
 */
export const trashChanges: ChangeListener = {
  on: {
    task: ({ op }) => (op === 'updated' ? [] : trash()),
    product: ({ op }) => (op === 'updated' ? [] : trash()),
  },
};
