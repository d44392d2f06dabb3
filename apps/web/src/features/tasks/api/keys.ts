// The query-key prefixes of this feature, for app/ (realtime, providers) to invalidate by.
export { taskKeys } from './get-tasks.ts';
