// Whose offline cache this device holds (issue 33), in localStorage so the app knows at start,
// before any network and before IndexedDB is opened, whether there is a cache to restore.
// Written by offline-cache.ts, which the start loads only when there is one.
export const OFFLINE_OWNER_KEY = 'shipyard.offline-owner';

export function offlineOwner(): string | null {
  try {
    return localStorage.getItem(OFFLINE_OWNER_KEY);
  } catch {
    return null;
  }
}
