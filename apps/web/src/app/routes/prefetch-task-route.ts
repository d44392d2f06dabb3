import { useEffect } from 'react';

/**
 * Screens that list tasks fetch the task page's code (and its markdown renderer) once the
 * browser is idle, so opening a task waits only for its data (issue 15: the page's first screen
 * within 300 ms of the click). The router's lazy import of the same module then resolves at once.
 */
export function usePrefetchTaskRoute() {
  useEffect(() => {
    const load = () => void import('./task.tsx').catch(() => {});
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(load, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(load, 200);
    return () => clearTimeout(timer);
  }, []);
}
