// The service worker (issue 33; docs/decisions/049-offline-app.md), built by vite-plugin-pwa's
// injectManifest from this file. Each concern is a small module that adds its own listeners;
// another one (web push) is added by importing it here.
import './pwa/sw-lifecycle.ts';
import './pwa/sw-precache.ts';
