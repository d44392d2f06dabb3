import { useEffect } from 'react';
import { whenIdle } from '../../lib/when-idle.ts';

/**
 * Screens that list tasks fetch the task page's code (and its markdown renderer) once the
 * browser is idle, so opening a task waits only for its data (issue 15: the page's first screen
 * within 300 ms of the click). The router's lazy import of the same module then resolves at once.
 */
export function usePrefetchTaskRoute() {
  useEffect(() => whenIdle(() => void import('./task.tsx').catch(() => {})), []);
}
