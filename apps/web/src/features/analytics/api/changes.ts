import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { analyticsKeys } from './keys.ts';

const figures = () => [prefix(analyticsKeys.all)];

/** Analytics count tasks, products and teams (refetched only while shown, like any query). */
export const analyticsChanges: ChangeListener = {
  on: { task: figures, product: figures, team: figures, member: figures },
};
