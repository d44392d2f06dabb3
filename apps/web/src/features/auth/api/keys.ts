// The query-key prefixes of this feature, for app/ (realtime, providers) to invalidate by. The
// providers query is left out: the server's configuration never changes while it runs, and
// importing it here would pull it out of the /auth chunk into one of its own.
export { sessionKey } from './get-session.ts';
