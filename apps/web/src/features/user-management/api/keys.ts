// The query-key prefixes of this feature, for app/ (realtime, providers) to invalidate by.
export { teamMemberKeys } from './get-team-members.ts';
