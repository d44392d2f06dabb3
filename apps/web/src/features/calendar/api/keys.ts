// The query-key prefixes of this feature, for app/ (realtime, providers) to invalidate by.
export { calendarTaskKeys } from './get-calendar-tasks.ts';
export { eventKeys } from './get-events.ts';
