import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { cycleKeys } from './keys.ts';

/**
 * A cycle created, changed, completed or deleted, or tasks moved in or out, in another tab or
 * browser (issue 31): every cycle screen reads again (a move touches two cycles, the task's field
 * and the velocity). A task's change (its status, estimate or title) shows in its cycle's tally,
 * list and chart; a product's (its estimate scale) in its cycles.
 */
const cycles = () => [prefix(cycleKeys.all)];

export const cycleChanges: ChangeListener = {
  on: { cycle: cycles, task: cycles, product: cycles },
};
