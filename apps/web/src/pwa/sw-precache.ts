import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

// The build replaces `self.__WB_MANIFEST`, written just so, with the app shell's files and revisions.
declare const self: { __WB_MANIFEST: Array<string | { url: string; revision: string | null }> };

// The app shell only: the built HTML, scripts, styles, fonts and icons, revisioned by the build.
// Nothing under /api is ever cached here: a user's data offline comes from their own persisted
// query cache (lib/offline-cache.ts), which sign-out clears.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Addresses that are the server's, not the app's: never answered with index.html. */
const serverPaths = [/^\/api(\/|$)/, /^\/uploads(\/|$)/, /^\/metrics(\/|$)/, /\/[^/?]+\.[a-z0-9]+$/i];

// Any other page address (a reload of /tasks/ATL-12 offline) gets the app's index.html.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: serverPaths }));
