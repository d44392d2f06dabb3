import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { activityKeys } from './keys.ts';

const log = () => [prefix(activityKeys.all)];

/** The activity log: every change that writes an entry of it (a calendar event only of a product). */
export const activityChanges: ChangeListener = {
  on: {
    task: log,
    product: log,
    team: log,
    member: log,
    event: ({ productId }) => (productId ? log() : []),
    document: log,
    comment: log,
    activity: log,
  },
};
