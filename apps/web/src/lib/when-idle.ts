/**
 * Runs `run` once the browser is idle (at the latest after 2 s; after 200 ms where there is no
 * requestIdleCallback); answers a cancel. For work ahead of need, such as fetching a page's code.
 */
export function whenIdle(run: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 200);
  return () => clearTimeout(timer);
}
