// The query-key prefixes of this feature, for its realtime listener (api/changes.ts) and for app/.
export { teamMemberKeys } from './get-team-members.ts';
