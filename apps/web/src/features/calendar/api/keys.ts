// The query-key prefixes of this feature, for its realtime listener (api/changes.ts) and for app/.
export { calendarTaskKeys } from './get-calendar-tasks.ts';
export { eventKeys } from './get-events.ts';
