/// <reference lib="webworker" />

/** The service worker's global scope, typed (the app's own files see `window`). */
export const sw = self as unknown as ServiceWorkerGlobalScope;
