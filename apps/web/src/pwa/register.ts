/**
 * Installs the service worker (src/sw.ts) once the page has loaded, in the production build only:
 * the dev server serves no sw.js. A browser without service workers just goes without.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Not installable here (a private window, a blocked origin): the app works online as before.
    });
  });
}
