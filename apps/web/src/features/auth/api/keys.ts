// The query-key prefixes of this feature, for its realtime listener (api/changes.ts) and for
// app/. The providers query is left out: the server's configuration never changes while it runs,
// and importing it here would pull it out of the /auth chunk into one of its own.
export { sessionKey } from './get-session.ts';
