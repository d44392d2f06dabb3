// The query-key prefixes of this feature, for app/ (realtime, providers) to invalidate by.
export { notificationKeys } from './get-notifications.ts';
export { unreadCountKey } from './get-unread-count.ts';
