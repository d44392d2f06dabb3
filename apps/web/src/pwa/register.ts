/**
 * Installs the service worker (src/sw.ts), in the production build only (the dev server serves no
 * sw.js), after the page's own load. Called once someone is signed in (app/offline-restore.ts):
 * signed-out visitors of the landing page and /auth do not download the app shell in the
 * background. A browser without service workers just goes without.
 */
export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Not installable here (a private window, a blocked origin): the app works online as before.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
