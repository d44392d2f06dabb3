import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { gateKeys } from './keys.ts';

/**
 * A gate decision, a move, or a change to what the criteria check (a task's status, phase, labels
 * or fields; a product's labels or fields) in another tab or browser (issue 32): every gate screen
 * reads again.
 */
const gates = () => [prefix(gateKeys.all)];

export const gateChanges: ChangeListener = {
  on: { product: gates, task: gates, label: gates, field: gates },
};
