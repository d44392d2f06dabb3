import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { reportKeys } from './keys.ts';

const figures = () => [prefix(reportKeys.all)];

/** Reports count tasks, products and teams (refetched only while shown, like any query). */
export const reportChanges: ChangeListener = {
  on: { task: figures, product: figures, team: figures, member: figures },
};
