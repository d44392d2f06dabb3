import { clientsClaim } from 'workbox-core';
import { sw } from './sw-scope.ts';

// A new version takes over at once, and the first install controls the page that installed it
// (no reload needed to work offline). Pages already open keep the chunks they loaded; a lazy
// chunk that a newer build no longer has would be missing without a service worker too.
sw.addEventListener('install', () => {
  void sw.skipWaiting();
});
clientsClaim();
