// The query-key prefixes of this feature, for its realtime listener (api/changes.ts) and for app/.
export { notificationKeys } from './get-notifications.ts';
export { unreadCountKey } from './get-unread-count.ts';
