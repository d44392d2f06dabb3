// The query-key prefixes of this feature, for app/ (realtime, providers) to invalidate by.
export { authProvidersKey } from './get-providers.ts';
export { sessionKey } from './get-session.ts';
