// The service worker (issue 33; docs/decisions/052-offline-app.md), built by vite-plugin-pwa's
// injectManifest from this file. Each concern is a small module that adds its own listeners;
// web push is one of them (pwa/sw-push.ts).
import './pwa/sw-lifecycle.ts';
import './pwa/sw-precache.ts';
import './pwa/sw-push.ts';
