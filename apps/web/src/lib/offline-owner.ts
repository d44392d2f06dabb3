// Whose offline cache this device holds (issue 33), in localStorage so the app knows at start,
// before any network and before IndexedDB is opened, whether there is a cache to restore.
const OWNER_KEY = 'shipyard.offline-owner';

export function offlineOwner(): string | null {
  try {
    return localStorage.getItem(OWNER_KEY);
  } catch {
    return null;
  }
}

export function setOfflineOwner(userId: string | null) {
  try {
    if (userId) localStorage.setItem(OWNER_KEY, userId);
    else localStorage.removeItem(OWNER_KEY);
  } catch {
    // Storage refused (private mode, quota): nothing is kept, and so nothing to clear either.
  }
}
