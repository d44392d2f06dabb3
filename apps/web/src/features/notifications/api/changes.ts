import { type ChangeListener, prefix } from '../../../lib/realtime-changes.ts';
import { notificationKeys } from './keys.ts';

/** The lists and the sidebar's badge. */
export const notificationChanges: ChangeListener = {
  on: {
    notification: () => [prefix(notificationKeys.lists), prefix(notificationKeys.unreadCount)],
  },
};
